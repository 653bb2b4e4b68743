// Reading past the context (StreamingLLM's cache, windows, recomputed windows) and the first-token share of
// attention: a cached window against the causal pass under the same band mask, for every position scheme and
// sharing of key/value heads; kept first tokens against the pass recomputed over the same positions; every key
// past the context against a model whose table reaches that far; a hand-made attention pattern's known share.
#include "attn/attention_sinks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "../../cpp/src/model/layers.h"
#include "attn/tokenizer.h"
#include "language_model_fixtures.h"

namespace attn::model {
namespace {

using testing::some_tokens;
using testing::wide_config;
float largest_difference(const float* a, const float* b, std::size_t n) {
  float worst = 0;
  for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

// 1 where query i reads key j: the text's first `sinks` tokens and the last `window` positions up to i.
std::vector<std::uint8_t> kept_mask(std::size_t length, std::size_t window, std::size_t sinks) {
  std::vector<std::uint8_t> allowed(length * length, 0);
  for (std::size_t i = 0; i < length; ++i)
    for (std::size_t j = 0; j <= i; ++j) allowed[i * length + j] = j < sinks || i - j < window;
  return allowed;
}

// Every step of a cached reading gives the logits and attention of the masked pass's row, to 1e-5: the attention
// row holds the kept keys in order (first tokens, then the window), the pass's row the same keys among zeros.
void check_against_masked_pass(RelativePositions relative, std::uint32_t kv_heads, std::size_t window,
                               std::size_t sinks, const KernelSet& kernels = fast_kernels()) {
  const LanguageModelConfig c = wide_config(relative, kv_heads);
  const std::vector<float> params = initial_language_model_parameters(c, 7);
  LanguageModel streamed(c, kernels), whole(c, kernels);
  const std::vector<int> tokens = some_tokens(c.context, static_cast<int>(c.vocabulary));
  StreamingReader reader(streamed, params.data(), {window, sinks, false});
  LanguageModelActivations act;
  for (std::size_t n = 1; n <= tokens.size(); ++n) {
    const StepOutput& step = reader.read(tokens[n - 1]);
    const std::vector<std::uint8_t> allowed = kept_mask(n, window, sinks);
    whole.forward(params.data(), std::vector<int>(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(n)),
                  1.0f, act, allowed.data());
    const std::size_t kept = std::min(n, window + sinks);
    ASSERT_EQ(step.length, kept);
    EXPECT_LT(largest_difference(step.logits.data(), act.logits.data() + (n - 1) * c.vocabulary, c.vocabulary), 1e-5f)
        << "logits at position " << n - 1;
    for (std::size_t l = 0; l < c.layers; ++l)
      for (std::size_t h = 0; h < c.heads; ++h) {
        const float* row = act.blocks[l].self_attention.weights.data() + (h * n + n - 1) * n;
        std::vector<float> expected;
        for (std::size_t j = 0; j < n; ++j)
          if (allowed[(n - 1) * n + j]) expected.push_back(row[j]);
        ASSERT_EQ(expected.size(), kept);
        EXPECT_LT(largest_difference(step.attention.data() + (l * c.heads + h) * kept, expected.data(), kept), 1e-5f)
            << "layer " << l << " head " << h << " at " << n - 1;
      }
  }
}

TEST(SlidingWindowCache, MatchesTheBandMaskedPassWithSinusoids) {
  check_against_masked_pass(RelativePositions::none, 0, 5, 0);
}
TEST(SlidingWindowCache, MatchesTheBandMaskedPassWithRope) {
  check_against_masked_pass(RelativePositions::rope, 0, 5, 0);
}
TEST(SlidingWindowCache, MatchesTheBandMaskedPassWithAlibi) {
  check_against_masked_pass(RelativePositions::alibi, 0, 5, 0);
}
TEST(SlidingWindowCache, MatchesWithGroupedQueryHeads) { check_against_masked_pass(RelativePositions::rope, 2, 4, 0); }
TEST(SlidingWindowCache, MatchesWithOneKeyValueHead) { check_against_masked_pass(RelativePositions::alibi, 1, 6, 0); }
TEST(SlidingWindowCache, MatchesOnTheReferenceKernels) {
  check_against_masked_pass(RelativePositions::rope, 1, 3, 0, reference_kernels());
}
// Sinusoids stay at the text's positions, so kept first tokens are exactly the pass masked to them and the window.
TEST(SlidingWindowCache, WithFirstTokensKeptMatchesTheMaskedPassWithSinusoids) {
  check_against_masked_pass(RelativePositions::none, 0, 4, 2);
  check_against_masked_pass(RelativePositions::none, 1, 5, 1);
}

// With RoPE and ALiBi a cached key sits at its place in the cache. In a one-layer model a position's key and value
// depend on its token alone, so the cache must then equal the pass recomputed over the kept tokens at places
// 0..n−1, far past the context, with 1, 2 or 4 first tokens kept.
void check_sinks_against_recomputing(RelativePositions relative, std::uint32_t kv_heads, std::size_t sinks) {
  const LanguageModelConfig c = wide_config(relative, kv_heads, 1);
  const std::vector<float> params = initial_language_model_parameters(c, 11);
  LanguageModel cached_model(c, fast_kernels()), recomputed_model(c, fast_kernels());
  const std::size_t window = 5;
  StreamingReader cached(cached_model, params.data(), {window, sinks, false});
  StreamingReader recomputed(recomputed_model, params.data(), {window, sinks, true});
  const std::vector<int> tokens = some_tokens(3 * c.context, static_cast<int>(c.vocabulary));
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    const StepOutput& a = cached.read(tokens[t]);
    const StepOutput& b = recomputed.read(tokens[t]);
    ASSERT_EQ(a.length, std::min(t + 1, window + sinks));
    ASSERT_EQ(a.length, b.length);
    EXPECT_LT(largest_difference(a.logits.data(), b.logits.data(), c.vocabulary), 1e-5f) << "logits at " << t;
    EXPECT_LT(largest_difference(a.attention.data(), b.attention.data(), a.attention.size()), 1e-5f)
        << "attention at " << t;
  }
}

TEST(AttentionSinks, CachedFirstTokensMatchRecomputingWithRope) {
  for (std::size_t sinks : {1, 2, 4}) check_sinks_against_recomputing(RelativePositions::rope, 0, sinks);
}
TEST(AttentionSinks, CachedFirstTokensMatchRecomputingWithAlibiAndSharedHeads) {
  for (std::size_t sinks : {1, 2, 4}) check_sinks_against_recomputing(RelativePositions::alibi, 2, sinks);
}

// Every key past the context: the sinusoids go on past the table, as a model whose context reaches that far has
// them in its own.
void check_every_key_past_the_context(RelativePositions relative) {
  const LanguageModelConfig c = wide_config(relative, 0);
  LanguageModelConfig longer = c;
  longer.context = 2 * c.context + 3;
  const std::vector<float> params = initial_language_model_parameters(c, 13);
  LanguageModel streamed(c, fast_kernels()), whole(longer, fast_kernels());
  const std::vector<int> tokens = some_tokens(longer.context, static_cast<int>(c.vocabulary));
  StreamingReader reader(streamed, params.data(), {});
  LanguageModelActivations act;
  whole.forward(params.data(), tokens, 1.0f, act);
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    const StepOutput& step = reader.read(tokens[t]);
    ASSERT_EQ(step.length, t + 1);
    EXPECT_LT(largest_difference(step.logits.data(), act.logits.data() + t * c.vocabulary, c.vocabulary), 1e-5f)
        << "logits at " << t;
  }
}

TEST(AttentionSinks, EveryKeyPastTheContextWithSinusoids) { check_every_key_past_the_context(RelativePositions::none); }
TEST(AttentionSinks, EveryKeyPastTheContextWithRope) { check_every_key_past_the_context(RelativePositions::rope); }

TEST(AttentionSinks, AWindowedCacheStaysTheSameSizeAsTheTextGrows) {
  const LanguageModelConfig c = wide_config(RelativePositions::rope, 2);
  const std::vector<float> params = initial_language_model_parameters(c, 17);
  LanguageModel model(c, fast_kernels());
  StreamingReader reader(model, params.data(), {6, 2, false});
  const std::vector<int> tokens = some_tokens(10 * c.context, static_cast<int>(c.vocabulary));
  std::size_t full = 0;
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    reader.read(tokens[t]);
    if (t + 1 == 8) full = reader.cache_bytes();
  }
  // 8 positions kept, allocated by blocks of 16 positions.
  EXPECT_EQ(full, 16 * c.cache_bytes_per_token());
  EXPECT_EQ(reader.cache_bytes(), full);
}

// A text no longer than context + 1 tokens is one window for score_text, and every key for score_streaming.
TEST(AttentionSinks, ScoresEveryKeyAsTheWholePassDoes) {
  const LanguageModelConfig c = wide_config(RelativePositions::alibi, 0);
  const std::vector<float> params = initial_language_model_parameters(c, 19);
  LanguageModel model(c, fast_kernels());
  const text::Tokenizer tokenizer = text::Tokenizer::characters("");
  const std::vector<int> tokens = some_tokens(c.context + 1, static_cast<int>(c.vocabulary));
  const TextScore whole = score_text(model, params.data(), tokenizer, tokens);
  const StreamingScore streamed = score_streaming(model, params.data(), tokenizer, tokens, {});
  EXPECT_NEAR(streamed.text.bits, whole.bits, 1e-4 * whole.bits);
  EXPECT_EQ(streamed.text.characters, whole.characters);
  EXPECT_EQ(streamed.text.tokens, whole.tokens);
  EXPECT_EQ(streamed.longest, tokens.size() - 1);
}

// Three heads over four positions: uniform causal attention (the first token gets 1/2, 1/3, 1/4 from queries 2-4:
// 13/36), each query on itself (0), every query on the first token (1).
TEST(FirstTokenAttention, AHandMadePatternHasItsKnownShare) {
  const std::size_t heads = 3, length = 4;
  std::vector<float> weights(heads * length * length, 0.0f);
  for (std::size_t i = 0; i < length; ++i) {
    for (std::size_t j = 0; j <= i; ++j) weights[(0 * length + i) * length + j] = 1.0f / static_cast<float>(i + 1);
    weights[(1 * length + i) * length + i] = 1.0f;
    weights[(2 * length + i) * length + 0] = 1.0f;
  }
  double shares[3];
  first_token_shares(weights.data(), heads, length, shares);
  EXPECT_NEAR(shares[0], 13.0 / 36.0, 1e-7);
  EXPECT_NEAR(shares[1], 0.0, 1e-12);
  EXPECT_NEAR(shares[2], 1.0, 1e-7);
}

// The model's measure averages each window's shares: two windows of the context, read by two causal passes.
TEST(FirstTokenAttention, AveragesTheWindowsOfTheText) {
  const LanguageModelConfig c = wide_config(RelativePositions::none, 0);
  const std::vector<float> params = initial_language_model_parameters(c, 23);
  LanguageModel model(c, reference_kernels());
  const std::vector<int> tokens = some_tokens(2 * c.context + 1, static_cast<int>(c.vocabulary));
  const std::vector<double> shares = first_token_attention(model, params.data(), tokens);
  ASSERT_EQ(shares.size(), std::size_t{c.layers} * c.heads);
  std::vector<double> expected(shares.size(), 0.0), window(c.heads);
  LanguageModelActivations act;
  for (std::size_t w = 0; w < 2; ++w) {
    const auto first = tokens.begin() + static_cast<std::ptrdiff_t>(w * c.context);
    model.forward(params.data(), std::vector<int>(first, first + c.context), 1.0f, act);
    for (std::size_t l = 0; l < c.layers; ++l) {
      first_token_shares(act.blocks[l].self_attention.weights.data(), c.heads, c.context, window.data());
      for (std::size_t h = 0; h < c.heads; ++h) expected[l * c.heads + h] += window[h] / 2;
    }
  }
  for (std::size_t i = 0; i < shares.size(); ++i) EXPECT_NEAR(shares[i], expected[i], 1e-9) << "head " << i;
  for (double share : shares) EXPECT_GT(share, 0.0);
}

}  // namespace
}  // namespace attn::model
