// A learnable sink logit per head (gpt-oss): the plain-loop softmax against a float64 reference (its weights sum to
// 1 − the sink's share; a row with no allowed key stays zero), the cached steps against the whole pass with sinks,
// the layout and the weight file. The gradients against finite differences are in language_model_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "../../cpp/src/model/layers.h"
#include "attn/attention_sinks.h"
#include "language_model_fixtures.h"

namespace attn::model {
namespace {

using testing::some_tokens;
using testing::wide_config;

// Two heads of width 2 sharing one key/value head, three queries over three keys, the middle query's keys all
// masked: each weight against exp(s_j) / (Σ_k exp(s_k) + exp(b_h)) in double, logits s = q·k · scale / temperature.
TEST(SinkLogits, ThePlainSoftmaxMatchesAFloat64Reference) {
  AttentionBlock block;
  block.heads = 2, block.kv_heads = 1, block.logit_scale = 0.7f;
  block.q.out = 4, block.k.out = 2;
  block.sink_logits = 1;
  const std::vector<float> params = {0.0f, 1.5f, -2.0f};  // b_0 = 1.5, b_1 = −2
  const float temperature = 1.3f;
  AttentionActivations act;
  act.sq = 3, act.sk = 3;
  act.q = {0.5f, -1.0f, 2.0f, 0.25f, 1.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, 0.0f, -3.0f};
  act.k = {1.0f, 0.0f, -0.5f, 2.0f, 0.3f, -0.7f};
  act.v = {1.0f, 2.0f, -1.0f, 0.5f, 3.0f, -2.0f};
  act.weights.assign(2 * 3 * 3, -1.0f);
  act.heads.assign(3 * 4, -1.0f);
  const std::vector<std::uint8_t> allowed = {1, 1, 0, 0, 0, 0, 1, 1, 1};
  layers::plain_softmax_forward(params.data(), block, Mask{MaskKind::explicit_, allowed.data()}, temperature, act);
  for (std::size_t h = 0; h < 2; ++h)
    for (std::size_t i = 0; i < 3; ++i) {
      double sum = std::exp(static_cast<double>(params[1 + h]) / temperature), mixed[2] = {0, 0};
      std::vector<double> e(3, 0.0);
      for (std::size_t j = 0; j < 3; ++j) {
        if (!allowed[i * 3 + j]) continue;
        const double s = (static_cast<double>(act.q[i * 4 + h * 2]) * act.k[j * 2] +
                          static_cast<double>(act.q[i * 4 + h * 2 + 1]) * act.k[j * 2 + 1]) *
                         0.7 / temperature;
        sum += e[j] = std::exp(s);
      }
      double kept = 0;
      for (std::size_t j = 0; j < 3; ++j) {
        const double w = e[j] / sum;
        kept += w;
        EXPECT_NEAR(act.weights[(h * 3 + i) * 3 + j], w, 1e-6) << "head " << h << " query " << i << " key " << j;
        mixed[0] += w * act.v[j * 2], mixed[1] += w * act.v[j * 2 + 1];
      }
      EXPECT_NEAR(act.heads[i * 4 + h * 2], mixed[0], 1e-5);
      EXPECT_NEAR(act.heads[i * 4 + h * 2 + 1], mixed[1], 1e-5);
      if (i == 1) EXPECT_EQ(kept, 0.0);  // no key allowed: the sink takes everything, and nothing is NaN
      if (i != 1) EXPECT_LT(kept, 1.0 - 1e-3);
    }
}

// With sink logits (set away from 0, one per head and layer) every cached step gives the whole pass's row, for
// every position scheme, with a window too.
void check_cached_steps(RelativePositions relative, std::uint32_t kv_heads, std::uint32_t window) {
  LanguageModelConfig c = wide_config(relative, kv_heads);
  c.sink_logits = true;
  c.window = window;
  const LanguageModelLayout layout(c);
  std::vector<float> params = initial_language_model_parameters(c, 29);
  for (std::size_t l = 0; l < c.layers; ++l)
    for (std::size_t h = 0; h < c.heads; ++h)
      params[layout.blocks[l].self_attention.sink_logits + h] = 0.5f * static_cast<float>(h) - 0.3f * l;
  LanguageModel cached(c, fast_kernels()), whole(c, fast_kernels());
  KeyValueCache cache(c);
  StepOutput step;
  LanguageModelActivations act;
  const std::vector<int> tokens = some_tokens(c.context, static_cast<int>(c.vocabulary));
  for (std::size_t n = 1; n <= tokens.size(); ++n) {
    ASSERT_TRUE(cached.step(params.data(), tokens[n - 1], cache, 1.0f, step));
    whole.forward(params.data(), std::vector<int>(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(n)),
                  1.0f, act);
    for (std::size_t v = 0; v < c.vocabulary; ++v)
      EXPECT_NEAR(step.logits[v], act.logits[(n - 1) * c.vocabulary + v], 1e-5) << "logit " << v << " at " << n - 1;
    StepOutput last;
    last_row_step(act, c.heads, c.vocabulary, last, window);
    ASSERT_EQ(last.attention.size(), step.attention.size());
    for (std::size_t j = 0; j < step.attention.size(); ++j)
      EXPECT_NEAR(step.attention[j], last.attention[j], 1e-5) << "weight " << j << " at " << n - 1;
  }
}

TEST(SinkLogits, CachedStepsMatchTheWholePassWithSinusoids) { check_cached_steps(RelativePositions::none, 0, 0); }
TEST(SinkLogits, CachedStepsMatchTheWholePassWithRopeAndSharedHeads) {
  check_cached_steps(RelativePositions::rope, 2, 0);
}
TEST(SinkLogits, CachedStepsMatchTheWholePassWithAlibiAndAWindow) {
  check_cached_steps(RelativePositions::alibi, 1, 5);
}

TEST(SinkLogits, AddOneLogitPerHeadAndLayerToTheLayout) {
  LanguageModelConfig with = wide_config(RelativePositions::rope, 2), without = with;
  with.sink_logits = true;
  EXPECT_EQ(LanguageModelLayout(with).count - LanguageModelLayout(without).count,
            std::size_t{with.layers} * with.heads);
  for (const auto& block : LanguageModelLayout(with).blocks) EXPECT_GT(block.self_attention.sink_logits, 0u);
  for (const auto& block : LanguageModelLayout(without).blocks) EXPECT_EQ(block.self_attention.sink_logits, 0u);
}

}  // namespace
}  // namespace attn::model
