// The decoder-only language model: its backward pass against finite differences (reference kernels, double
// accumulation), the xsimd kernels against the reference, causality, and the key/value cache's step against
// the whole causal pass, for every position scheme and every sharing of key/value heads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "../../cpp/src/model/layers.h"
#include "attn/language_model.h"
#include "finite_differences.h"
#include "language_model_fixtures.h"

namespace attn::model {
namespace {

using attn::testing::append_pattern;
using attn::testing::gradients_match;
using attn::testing::ReluPattern;
using testing::some_tokens;
using testing::wide_config;

LanguageModelConfig tiny_config() {
  LanguageModelConfig c;
  c.d_model = 8, c.heads = 2, c.ffn = 12, c.layers = 2, c.context = 8, c.vocabulary = 7;
  return c;
}

void check_gradients(const std::function<void(LanguageModelConfig&)>& vary) {
  LanguageModelConfig c = tiny_config();
  vary(c);
  std::vector<float> params = initial_language_model_parameters(c, 3);
  LanguageModel model(c, reference_kernels());
  const std::vector<int> tokens = {3, 1, 4, 1, 5, 2}, targets = {1, 4, 1, 5, 2, 6};
  LanguageModelActivations act;
  model.forward(params.data(), tokens, 1.0f, act);
  std::vector<float> grads(params.size(), 0.0f);
  model.backward(params.data(), targets, 1.0f, act, grads.data());
  LanguageModelActivations probe;
  auto loss = [&] {
    model.forward(params.data(), tokens, 1.0f, probe);
    return layers::cross_entropy(probe.logits.data(), tokens.size(), c.vocabulary, targets.data(), 1.0f, nullptr);
  };
  const ReluPattern pattern = [&] {
    std::vector<bool> all;
    for (const auto& block : probe.blocks) append_pattern(all, block.ffn.hidden);
    return all;
  };
  EXPECT_NEAR(loss(), model.loss(params.data(), tokens, targets), 1e-12);
  EXPECT_TRUE(gradients_match(loss, params, grads, "parameter", pattern));
}

TEST(LanguageModelGradients, Sinusoidal) {
  check_gradients([](LanguageModelConfig&) {});
}
TEST(LanguageModelGradients, NoPositions) {
  check_gradients([](LanguageModelConfig& c) { c.positions = false; });
}
TEST(LanguageModelGradients, RopeWithMultiQueryHeads) {
  check_gradients(
      [](LanguageModelConfig& c) { c.positions = false, c.relative = RelativePositions::rope, c.kv_heads = 1; });
}
TEST(LanguageModelGradients, AttentionOnly) {
  check_gradients([](LanguageModelConfig& c) { c.ffn = 0; });
}
// A sliding window of 3 over 6 tokens: the band mask's zero weights pass no gradient to the keys outside it.
TEST(LanguageModelGradients, SlidingWindowWithRope) {
  check_gradients(
      [](LanguageModelConfig& c) { c.positions = false, c.relative = RelativePositions::rope, c.window = 3; });
}
// Sink logits: each head's b_h gets −p_sink·(Σ_j p_j dhead·v_j)/T, beside the other gradients it changes.
TEST(LanguageModelGradients, SinkLogits) {
  check_gradients([](LanguageModelConfig& c) { c.sink_logits = true; });
}
TEST(LanguageModelGradients, SinkLogitsWithAlibiSharedHeadsAndAWindow) {
  check_gradients([](LanguageModelConfig& c) {
    c.positions = false, c.relative = RelativePositions::alibi, c.heads = 4, c.kv_heads = 2, c.window = 4;
    c.sink_logits = true;
  });
}
TEST(LanguageModelGradients, AlibiWithGroupedQueryHeads) {
  check_gradients([](LanguageModelConfig& c) {
    c.positions = false, c.relative = RelativePositions::alibi, c.heads = 4, c.kv_heads = 2;
  });
}

// GPT-2's choices (LanguageModelConfig): GELU's derivative, the learned position table's rows, the unembedding tied
// to the embedding (whose rows then gather both gradients) with and without a bias, the embedding unscaled.
TEST(LanguageModelGradients, Gelu) {
  check_gradients([](LanguageModelConfig& c) { c.activation = Activation::gelu_tanh; });
}
TEST(LanguageModelGradients, LearnedPositions) {
  check_gradients([](LanguageModelConfig& c) { c.learned_positions = true; });
}
TEST(LanguageModelGradients, TiedOutputWithABiasAndTheEmbeddingScaled) {
  check_gradients([](LanguageModelConfig& c) { c.tied_output = true; });
}
TEST(LanguageModelGradients, Gpt2sArchitecture) {
  check_gradients([](LanguageModelConfig& c) {
    c.learned_positions = true, c.activation = Activation::gelu_tanh, c.tied_output = true, c.output_bias = false;
    c.embedding_scaled = false, c.norm_epsilon = 1e-3f;
  });
}

float largest_difference(const std::vector<float>& a, const float* b, std::size_t n) {
  float worst = 0;
  for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

TEST(LanguageModel, FastKernelsAgreeWithTheReference) {
  const LanguageModelConfig c = wide_config(RelativePositions::none, 0);
  const std::vector<float> params = initial_language_model_parameters(c, 5);
  LanguageModel fast(c, fast_kernels()), reference(c, reference_kernels());
  LanguageModelActivations a, b;
  const std::vector<int> tokens = some_tokens(c.context, static_cast<int>(c.vocabulary));
  fast.forward(params.data(), tokens, 1.0f, a);
  reference.forward(params.data(), tokens, 1.0f, b);
  EXPECT_LT(largest_difference(a.logits, b.logits.data(), a.logits.size()), 1e-4f);
}

TEST(LanguageModel, IsCausalALaterTokenChangesNoEarlierLogit) {
  const LanguageModelConfig c = wide_config(RelativePositions::rope, 2);
  const std::vector<float> params = initial_language_model_parameters(c, 6);
  LanguageModel model(c, fast_kernels());
  std::vector<int> tokens = some_tokens(10, static_cast<int>(c.vocabulary));
  LanguageModelActivations a, b;
  model.forward(params.data(), tokens, 1.0f, a);
  tokens.back() = (tokens.back() + 1) % static_cast<int>(c.vocabulary);
  model.forward(params.data(), tokens, 1.0f, b);
  const std::size_t before_last = (tokens.size() - 1) * c.vocabulary;
  EXPECT_EQ(largest_difference(a.logits, b.logits.data(), before_last), 0.0f);
  EXPECT_GT(largest_difference(a.logits, b.logits.data(), a.logits.size()), 0.0f);
}

// Each cached step gives the logits and attention of the whole pass's last row, to 1e-5.
void check_cache(RelativePositions relative, std::uint32_t kv_heads, const KernelSet& kernels, std::uint32_t ffn = 48) {
  LanguageModelConfig c = wide_config(relative, kv_heads);
  c.ffn = ffn;
  const std::vector<float> params = initial_language_model_parameters(c, 7);
  LanguageModel cached(c, kernels), whole(c, kernels);
  KeyValueCache cache(c);
  StepOutput step;
  LanguageModelActivations act;
  const std::vector<int> tokens = some_tokens(c.context, static_cast<int>(c.vocabulary));
  for (std::size_t n = 1; n <= tokens.size(); ++n) {
    cached.step(params.data(), tokens[n - 1], cache, 1.0f, step);
    ASSERT_EQ(cache.length(), n);
    ASSERT_EQ(step.length, n);
    whole.forward(params.data(), std::vector<int>(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(n)),
                  1.0f, act);
    EXPECT_LT(largest_difference(step.logits, act.logits.data() + (n - 1) * c.vocabulary, c.vocabulary), 1e-5f)
        << "logits at position " << n - 1;
    for (std::size_t l = 0; l < c.layers; ++l) {
      for (std::size_t h = 0; h < c.heads; ++h) {
        const float* row = act.blocks[l].self_attention.weights.data() + (h * n + n - 1) * n;
        const std::vector<float> cached_row(
            step.attention.begin() + static_cast<std::ptrdiff_t>((l * c.heads + h) * n),
            step.attention.begin() + static_cast<std::ptrdiff_t>((l * c.heads + h + 1) * n));
        EXPECT_LT(largest_difference(cached_row, row, n), 1e-5f) << "layer " << l << " head " << h << " at " << n - 1;
      }
    }
  }
  EXPECT_EQ(cache.bytes_used(), c.context * c.cache_bytes_per_token());
  // Allocated by blocks of 16 positions: 19 positions hold 32 positions' worth.
  EXPECT_EQ(cache.bytes_allocated(), 32 * c.cache_bytes_per_token());
}

TEST(KeyValueCache, StepsMatchTheWholePassWithSinusoids) { check_cache(RelativePositions::none, 0, fast_kernels()); }
TEST(KeyValueCache, StepsMatchTheWholePassWithRope) { check_cache(RelativePositions::rope, 0, fast_kernels()); }
TEST(KeyValueCache, StepsMatchTheWholePassWithAlibi) { check_cache(RelativePositions::alibi, 0, fast_kernels()); }
TEST(KeyValueCache, StepsMatchWithGroupedQueryHeads) { check_cache(RelativePositions::rope, 2, fast_kernels()); }
TEST(KeyValueCache, StepsMatchWithOneKeyValueHead) { check_cache(RelativePositions::alibi, 1, fast_kernels()); }
TEST(KeyValueCache, StepsMatchOnTheReferenceKernels) { check_cache(RelativePositions::none, 1, reference_kernels()); }
TEST(KeyValueCache, StepsMatchWhenAttentionOnly) { check_cache(RelativePositions::rope, 0, fast_kernels(), 0); }

TEST(LanguageModel, AnAttentionOnlyBlockHasNoFeedForwardParameters) {
  LanguageModelConfig with = wide_config(RelativePositions::none, 0), without = with;
  without.ffn = 0;
  const std::size_t d = with.d_model, ffn = with.ffn;
  // Per block: the feed-forward's LayerNorm (γ, β), its two matrices and their biases.
  const std::size_t feed_forward = 2 * d + (d * ffn + ffn) + (ffn * d + d);
  EXPECT_EQ(LanguageModelLayout(with).count - LanguageModelLayout(without).count, with.layers * feed_forward);
}

TEST(KeyValueCache, HoldsOnlyKeyValueHeadsAndKeepsItsMemoryWhenCleared) {
  LanguageModelConfig c = wide_config(RelativePositions::none, 1);
  // 2 layers × (keys + values) × 1 head × 8 floats × 4 bytes: a quarter of what 4 key/value heads would keep
  EXPECT_EQ(c.cache_bytes_per_token(), 128u);
  const std::vector<float> params = initial_language_model_parameters(c, 8);
  LanguageModel model(c, fast_kernels());
  KeyValueCache cache(c);
  StepOutput step;
  for (int token : {1, 2, 3}) model.step(params.data(), token, cache, 1.0f, step);
  const std::size_t allocated = cache.bytes_allocated();
  cache.clear();
  EXPECT_EQ(cache.length(), 0u);
  EXPECT_EQ(cache.bytes_used(), 0u);
  EXPECT_EQ(cache.bytes_allocated(), allocated);
}

TEST(KeyValueCache, RefusesAPositionPastTheContext) {
  LanguageModelConfig c = tiny_config();
  c.context = 2;
  const std::vector<float> params = initial_language_model_parameters(c, 9);
  LanguageModel model(c, reference_kernels());
  KeyValueCache cache(c);
  StepOutput step;
  EXPECT_TRUE(model.step(params.data(), 1, cache, 1.0f, step));
  EXPECT_TRUE(model.step(params.data(), 2, cache, 1.0f, step));
  EXPECT_FALSE(model.step(params.data(), 3, cache, 1.0f, step));
  EXPECT_EQ(cache.length(), 2u);
}

}  // namespace
}  // namespace attn::model
