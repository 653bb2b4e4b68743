// inspect(): the logit lens's last layer is the model's own output distribution to the bit; the residual stream adds
// up (embeddings, each block's attention and MLP, written out in double here from the weights); the attention rows
// are forward()'s; a long text never gets full maps.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "attn/gpt2_weights.h"
#include "attn/language_model_inspect.h"
#include "language_model_fixtures.h"
#include "test_util.h"

namespace attn::model {
namespace {

using testing::some_tokens;
using testing::wide_config;

// A model's weights drawn at random (seeded) and large enough that its distributions and attention are peaked.
std::vector<float> random_parameters(const LanguageModelConfig& c, std::uint32_t seed) {
  std::vector<float> p = initial_language_model_parameters(c, seed);
  std::mt19937 rng(seed);
  std::normal_distribution<float> noise(0.0f, 0.3f);
  for (float& x : p) x += noise(rng);  // biases and LayerNorm's parameters away from 0 and 1 too
  return p;
}

// GPT-2's architecture (learned positions, GELU, the unembedding tied without a bias, the embedding unscaled) at a
// small size, as gpt2::language_model_config makes it from a config.json.
LanguageModelConfig gpt2_config(std::size_t layers, std::size_t positions) {
  gpt2::Config c;
  c.n_layer = layers, c.n_head = 4, c.n_embd = 32, c.n_positions = positions, c.vocab_size = 50, c.n_inner = 128;
  return gpt2::language_model_config(c);
}

std::vector<int> random_tokens(std::size_t count, std::size_t vocabulary, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> token(0, static_cast<int>(vocabulary) - 1);
  std::vector<int> out(count);
  for (int& t : out) t = token(rng);
  return out;
}

// softmax(logits) in the order the lens sums it (float differences from the largest, exp and sum in double).
std::vector<float> softmax(const float* logits, std::size_t v) {
  const float top = *std::max_element(logits, logits + v);
  double sum = 0;
  for (std::size_t i = 0; i < v; ++i) sum += std::exp(static_cast<double>(logits[i] - top));
  std::vector<float> p(v);
  for (std::size_t i = 0; i < v; ++i) p[i] = static_cast<float>(std::exp(static_cast<double>(logits[i] - top)) / sum);
  return p;
}

// x·W + b in double, W (in × out) at params + l.w.
std::vector<double> linear(const float* params, const Linear& l, const std::vector<double>& x) {
  std::vector<double> y(l.out);
  for (std::size_t o = 0; o < l.out; ++o) {
    double s = params[l.b + o];
    for (std::size_t i = 0; i < l.in; ++i) s += x[i] * params[l.w + i * l.out + o];
    y[o] = s;
  }
  return y;
}

std::vector<double> layer_norm(const float* params, const LayerNorm& n, const std::vector<float>& x) {
  double mean = 0, var = 0;
  for (float v : x) mean += v;
  mean /= static_cast<double>(x.size());
  for (float v : x) var += (v - mean) * (v - mean);
  const double rstd = 1.0 / std::sqrt(var / static_cast<double>(x.size()) + 1e-5);
  std::vector<double> y(x.size());
  for (std::size_t j = 0; j < x.size(); ++j) y[j] = (x[j] - mean) * rstd * params[n.gamma + j] + params[n.beta + j];
  return y;
}

void expect_sum(const std::vector<float>& sum, const std::vector<float>& a, const std::vector<double>& b,
                double tolerance, const char* what) {
  ASSERT_EQ(sum.size(), a.size());
  for (std::size_t j = 0; j < sum.size(); ++j) EXPECT_NEAR(sum[j], a[j] + b[j], tolerance) << what << " at " << j;
}

// To rounding, not to the bit: the lens reads the text up to the position (one row at position 0: the tied
// unembedding's dot products) where the whole pass reads every row (its blocked A·Bᵀ); the release build happens to
// agree to the bit, the sanitizers' build (other code generation) to about 1e-6.
TEST(Inspect, TheLensLastLayerIsTheModelsOwnDistribution) {
  for (const LanguageModelConfig& c : {wide_config(RelativePositions::none, 0, 3), gpt2_config(3, 19)}) {
    const std::vector<float> params = random_parameters(c, 11);
    const std::vector<int> tokens = random_tokens(c.context, c.vocabulary, 12);
    LanguageModel model(c, fast_kernels());
    LanguageModelActivations whole;
    model.forward(params.data(), tokens, 1.0f, whole);  // the whole text: the model's own output at every position
    for (std::size_t position : {std::size_t{0}, std::size_t{7}, tokens.size() - 1}) {
      InspectResult r;
      inspect(model, fast_kernels(), params.data(), tokens, position, {c.vocabulary, false}, r);
      ASSERT_EQ(r.logit_lens.size(), c.layers + 1);
      const std::vector<float> p = softmax(whole.logits.data() + position * c.vocabulary, c.vocabulary);
      const std::vector<TokenProbability>& last = r.logit_lens.back();
      ASSERT_EQ(last.size(), c.vocabulary);
      for (std::size_t k = 0; k < last.size(); ++k) {
        EXPECT_NEAR(last[k].probability, p[static_cast<std::size_t>(last[k].token)], 1e-5) << "position " << position;
        if (k > 0) {
          EXPECT_GE(last[k - 1].probability, last[k].probability);
        }
      }
      const int final_top = last.front().token;
      for (std::size_t l = 0; l < r.first_agreeing_layer; ++l) EXPECT_NE(r.logit_lens[l].front().token, final_top);
      EXPECT_EQ(r.logit_lens[r.first_agreeing_layer].front().token, final_top);
    }
  }
}

TEST(Inspect, TheResidualStreamAddsUp) {
  for (RelativePositions relative : {RelativePositions::none, RelativePositions::rope}) {
    const LanguageModelConfig c = wide_config(relative, 0, 2);
    const std::vector<float> params = random_parameters(c, 21);
    const std::vector<int> tokens = random_tokens(12, c.vocabulary, 22);
    LanguageModel model(c, fast_kernels());
    const LanguageModelLayout& layout = model.layout();
    for (std::size_t position : {std::size_t{0}, std::size_t{5}, std::size_t{11}}) {
      InspectResult r;
      inspect(model, fast_kernels(), params.data(), tokens, position, {}, r);
      // hook_embed + hook_pos_embed = blocks.0.hook_resid_pre (no sinusoid with RoPE)
      EXPECT_EQ(r.position_embedding.empty(), relative == RelativePositions::rope);
      const std::vector<double> positions =
          r.position_embedding.empty() ? std::vector<double>(c.d_model, 0.0)
                                       : std::vector<double>(r.position_embedding.begin(), r.position_embedding.end());
      expect_sum(r.blocks[0].resid_pre, r.token_embedding, positions, 1e-6, "resid_pre 0");
      for (std::size_t l = 0; l < c.layers; ++l) {
        const ResidualBlock& block = layout.blocks[l];
        const InspectedBlock& b = r.blocks[l];
        if (l + 1 < c.layers) {
          EXPECT_EQ(b.resid_post, r.blocks[l + 1].resid_pre);
        }
        // resid_post = resid_mid + mlp_out, mlp_out = mlp.post · W2 + b2
        const std::vector<double> hidden(b.mlp_post.begin(), b.mlp_post.end());
        expect_sum(b.resid_post, b.resid_mid, linear(params.data(), block.ffn.contract, hidden), 1e-4, "resid_post");
        // mlp.post = ReLU(LN2(resid_mid) · W1 + b1)
        const std::vector<double> pre =
            linear(params.data(), block.ffn.expand, layer_norm(params.data(), block.ffn_norm, b.resid_mid));
        for (std::size_t j = 0; j < pre.size(); ++j) EXPECT_NEAR(b.mlp_post[j], std::max(pre[j], 0.0), 1e-4);
        for (std::size_t h = 0; h < c.heads; ++h) {
          double row = 0;
          for (std::size_t k = 0; k <= position; ++k) row += b.pattern[h * (position + 1) + k];
          EXPECT_NEAR(row, 1.0, 1e-5);
        }
        ASSERT_EQ(b.mlp_top.size(), 10u);
        EXPECT_EQ(b.mlp_top[0].value, *std::max_element(b.mlp_post.begin(), b.mlp_post.end()));
        if (position != 0) continue;
        // At the first position every head reads only itself: resid_mid = resid_pre + (LN1(x)·Wv + bv)·Wo + bo
        const std::vector<double> values =
            linear(params.data(), block.self_attention.v, layer_norm(params.data(), block.attention_norm, b.resid_pre));
        expect_sum(b.resid_mid, b.resid_pre, linear(params.data(), block.self_attention.o, values), 1e-4, "resid_mid");
      }
    }
  }
}

TEST(Inspect, AttentionRowsAreTheWholePasssAndFullMapsComeOnlyWhenAskedForAndShort) {
  const LanguageModelConfig c = wide_config(RelativePositions::alibi, 2, 2);
  const std::vector<float> params = random_parameters(c, 31);
  const std::vector<int> tokens = random_tokens(c.context, c.vocabulary, 32);
  const std::size_t t = tokens.size(), position = 9;
  LanguageModel model(c, fast_kernels());
  LanguageModelActivations whole;
  model.forward(params.data(), tokens, 1.0f, whole);
  InspectResult rows, full;
  inspect(model, fast_kernels(), params.data(), tokens, position, {}, rows);
  inspect(model, fast_kernels(), params.data(), tokens, position, {3, true}, full);
  for (std::size_t l = 0; l < c.layers; ++l) {
    EXPECT_TRUE(rows.blocks[l].full_pattern.empty());
    EXPECT_EQ(full.blocks[l].full_pattern, whole.blocks[l].self_attention.weights);
    ASSERT_EQ(rows.blocks[l].pattern.size(), c.heads * (position + 1));
    for (std::size_t h = 0; h < c.heads; ++h)
      for (std::size_t k = 0; k <= position; ++k)
        EXPECT_NEAR(rows.blocks[l].pattern[h * (position + 1) + k],
                    whole.blocks[l].self_attention.weights[(h * t + position) * t + k], 1e-6);
  }
  EXPECT_EQ(full.logit_lens.back().size(), 3u);
}

// Past kFullPatternTokens the pass runs a block at a time: the same numbers as forward()'s, to the bit, holding one
// block's activations (and no logits but the lens's) where forward() holds every block's.
void check_long_text(const LanguageModelConfig& c) {
  const std::vector<float> params = random_parameters(c, 41);
  const std::vector<int> tokens = random_tokens(c.context, c.vocabulary, 42);
  const std::size_t t = tokens.size(), position = t - 3;
  LanguageModel model(c, fast_kernels());
  LanguageModelActivations whole;
  model.forward(params.data(), tokens, 1.0f, whole);
  InspectResult r;
  inspect(model, fast_kernels(), params.data(), tokens, position, {c.vocabulary, true}, r);
  std::size_t floats = r.token_embedding.size() + r.position_embedding.size();
  for (std::size_t l = 0; l < c.layers; ++l) {
    const InspectedBlock& b = r.blocks[l];
    const ResidualBlockActivations& a = whole.blocks[l];
    EXPECT_TRUE(b.full_pattern.empty());  // asked for, but past kFullPatternTokens
    ASSERT_EQ(b.mlp_post.size(), c.ffn);
    EXPECT_EQ(b.resid_pre,
              std::vector<float>(a.input.begin() + static_cast<std::ptrdiff_t>(position * c.d_model),
                                 a.input.begin() + static_cast<std::ptrdiff_t>((position + 1) * c.d_model)));
    EXPECT_EQ(b.resid_mid[5], a.after_self[position * c.d_model + 5]);
    EXPECT_EQ(b.mlp_post[7], a.ffn.hidden[position * c.ffn + 7]);
    for (std::size_t h = 0; h < c.heads; ++h)
      EXPECT_EQ(b.pattern[h * (position + 1) + position / 2],
                a.self_attention.weights[(h * t + position) * t + position / 2]);
    floats += b.resid_pre.size() * 3 + b.pattern.size() + b.mlp_post.size() + b.full_pattern.size();
  }
  const std::vector<float> p = softmax(whole.logits.data() + position * c.vocabulary, c.vocabulary);
  for (const TokenProbability& entry : r.logit_lens.back())
    EXPECT_NEAR(entry.probability, p[static_cast<std::size_t>(entry.token)], 1e-5);  // as the lens test says
  // The result: three residual vectors, a row per head and the MLP's units per layer, nothing of T × T.
  EXPECT_EQ(floats, 2 * c.d_model + c.layers * (3 * c.d_model + c.heads * (position + 1) + c.ffn));
  // The pass: one block's heads × T × T weights and its rows, where forward() keeps every block's and all logits.
  const std::size_t one_block_maps = c.heads * t * t * sizeof(float);
  EXPECT_GE(r.activation_bytes, one_block_maps);
  EXPECT_LT(r.activation_bytes, one_block_maps + 64 * t * c.d_model * sizeof(float));
  InspectResult short_text;
  inspect(model, fast_kernels(), params.data(), tokens, 200, {}, short_text);
  EXPECT_LT(short_text.activation_bytes, r.activation_bytes / 2);
  // A head mask the model holds (set_heads_on, what web/lib's headMask sets) reaches the block-by-block pass too:
  // the last layer's head 1 off, as forward() switches it off.
  std::vector<std::uint8_t> heads_on(std::size_t{c.layers} * c.heads, 1);
  heads_on[(c.layers - 1) * c.heads + 1] = 0;
  model.set_heads_on(heads_on);
  LanguageModelActivations masked;
  model.forward(params.data(), tokens, 1.0f, masked);
  InspectResult m;
  inspect(model, fast_kernels(), params.data(), tokens, position, {}, m);
  const std::size_t last = c.layers - 1;
  EXPECT_EQ(m.blocks[last].resid_mid[5], masked.blocks[last].after_self[position * c.d_model + 5]);
  EXPECT_NE(m.blocks[last].resid_mid[5], r.blocks[last].resid_mid[5]);
  EXPECT_EQ(m.blocks[0].resid_mid[5], r.blocks[0].resid_mid[5]);
  model.clear_heads_on();
}

TEST(Inspect, ALongTextIsReadABlockAtATimeWithForwardsNumbers) {
  LanguageModelConfig ours = wide_config(RelativePositions::none, 0, 3);
  ours.context = 1024;
  check_long_text(ours);
  check_long_text(gpt2_config(2, 1024));
}

// GPT-2's embeddings: the token's row as it is (no √D) and the position's learned row (wpe), adding up to resid_pre.
TEST(Inspect, GPT2sEmbeddingsAreTheTablesRows) {
  const LanguageModelConfig c = gpt2_config(2, 16);
  const std::vector<float> params = random_parameters(c, 51);
  const std::vector<int> tokens = random_tokens(16, c.vocabulary, 52);
  LanguageModel model(c, fast_kernels());
  const std::size_t d = c.d_model, position = 9;
  InspectResult r;
  inspect(model, fast_kernels(), params.data(), tokens, position, {}, r);
  const float* token_row = params.data() + model.layout().embedding + static_cast<std::size_t>(tokens[position]) * d;
  const float* position_row = params.data() + model.layout().positions + position * d;
  EXPECT_EQ(r.token_embedding, std::vector<float>(token_row, token_row + d));
  EXPECT_EQ(r.position_embedding, std::vector<float>(position_row, position_row + d));
  std::vector<double> positions(position_row, position_row + d);
  expect_sum(r.blocks[0].resid_pre, r.token_embedding, positions, 1e-6, "resid_pre 0");
  for (float x : r.blocks[0].mlp_post) EXPECT_GT(x, -0.2f);  // GELU's least value is about −0.17
}

}  // namespace
}  // namespace attn::model
