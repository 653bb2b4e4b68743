// A language model reading 8-bit weights (LanguageModel::use_weight_bits): a model of GPT-2's architecture (tied
// unembedding) and one of ours (untied output with a bias), seeded random weights. At 8 bits the next-token
// distributions stay near float32's and differ from them (the int8 copy is read); a cached step gives the whole
// pass's last row exactly, as at float32; 32 restores float32's numbers bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "attn/language_model.h"
#include "attn/language_model_training.h"
#include "attn/tokenizer.h"
#include "language_model_fixtures.h"

namespace attn::model {
namespace {

LanguageModelConfig shaped(bool gpt2) {
  LanguageModelConfig c;
  c.d_model = 32, c.heads = 4, c.ffn = 96, c.layers = 2, c.context = 16, c.vocabulary = 70;
  return testing::in_architecture(c, gpt2);
}

// KL(p ‖ q) of the softmaxes of two rows of logits.
double kl(const float* p_logits, const float* q_logits, std::size_t n) {
  auto log_softmax = [n](const float* z) {
    double max = z[0], sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) max = std::max<double>(max, z[i]);
    for (std::size_t i = 0; i < n; ++i) sum += std::exp(z[i] - max);
    std::vector<double> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = z[i] - max - std::log(sum);
    return out;
  };
  const auto p = log_softmax(p_logits), q = log_softmax(q_logits);
  double total = 0.0;
  for (std::size_t i = 0; i < n; ++i) total += std::exp(p[i]) * (p[i] - q[i]);
  return total;
}

class QuantizedModel : public ::testing::TestWithParam<bool> {};

TEST_P(QuantizedModel, StaysNearFloat32AndItsCacheGivesTheWholePass) {
  const LanguageModelConfig config = shaped(GetParam());
  const std::vector<float> params = initial_language_model_parameters(config, 7);
  const std::vector<int> tokens = {3, 14, 15, 9, 26, 5, 35, 8, 9, 7, 9, 32};
  const std::size_t v = config.vocabulary, t = tokens.size();
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    LanguageModel model(config, *kernels);
    LanguageModelActivations float32, eight;
    model.forward(params.data(), tokens, 1.0f, float32);
    ASSERT_TRUE(model.use_weight_bits(8, params.data()));
    // an int8 per weight of the blocks' linear maps and the output, a float per output
    const std::size_t d = config.d_model, blocks = config.layers * (4 * d * d + 2 * d * config.ffn);
    const std::size_t scales = config.layers * (4 * d + config.ffn + d) + v;
    EXPECT_EQ(model.quantized_bytes(), blocks + d * v + scales * sizeof(float));
    model.forward(params.data(), tokens, 1.0f, eight);
    double worst = 0.0, total = 0.0;
    for (std::size_t i = 0; i < t; ++i) {
      const double d = kl(&float32.logits[i * v], &eight.logits[i * v], v);
      worst = std::max(worst, d), total += d;
    }
    EXPECT_LT(worst, 0.01);
    EXPECT_GT(total, 0.0);

    KeyValueCache cache(config);
    StepOutput step;
    for (int token : tokens) ASSERT_TRUE(model.step(params.data(), token, cache, 1.0f, step));
    for (std::size_t j = 0; j < v; ++j) EXPECT_EQ(step.logits[j], eight.logits[(t - 1) * v + j]) << j;

    ASSERT_TRUE(model.use_weight_bits(32, params.data()));
    EXPECT_EQ(model.quantized_bytes(), 0U);
    LanguageModelActivations again;
    model.forward(params.data(), tokens, 1.0f, again);
    EXPECT_EQ(again.logits, float32.logits);
    EXPECT_FALSE(model.use_weight_bits(4, params.data()));
  }
}

// A model of GPT-2's architecture trained here (characters, short sentences): on held-out text, the 8-bit model's
// next-token distribution at every position within a KL of 0.01 of float32's.
TEST(QuantizedModel, TrainedGpt2ArchitectureStaysWithinAKlOfOneHundredthOnHeldOutText) {
  const std::string train_text = std::string(
      "the cat sees the dog. a dog likes my letter. she reads the book. we see a red bird. my friend keeps a song.\n");
  std::string corpus;
  for (int i = 0; i < 40; ++i) corpus += train_text;
  const std::string held_out = "she sees the red dog. a cat reads my letter. the bird likes the book.";
  const text::Tokenizer tokenizer = text::Tokenizer::characters(corpus);
  LanguageModelConfig c = shaped(true);
  c.context = 64, c.vocabulary = static_cast<std::uint32_t>(tokenizer.size());
  TrainingOptions schedule;
  schedule.steps = 150, schedule.batch = 16, schedule.learning_rate = 1e-2f, schedule.warmup = 10,
  schedule.data_seed = 4;
  LanguageModelTrainer trainer({c, tokenizer, initial_language_model_parameters(c, 5)}, tokenizer.encode(corpus),
                               schedule, fast_kernels());
  double first = 0.0, last = 0.0;
  for (std::size_t s = 0; s < schedule.steps; ++s) {
    const double loss = trainer.step().loss_per_token;
    if (s < 10) first += loss;
    if (s >= schedule.steps - 10) last += loss;
  }
  ASSERT_LT(last, first / 2);  // it learned
  const std::vector<float>& params = trainer.model().parameters;
  const std::vector<int> tokens = tokenizer.encode(held_out);
  LanguageModel model(c, fast_kernels());
  LanguageModelActivations float32, eight;
  model.forward(params.data(), tokens, 1.0f, float32);
  ASSERT_TRUE(model.use_weight_bits(8, params.data()));
  model.forward(params.data(), tokens, 1.0f, eight);
  double worst = 0.0, total = 0.0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const double d = kl(&float32.logits[i * c.vocabulary], &eight.logits[i * c.vocabulary], c.vocabulary);
    worst = std::max(worst, d), total += d;
  }
  EXPECT_LT(worst, 0.01);
  EXPECT_GT(total, 0.0);
  std::printf("KL(float32 ‖ 8-bit) on %zu held-out positions: mean %.2e, worst %.2e\n", tokens.size(),
              total / static_cast<double>(tokens.size()), worst);
}

INSTANTIATE_TEST_SUITE_P(TiedAndUntied, QuantizedModel, ::testing::Bool());

}  // namespace
}  // namespace attn::model
