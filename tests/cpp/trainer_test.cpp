// The step-by-step Trainer (what the wasm module runs): deterministic for a seed whatever runs its shards,
// a schedule that warms up then decays, step reports that say what happened, and ablated models that train
// and survive a save and a load exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "attn/training.h"
#include "model_test_util.h"

namespace attn::model {
namespace {

using attn::testing::tiny_model_config;

TrainingOptions short_run() {
  TrainingOptions o;
  o.steps = 6, o.batch = 8, o.warmup = 2, o.learning_rate = 3e-3f;
  return o;
}

// Runs the shards in reverse order: a stand-in for threads finishing in any order.
void run_backwards(std::size_t count, const std::function<void(std::size_t)>& task) {
  for (std::size_t i = count; i-- > 0;) task(i);
}

TEST(Trainer, SameSeedSameWeightsWhateverOrderTheShardsRun) {
  Trainer a(new_translation_model(tiny_model_config(), 3), short_run(), reference_kernels());
  Trainer b(new_translation_model(tiny_model_config(), 3), short_run(), reference_kernels(), run_backwards);
  for (int i = 0; i < 6; ++i) {
    const StepReport ra = a.step(), rb = b.step();
    EXPECT_EQ(ra.loss_per_token, rb.loss_per_token);
    EXPECT_EQ(ra.gradient_norm, rb.gradient_norm);
  }
  EXPECT_EQ(a.model().parameters, b.model().parameters);
  EXPECT_NE(a.model().parameters, new_translation_model(tiny_model_config(), 3).parameters);
}

TEST(Trainer, StepReportsFollowTheSchedule) {
  const TrainingOptions o = short_run();
  Trainer t(new_translation_model(tiny_model_config(), 4), o, reference_kernels());
  const StepReport first = t.step();
  EXPECT_EQ(first.step, 1u);
  EXPECT_FLOAT_EQ(first.learning_rate, o.learning_rate / 2);  // warm-up: 1 of 2 steps
  EXPECT_GT(first.loss_per_token, 3.0);                       // about ln(vocabulary) before any learning
  EXPECT_GT(first.gradient_norm, 0.0);
  EXPECT_FLOAT_EQ(t.step().learning_rate, o.learning_rate);  // the peak
  StepReport last;
  while (t.steps_done() < o.steps) last = t.step();
  EXPECT_EQ(last.step, 6u);
  EXPECT_NEAR(last.learning_rate, 0.05 * o.learning_rate, 1e-9);  // cosine decay ends at 5% of the peak
  EXPECT_EQ(t.steps_done(), 6u);
}

TEST(Trainer, MatchesTheNativeTrainingLoop) {
  TranslationModel looped = new_translation_model(tiny_model_config(), 5);
  TrainingOptions o = short_run();
  o.threads = 2;
  train(looped, o, reference_kernels());
  Trainer stepped(new_translation_model(tiny_model_config(), 5), o, reference_kernels());
  while (stepped.steps_done() < o.steps) stepped.step();
  EXPECT_EQ(stepped.model().parameters, looped.parameters);
}

// Quantization-aware steps take their gradient at the parameters as stored and apply it to the float ones: the
// step moves the float parameters as a plain step moves the stored ones (the same Adam update, so the same
// difference but for rounding), and differently from a plain step from the float parameters.
TEST(Trainer, StoredStepsTakeTheGradientAtTheStoredParameters) {
  const TranslationModel start = new_translation_model(tiny_model_config(), 8);
  TrainingOptions o = short_run();
  o.steps = 1;
  TrainingOptions aware = o;
  aware.stored_steps = 1;
  aware.stored_as = WeightEncoding::int4_blocks;
  TranslationModel rounded = start;
  stored_values(start.parameters, WeightEncoding::int4_blocks, rounded.parameters);
  Trainer quantization_aware(start, aware, reference_kernels()), plain_at_stored(rounded, o, reference_kernels()),
      plain(start, o, reference_kernels());
  const StepReport q = quantization_aware.step(), at_stored = plain_at_stored.step(), p = plain.step();
  EXPECT_EQ(q.loss_per_token, at_stored.loss_per_token);
  EXPECT_EQ(q.gradient_norm, at_stored.gradient_norm);
  EXPECT_NE(q.gradient_norm, p.gradient_norm);
  double furthest = 0, from_plain = 0;
  for (std::size_t i = 0; i < start.parameters.size(); ++i) {
    const double moved = quantization_aware.model().parameters[i] - start.parameters[i];
    furthest = std::max(furthest, std::fabs(moved - (plain_at_stored.model().parameters[i] - rounded.parameters[i])));
    from_plain = std::max(from_plain, std::fabs(moved - (plain.model().parameters[i] - start.parameters[i])));
  }
  EXPECT_LT(furthest, 1e-6);
  EXPECT_GT(from_plain, 1e-4);
}

// Each ablation trains (the loss falls) and its flags survive the weight file; a plain model is still
// written as format version 1, so the shipped file's bytes do not change.
TEST(Trainer, AblatedModelsTrainAndRoundTripExactly) {
  const std::function<void(Config&)> ablations[] = {
      [](Config& c) { c.positions = false; },
      [](Config& c) { c.scaled = false; },
      [](Config& c) { c.weighting = AttentionWeighting::sigmoid; },
  };
  for (const auto& ablate : ablations) {
    Config c = tiny_model_config();
    ablate(c);
    TrainingOptions o = short_run();
    o.steps = 150, o.batch = 16, o.warmup = 10, o.learning_rate = 1e-2f;
    Trainer t(new_translation_model(c, 6), o, reference_kernels());
    const double first = t.step().loss_per_token;
    StepReport last;
    while (t.steps_done() < o.steps) last = t.step();
    EXPECT_LT(last.loss_per_token, 0.7 * first);  // about 5.4 → 2.8-3.0 for each

    const std::vector<std::uint8_t> bytes = save_weights(t.model());
    EXPECT_EQ(bytes[4], 2) << "an ablated model needs format version 2";
    const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
    ASSERT_TRUE(loaded.model) << loaded.error;
    EXPECT_EQ(loaded.model->config.positions, c.positions);
    EXPECT_EQ(loaded.model->config.scaled, c.scaled);
    EXPECT_EQ(loaded.model->config.weighting, c.weighting);
    EXPECT_EQ(save_weights(*loaded.model), bytes);
  }
  EXPECT_EQ(save_weights(new_translation_model(tiny_model_config(), 1))[4], 1);
}

TEST(WeightFile, RefusesUnknownAblationFlags) {
  Config c = tiny_model_config();
  c.positions = false;
  std::vector<std::uint8_t> bytes = save_weights(new_translation_model(c, 1));
  bytes[32] = 0x40;                 // the flags word follows magic, version and six dimensions (4 + 4 + 24 bytes)
  std::uint32_t crc = 0xffffffffu;  // recompute the CRC-32 so only the flags are wrong
  for (std::size_t i = 0; i + 4 < bytes.size(); ++i) {
    crc ^= bytes[i];
    for (int k = 0; k < 8; ++k) crc = (crc & 1) ? 0xedb88320u ^ (crc >> 1) : crc >> 1;
  }
  crc ^= 0xffffffffu;
  for (int k = 0; k < 4; ++k) bytes[bytes.size() - 4 + k] = static_cast<std::uint8_t>(crc >> (8 * k));
  const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
  EXPECT_FALSE(loaded.model);
  EXPECT_NE(loaded.error.find("unknown ablation flags 64"), std::string::npos) << loaded.error;
}

}  // namespace
}  // namespace attn::model
