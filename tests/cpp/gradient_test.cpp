// Every layer's backward pass against central finite differences. The reference kernels (double
// accumulation) run the forward passes so the differences are not drowned in float rounding; each loss is
// L = Σ out ⊙ R for a fixed random R, accumulated in double.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "../../cpp/src/model/layers.h"
#include "attn/translator.h"
#include "finite_differences.h"
#include "test_util.h"

namespace attn::model {
namespace {

using attn::testing::append_pattern;
using attn::testing::gradients_match;
using attn::testing::random_values;
using attn::testing::ReluPattern;

std::vector<bool> positive(const std::vector<float>& hidden) {
  std::vector<bool> out;
  for (float h : hidden) out.push_back(h > 0);
  return out;
}

double weighted_sum(const float* out, const std::vector<float>& r) {
  double s = 0;
  for (std::size_t i = 0; i < r.size(); ++i) s += static_cast<double>(out[i]) * r[i];
  return s;
}

// A parameter array holding one block at offset 0, filled with random values.
struct Fixture {
  explicit Fixture(std::size_t count, std::uint32_t seed) : params(random_values(count, seed)), grads(count, 0.0f) {}
  std::vector<float> params, grads;
  layers::Scratch scratch;
  const KernelSet& kernels = reference_kernels();
};

Linear linear_at(std::size_t& offset, std::size_t in, std::size_t out) {
  Linear l{offset, offset + in * out, in, out};
  offset += in * out + out;
  return l;
}

TEST(Gradients, Linear) {
  std::size_t size = 0;
  const Linear l = linear_at(size, 5, 7);
  Fixture f(size, 1);
  std::vector<float> x = random_values(3 * 5, 2), r = random_values(3 * 7, 3), y(3 * 7), dx(3 * 5, 0.0f);
  auto loss = [&] {
    layers::linear_forward(f.kernels, f.params.data(), l, x.data(), 3, y.data(), f.scratch);
    return weighted_sum(y.data(), r);
  };
  layers::linear_backward(f.kernels, f.params.data(), f.grads.data(), l, x.data(), r.data(), 3, dx.data(), f.scratch);
  EXPECT_TRUE(gradients_match(loss, f.params, f.grads, "W,b"));
  EXPECT_TRUE(gradients_match(loss, x, dx, "x"));
}

TEST(Gradients, LayerNorm) {
  const std::size_t d = 9, rows = 4;
  const LayerNorm n{0, d, d};
  Fixture f(2 * d, 4);
  std::vector<float> x = random_values(rows * d, 5, -2, 2), r = random_values(rows * d, 6), dx(rows * d, 0.0f);
  LayerNormActivations act;
  auto loss = [&] {
    layers::layer_norm_forward(f.params.data(), n, x.data(), rows, act);
    return weighted_sum(act.out.data(), r);
  };
  loss();
  layers::layer_norm_backward(f.params.data(), f.grads.data(), n, act, r.data(), rows, dx.data());
  EXPECT_TRUE(gradients_match(loss, f.params, f.grads, "gamma,beta"));
  EXPECT_TRUE(gradients_match(loss, x, dx, "x"));
}

TEST(Gradients, FeedForward) {
  std::size_t size = 0;
  const FeedForward ff{linear_at(size, 6, 10), linear_at(size, 10, 6)};
  // Seeds chosen so that no ReLU input lies within 1e-2 of its kink (seeds 7/8 put one at 3.5e-4).
  Fixture f(size, 17);
  std::vector<float> x = random_values(3 * 6, 18), r = random_values(3 * 6, 19), out(3 * 6), dx(3 * 6, 0.0f);
  FeedForwardActivations act;
  auto loss = [&] {
    layers::feed_forward_forward(f.kernels, f.params.data(), ff, x.data(), 3, act, out.data(), f.scratch);
    return weighted_sum(out.data(), r);
  };
  loss();
  layers::feed_forward_backward(f.kernels, f.params.data(), f.grads.data(), ff, x.data(), act, r.data(), 3, dx.data(),
                                f.scratch);
  const ReluPattern pattern = [&] { return positive(act.hidden); };
  EXPECT_TRUE(gradients_match(loss, f.params, f.grads, "W1,b1,W2,b2", pattern));
  EXPECT_TRUE(gradients_match(loss, x, dx, "x", pattern));
}

// An attention block's four maps at `offset` (k and v of kv_heads heads' width), with its shape.
AttentionBlock attention_block_at(std::size_t& offset, std::size_t d, std::size_t heads, std::size_t kv_heads,
                                  float scale, AttentionWeighting weighting, RelativePositions relative) {
  const std::size_t kv_width = kv_heads * (d / heads);
  return {linear_at(offset, d, d),
          linear_at(offset, d, kv_width),
          linear_at(offset, d, kv_width),
          linear_at(offset, d, d),
          heads,
          scale,
          weighting,
          relative,
          kv_heads};
}

// Self-attention (xq = xkv, causal) and cross-attention (Sq != Sk), at a temperature other than 1; with the
// softmax or the sigmoid-gate ablation, scaled by 1/sqrt(head width) or (ablated) not at all; `kv_heads`
// key/value heads shared by the `heads` query heads.
void check_attention(bool self, std::uint32_t seed, AttentionWeighting weighting = AttentionWeighting::softmax,
                     bool scaled = true, RelativePositions relative = RelativePositions::none, std::size_t heads = 2,
                     std::size_t kv_heads = 2) {
  const std::size_t d = 8, sq = 4, sk = self ? 4 : 6;
  std::size_t size = 0;
  const AttentionBlock block =
      attention_block_at(size, d, heads, kv_heads, scaled ? default_scale(d / heads) : 1.0f, weighting, relative);
  Fixture f(size, seed);
  std::vector<float> xq = random_values(sq * d, seed + 1), xkv = self ? xq : random_values(sk * d, seed + 2);
  std::vector<float> r = random_values(sq * d, seed + 3), out(sq * d), dxq(sq * d, 0.0f), dxkv(sk * d, 0.0f);
  const Mask mask = self ? Mask{MaskKind::causal, nullptr} : Mask{};
  const float temperature = 0.7f;
  AttentionActivations act;
  auto loss = [&] {
    const float* kv = self ? xq.data() : xkv.data();
    layers::attention_forward(f.kernels, f.params.data(), block, xq.data(), sq, kv, sk, mask, temperature, act,
                              out.data(), f.scratch);
    return weighted_sum(out.data(), r);
  };
  loss();
  const float* kv = self ? xq.data() : xkv.data();
  layers::attention_backward(f.kernels, f.params.data(), f.grads.data(), block, xq.data(), kv, temperature, act,
                             r.data(), dxq.data(), self ? dxq.data() : dxkv.data(), f.scratch);
  EXPECT_TRUE(gradients_match(loss, f.params, f.grads, "Wq,bq,Wk,bk,Wv,bv,Wo,bo"));
  EXPECT_TRUE(gradients_match(loss, xq, dxq, self ? "x" : "xq"));
  if (!self) EXPECT_TRUE(gradients_match(loss, xkv, dxkv, "xkv"));
}

TEST(Gradients, CausalSelfAttention) { check_attention(true, 20); }
TEST(Gradients, CrossAttention) { check_attention(false, 30); }
TEST(Gradients, SigmoidGatesSelfAttention) { check_attention(true, 21, AttentionWeighting::sigmoid); }
TEST(Gradients, SigmoidGatesCrossAttention) { check_attention(false, 31, AttentionWeighting::sigmoid); }
TEST(Gradients, UnscaledCrossAttention) { check_attention(false, 32, AttentionWeighting::softmax, false); }
TEST(Gradients, RopeSelfAttention) {
  check_attention(true, 22, AttentionWeighting::softmax, true, RelativePositions::rope);
}
TEST(Gradients, AlibiSelfAttention) {
  check_attention(true, 23, AttentionWeighting::softmax, true, RelativePositions::alibi);
}

// Key/value heads shared by groups of query heads: grouped-query (4 query heads, 2 key/value heads) and
// multi-query (1), in self- and cross-attention, with RoPE and ALiBi, and with sigmoid gates.
TEST(Gradients, GroupedQuerySelfAttention) {
  check_attention(true, 24, AttentionWeighting::softmax, true, RelativePositions::none, 4, 2);
}
TEST(Gradients, MultiQueryCrossAttention) {
  check_attention(false, 33, AttentionWeighting::softmax, true, RelativePositions::none, 4, 1);
}
TEST(Gradients, GroupedQueryCrossAttention) {
  check_attention(false, 34, AttentionWeighting::softmax, true, RelativePositions::none, 4, 2);
}
TEST(Gradients, MultiQuerySelfAttentionWithRope) {
  check_attention(true, 25, AttentionWeighting::softmax, true, RelativePositions::rope, 2, 1);
}
TEST(Gradients, GroupedQuerySelfAttentionWithAlibi) {
  check_attention(true, 26, AttentionWeighting::softmax, true, RelativePositions::alibi, 4, 2);
}
TEST(Gradients, MultiQuerySigmoidGates) {
  check_attention(false, 35, AttentionWeighting::sigmoid, true, RelativePositions::none, 4, 1);
}

// The backward pass on the fast kernels (xsimd GEMMs over each head's strided columns) against the reference loops,
// at widths around the SIMD width: self- and cross-attention, shared key/value heads, RoPE, sigmoid gates.
void check_fast_attention_backward(bool self, std::uint32_t seed, std::size_t d, std::size_t heads,
                                   std::size_t kv_heads, RelativePositions relative,
                                   AttentionWeighting weighting = AttentionWeighting::softmax) {
  const std::size_t sq = 9, sk = self ? sq : 13;
  std::size_t size = 0;
  const AttentionBlock block =
      attention_block_at(size, d, heads, kv_heads, default_scale(d / heads), weighting, relative);
  Fixture f(size, seed);
  const std::vector<float> xq = random_values(sq * d, seed + 1), xkv = self ? xq : random_values(sk * d, seed + 2);
  const std::vector<float> r = random_values(sq * d, seed + 3);
  std::vector<float> out(sq * d);
  AttentionActivations act;
  layers::attention_forward(f.kernels, f.params.data(), block, xq.data(), sq, xkv.data(), sk,
                            self ? Mask{MaskKind::causal, nullptr} : Mask{}, 0.7f, act, out.data(), f.scratch);
  std::vector<std::vector<float>> grads, dxq, dxkv;
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    grads.emplace_back(size, 0.0f), dxq.emplace_back(sq * d, 0.0f), dxkv.emplace_back(sk * d, 0.0f);
    layers::attention_backward(*kernels, f.params.data(), grads.back().data(), block, xq.data(), xkv.data(), 0.7f, act,
                               r.data(), dxq.back().data(), dxkv.back().data(), f.scratch);
  }
  EXPECT_TRUE(attn::testing::near_all(grads[1], grads[0], 1e-5, 1e-4));
  EXPECT_TRUE(attn::testing::near_all(dxq[1], dxq[0], 1e-5, 1e-4));
  EXPECT_TRUE(attn::testing::near_all(dxkv[1], dxkv[0], 1e-5, 1e-4));
}

TEST(Gradients, FastAttentionBackwardMatchesReference) {
  check_fast_attention_backward(true, 60, 16, 2, 2, RelativePositions::none);
  check_fast_attention_backward(false, 61, 24, 3, 3, RelativePositions::none);
  check_fast_attention_backward(true, 62, 32, 4, 2, RelativePositions::rope);
  check_fast_attention_backward(false, 63, 20, 4, 1, RelativePositions::alibi);
  check_fast_attention_backward(true, 64, 36, 4, 4, RelativePositions::none, AttentionWeighting::sigmoid);
}

TEST(Gradients, SoftmaxCrossEntropy) {
  const std::size_t rows = 3, vocabulary = 7;
  std::vector<float> logits = random_values(rows * vocabulary, 40, -3, 3), dlogits(rows * vocabulary);
  const int targets[rows] = {2, 0, 6};
  layers::cross_entropy(logits.data(), rows, vocabulary, targets, 0.5f, dlogits.data());
  auto loss = [&] { return 0.5 * layers::cross_entropy(logits.data(), rows, vocabulary, targets, 1.0f, nullptr); };
  EXPECT_TRUE(gradients_match(loss, logits, dlogits, "logits"));
}

// The whole model, embeddings and positions included: every parameter of a tiny configuration, as shipped,
// with each ablation the Train view offers, and with the output tied to the target embeddings.
void check_whole_model(const std::function<void(Config&)>& ablate) {
  Config c;
  c.d_model = 8, c.heads = 2, c.ffn = 12, c.encoder_layers = 2, c.decoder_layers = 2, c.max_positions = 8;
  c.source_vocabulary = 6, c.target_vocabulary = 7;
  ablate(c);
  std::vector<float> params = initial_parameters(c, 3);
  Transformer transformer(c, reference_kernels());
  const std::vector<int> source = {3, 1, 4, 0}, target_in = {0, 5, 2, 6}, target_out = {5, 2, 6, 1};
  Activations act;
  transformer.forward(params.data(), source, target_in, 1.0f, act);
  std::vector<float> grads(params.size(), 0.0f);
  transformer.backward(params.data(), target_out, 1.0f, act, grads.data());
  Activations probe;
  auto loss = [&] {
    transformer.forward(params.data(), source, target_in, 1.0f, probe);
    return layers::cross_entropy(probe.logits.data(), target_in.size(), c.target_vocabulary, target_out.data(), 1.0f,
                                 nullptr);
  };
  const ReluPattern pattern = [&] {
    std::vector<bool> all;
    for (const auto& l : probe.encoder) append_pattern(all, l.ffn.hidden);
    for (const auto& l : probe.decoder) append_pattern(all, l.ffn.hidden);
    return all;
  };
  EXPECT_NEAR(loss(), transformer.loss(params.data(), source, target_in, target_out), 1e-12);
  EXPECT_TRUE(gradients_match(loss, params, grads, "parameter", pattern));
}

TEST(Gradients, WholeEncoderDecoder) {
  check_whole_model([](Config&) {});
}
TEST(Gradients, WholeModelWithoutPositions) {
  check_whole_model([](Config& c) { c.positions = false; });
}
TEST(Gradients, WholeModelUnscaledWithSigmoidGates) {
  check_whole_model([](Config& c) { c.scaled = false, c.weighting = AttentionWeighting::sigmoid; });
}
TEST(Gradients, WholeModelWithRope) {
  check_whole_model([](Config& c) { c.positions = false, c.relative = RelativePositions::rope; });
}
TEST(Gradients, WholeModelWithAlibi) {
  check_whole_model([](Config& c) { c.positions = false, c.relative = RelativePositions::alibi; });
}
TEST(Gradients, WholeModelWithGroupedQueryHeads) {
  check_whole_model([](Config& c) { c.heads = 4, c.kv_heads = 2; });
}
TEST(Gradients, WholeModelWithMultiQueryHeadsAndRope) {
  check_whole_model([](Config& c) { c.positions = false, c.relative = RelativePositions::rope, c.kv_heads = 1; });
}
TEST(Gradients, WholeModelWithOneHead) {
  check_whole_model([](Config& c) { c.heads = 1; });
}
// The output projection tied to the target embeddings: the table's gradient sums the lookup's and the output's.
TEST(Gradients, WholeModelWithTiedOutput) {
  check_whole_model([](Config& c) { c.tied_output = true; });
}
TEST(Gradients, WholeModelWithTiedOutputAndGroupedQueryHeads) {
  check_whole_model([](Config& c) { c.tied_output = true, c.heads = 4, c.kv_heads = 2; });
}

}  // namespace
}  // namespace attn::model
