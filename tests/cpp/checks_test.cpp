// The JS-facing argument checks: each bad input is refused with a message naming the argument and the
// expected vs actual value; good input passes.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "attn/checks.h"

namespace attn::check {
namespace {

void expect_range_error(const Error& e, const std::string& fragment) {
  EXPECT_EQ(e.kind, ErrorKind::range_error) << e.message;
  EXPECT_NE(e.message.find(fragment), std::string::npos) << "message: " << e.message << "\nwanted: " << fragment;
}

TEST(Checks, MatrixShape) {
  EXPECT_FALSE(matrix({"q", 3, 4, 12}));
  expect_range_error(matrix({"q", 3, 4, 11}), "q.data has 11 values, expected rows*cols = 3*4 = 12");
  expect_range_error(matrix({"k", 0, 4, 0}), "k.rows must be a whole number >= 1, got 0");
  expect_range_error(matrix({"k", 2, 1.5, 3}), "k.cols must be a whole number >= 1, got 1.5");
  expect_range_error(matrix({"v", -1, 2, 2}), "v.rows must be a whole number >= 1, got -1");
  expect_range_error(matrix({"v", std::nan(""), 2, 2}), "v.rows must be a whole number >= 1, got nan");
  // Sizes too large for 32-bit arithmetic are compared exactly in double, not wrapped.
  expect_range_error(matrix({"q", 65536, 65537, 0}), "expected rows*cols = 65536*65537 = 4295032832");
}

TEST(Checks, AgreeingSizes) {
  EXPECT_FALSE(same("k.cols", 3, "q.cols", 3));
  expect_range_error(same("k.cols (the key width dk)", 4, "q.cols", 3),
                     "k.cols (the key width dk) must equal q.cols: expected 3, got 4");
  expect_range_error(vector_length("bq", 3, 4, "D"), "bq has 3 values, expected 4 (D)");
}

TEST(Checks, Masks) {
  EXPECT_FALSE(mask("none", 0, 3, 4));
  EXPECT_FALSE(mask("causal", 0, 3, 4));
  EXPECT_FALSE(mask("explicit", 12, 3, 4));
  expect_range_error(mask("explicit", 9, 3, 4), "mask has 9 entries, expected Sq*Sk = 3*4 = 12");
  const Error unknown = mask("diagonal", 0, 3, 4);
  EXPECT_EQ(unknown.kind, ErrorKind::type_error);
  EXPECT_NE(unknown.message.find("'diagonal'"), std::string::npos);
}

TEST(Checks, LogitParams) {
  EXPECT_FALSE(logit_params(0.5, 1));
  EXPECT_FALSE(logit_params(-2, 0.05));
  expect_range_error(logit_params(std::numeric_limits<double>::infinity(), 1), "scale must be a finite number");
  expect_range_error(logit_params(1, 0), "temperature must be a finite number > 0, from 1e-6 to 1e6, got 0");
  expect_range_error(logit_params(1, -3), "got -3");
}

TEST(Checks, HeadCounts) {
  EXPECT_FALSE(head_counts(4, 2, 12));
  EXPECT_FALSE(head_counts(4, 1, 12));
  expect_range_error(head_counts(5, 5, 12), "heads must divide the model width D = 12, got heads = 5");
  expect_range_error(head_counts(4, 3, 12), "kvHeads must divide heads = 4, got kvHeads = 3");
  expect_range_error(head_counts(0, 1, 12), "heads must be a whole number >= 1, got 0");
  expect_range_error(head_counts(4, 0.5, 12), "kvHeads must be a whole number >= 1, got 0.5");
}

TEST(Checks, FiniteValuesNameTheirPlace) {
  const float good[] = {1, 2, 3, 4, 5, 6};
  EXPECT_FALSE(finite("q.data", good, 6, 3));
  const float bad[] = {1, 2, 3, 4, std::numeric_limits<float>::quiet_NaN(), 6};
  expect_range_error(finite("q.data", bad, 6, 3), "q.data must hold finite numbers, got nan at row 1, column 1");
  const float inf[] = {-std::numeric_limits<float>::infinity()};
  expect_range_error(finite("v.data", inf, 1, 1), "got -inf at row 0, column 0");
}

TEST(Checks, MemoryBudget) {
  EXPECT_FALSE(memory_budget("attention", kMaxFloatsPerCall));
  expect_range_error(memory_budget("attention", 1e12), "attention request too large: it needs 3814698 MiB");
}

TEST(Checks, PositionShapesAreWholeAndBounded) {
  EXPECT_FALSE(position_shape(1, 1));
  EXPECT_FALSE(position_shape(65536, 4096));
  expect_range_error(position_shape(0, 8), "rows must be a whole number from 1 to 65536, got 0");
  expect_range_error(position_shape(2.5, 8), "rows must be a whole number from 1 to 65536, got 2.5");
  expect_range_error(position_shape(8, 4097), "cols must be a whole number from 1 to 4096, got 4097");
  expect_range_error(position_shape(8, NAN), "cols must be a whole number from 1 to 4096, got nan");
}

TEST(Checks, DecodingOptionsNameTheOption) {
  EXPECT_FALSE(decoding("greedy", 1, 0));
  EXPECT_FALSE(decoding("sample", 0.01, 9007199254740991.0));
  expect_range_error(decoding("beam", 1, 0), "options.decoding must be 'greedy' or 'sample', got 'beam'");
  expect_range_error(decoding("sample", 0, 0), "options.outputTemperature must be a number from 0.01 to 100, got 0");
  expect_range_error(decoding("sample", NAN, 0),
                     "options.outputTemperature must be a number from 0.01 to 100, got nan");
  expect_range_error(decoding("sample", 1, -1), "options.seed must be a whole number from 0 to 2^53 - 1, got -1");
  expect_range_error(decoding("sample", 1, 1.5), "options.seed must be a whole number from 0 to 2^53 - 1, got 1.5");
  expect_range_error(decoding("sample", 1, 9007199254740992.0),
                     "options.seed must be a whole number from 0 to 2^53 - 1, got 9.00719925474099e+15");
}

TEST(Checks, TrainingOptionsNameTheOption) {
  const TrainingArgs good{7, 1, 600, 48, 3e-3, 60, 32, 4, 64, 2, 2, 4};
  EXPECT_FALSE(training_options(good));
  const double nan = std::nan("");
  auto with = [&](auto change) {
    TrainingArgs a = good;
    change(a);
    return training_options(a);
  };
  expect_range_error(with([](TrainingArgs& a) { a.seed = -1; }), "seed must be a whole number from 0 to");
  expect_range_error(with([](TrainingArgs& a) { a.data_seed = 0.5; }), "dataSeed must be a whole number");
  expect_range_error(with([](TrainingArgs& a) { a.steps = 0; }),
                     "steps must be a whole number from 1 to 1000000, got 0");
  expect_range_error(with([](TrainingArgs& a) { a.batch_size = 2e9; }),
                     "batchSize must be a whole number from 1 to 1024");
  expect_range_error(with([&](TrainingArgs& a) { a.learning_rate = nan; }),
                     "learningRate must be a finite number in (0, 1], got nan");
  expect_range_error(with([](TrainingArgs& a) { a.learning_rate = -0.1; }),
                     "learningRate must be a finite number in (0, 1]");
  expect_range_error(with([](TrainingArgs& a) { a.warmup_steps = 700; }),
                     "warmupSteps must be at most steps = 600, got 700");
  expect_range_error(with([](TrainingArgs& a) { a.d_model = 0; }),
                     "model.dModel must be a whole number from 2 to 512, got 0");
  expect_range_error(with([](TrainingArgs& a) { a.d_model = 33, a.heads = 1; }), "model.dModel must be even");
  expect_range_error(with([](TrainingArgs& a) { a.heads = 3; }), "model.heads must divide model.dModel = 32, got 3");
  expect_range_error(with([](TrainingArgs& a) { a.ffn = -4; }), "model.ffn must be a whole number");
  expect_range_error(with([](TrainingArgs& a) { a.encoder_layers = 0; }),
                     "model.encoderLayers must be a whole number from 1 to 6");
  expect_range_error(with([](TrainingArgs& a) { a.decoder_layers = 7; }),
                     "model.decoderLayers must be a whole number from 1 to 6");
  EXPECT_FALSE(with([](TrainingArgs& a) { a.kv_heads = 1; }));
  EXPECT_FALSE(with([](TrainingArgs& a) { a.kv_heads = 2; }));
  expect_range_error(with([](TrainingArgs& a) { a.kv_heads = 3; }), "model.kvHeads must divide model.heads = 4, got 3");
  expect_range_error(with([](TrainingArgs& a) { a.kv_heads = 8; }),
                     "model.kvHeads must be a whole number from 1 to 4, got 8");
  expect_range_error(with([](TrainingArgs& a) { a.kv_heads = 0; }),
                     "model.kvHeads must be a whole number from 1 to 4, got 0");
  EXPECT_FALSE(training_task("en-es", 0, 0, 12));  // lengths are the sequence tasks' only
  EXPECT_FALSE(training_task("en-mr", 0, 0, 2));
  EXPECT_FALSE(training_task("copy", 3, 8, 0));  // the longest sentence, the language pairs' only
  expect_range_error(training_task("en-es", 3, 8, 13),
                     "longestSentence must be a whole number of words from 2 to 12, got 13");
  EXPECT_FALSE(training_task("en-ja", 0, 0, 12));
  EXPECT_FALSE(training_task("sort", 3, 8, 12));
  expect_range_error(training_task("french", 3, 8, 12),
                     "task must be 'en-es', 'en-ja', 'en-mr', 'reverse', 'sort', 'copy' or { pairs }, got 'french'");
  expect_range_error(training_task("copy", 0, 8, 12), "sequenceLength.min must be a whole number from 1 to 16, got 0");
  expect_range_error(training_task("copy", 3, 17, 12),
                     "sequenceLength.max must be a whole number from 1 to 16, got 17");
  expect_range_error(training_task("reverse", 9, 8, 12),
                     "sequenceLength.min must be at most sequenceLength.max = 8, got 9");
  EXPECT_FALSE(held_out_share(0.1));
  expect_range_error(held_out_share(0.9), "task.heldOut must be a share from 0.01 to 0.5, got 0.9");
  expect_range_error(held_out_share(std::nan("")), "task.heldOut must be a share from 0.01 to 0.5, got nan");
  EXPECT_FALSE(training_parameters(2e6));
  expect_range_error(training_parameters(2e6 + 1),
                     "the model would have 2000001 parameters; the trainer's limit is 2000000");
}

}  // namespace
}  // namespace attn::check
