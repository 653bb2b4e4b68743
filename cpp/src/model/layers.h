// The model's layers, each a forward function and its backward twin. Both call the KernelSet for their matrix
// products (GEMMs and attention forward, the gradient products backward); the rest are plain loops.
// Backward functions ADD into gradients and into input gradients, so residual branches simply accumulate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/kernel_set.h"
#include "attn/model.h"
#include "attn/parallel_for.h"

namespace attn::model {
class PackedWeights;
class QuantizedWeights;
}  // namespace attn::model

namespace attn::model::layers {

// Lays out a model's parameters one after another in a flat array: each call takes the next offsets.
struct ParameterAllocator {
  std::size_t count = 0;
  std::size_t take(std::size_t floats) {
    const std::size_t at = count;
    count += floats;
    return at;
  }
  Linear linear(std::size_t in, std::size_t out) {
    Linear l;
    l.w = take(in * out);
    l.b = take(out);
    l.in = in;
    l.out = out;
    return l;
  }
  // One attention block's four maps, q, k, v, o (k and v of `kv_width` columns), with its shape.
  AttentionBlock attention(std::size_t d, std::size_t kv_width, std::size_t heads, std::size_t kv_heads,
                           float logit_scale, AttentionWeighting weighting, RelativePositions relative) {
    AttentionBlock a;
    a.q = linear(d, d);
    a.k = linear(d, kv_width);
    a.v = linear(d, kv_width);
    a.o = linear(d, d);
    a.heads = heads;
    a.logit_scale = logit_scale;
    a.weighting = weighting;
    a.relative = relative;
    a.kv_heads = kv_heads;
    return a;
  }
  LayerNorm norm(std::size_t width) {
    LayerNorm n;
    n.gamma = take(width);
    n.beta = take(width);
    n.width = width;
    return n;
  }
  // A residual block's parameters in layout order: its self-attention (`attention(true)` takes it), a decoder's
  // cross-attention (`attention(false)`, when `cross`), and a feed-forward layer of `ffn` hidden units (when
  // `feed_forward`), each after its LayerNorm.
  template <class TakeAttention>
  ResidualBlock block(std::size_t d, bool cross, bool feed_forward, std::size_t ffn, TakeAttention attention) {
    ResidualBlock b;
    b.attention_norm = norm(d);
    b.self_attention = attention(true);
    if (cross) {
      b.cross_norm = norm(d);
      b.cross_attention = attention(false);
    }
    if (feed_forward) {
      b.ffn_norm = norm(d);
      b.ffn = FeedForward{linear(d, ffn), linear(ffn, d)};
    }
    return b;
  }
  // `count` such blocks, one after another.
  template <class TakeAttention>
  std::vector<ResidualBlock> blocks(std::size_t count, std::size_t d, bool cross, bool feed_forward, std::size_t ffn,
                                    TakeAttention attention) {
    std::vector<ResidualBlock> stack;
    stack.reserve(count);
    for (std::size_t l = 0; l < count; ++l) stack.push_back(block(d, cross, feed_forward, ffn, attention));
    return stack;
  }
};

// Seeded initial values: N(0, 1/fan_in) weights, zero biases, unit LayerNorm gains, N(0, std) tables.
class ParameterInitialiser {
 public:
  ParameterInitialiser(std::vector<float>& params, std::uint64_t seed) : params_(params), state_(seed) {}
  void normal(std::size_t at, std::size_t count, double std_dev);
  void linear(const Linear& l);
  void norm(const LayerNorm& n);
  void attention(const AttentionBlock& a);
  // An embedding table at `at`, vocabulary × d, N(0, 1/d).
  void embedding(std::size_t at, std::size_t vocabulary, std::size_t d);
  // A residual block's norms, attentions and feed-forward layer, in layout order.
  void block(const ResidualBlock& b);
  // A stack's blocks, then the LayerNorm on top of them.
  void blocks(const std::vector<ResidualBlock>& stack, const LayerNorm& top);

 private:
  std::vector<float>& params_;
  std::uint64_t state_;  // attn::Rng's
};

// Reusable buffers, grown on demand and never shrunk, so a steady-state training step does not allocate.
struct Scratch {
  std::vector<float> kernel, a, b, c, d, e;
  std::vector<float> transposed;  // a gradient transposed for add_at_b: a head's ∂L/∂logits, a tied output's ∂L/∂y
  // 8-bit copies of weight matrices that the forward linears read instead of the float32 ones, when given
  // (LanguageModel::use_weight_bits); backward passes never read them.
  const QuantizedWeights* quantized = nullptr;
  // Weight matrices packed once for a training step's windows (packed_weights.h), when given: the linears' products
  // read their panels instead of packing the weights again (the same bits).
  const PackedWeights* packed = nullptr;
  // Where a one-row product (a generated token's) shares out its outputs, when given (LanguageModel::use_threads):
  // `split_parts` ranges of them, each output computed as on one thread, so any count gives the same bits; only a
  // product of at least `split_from` multiply-adds (inputs × outputs).
  ParallelFor split;  // empty: none
  std::size_t split_parts = 1;
  std::size_t split_from = 0;
  static float* sized(std::vector<float>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
    return v.data();
  }
};

// The dense layers (layers_dense.cpp). y (rows × out) = x (rows × in) · W + b (+ b only when l.has_bias)
void linear_forward(const KernelSet& kernels, const float* params, const Linear& l, const float* x, std::size_t rows,
                    float* y, Scratch& scratch);
// dW += xᵀ·dy, db += Σ_rows dy, and dx += dy·Wᵀ when dx is not null.
void linear_backward(const KernelSet& kernels, const float* params, float* grads, const Linear& l, const float* x,
                     const float* dy, std::size_t rows, float* dx, Scratch& scratch);

// A tied output (Press & Wolf 2017): y (rows × V) = x (rows × D) · Eᵀ (+ b when l.has_bias), E = the table at l.w,
// V × D (l.in = D, l.out = V). E is read as it lies, row by row: a dot product per vocabulary entry for a few rows (a
// cached step), a block of its rows at a time through the kernel set's A·Bᵀ product (the one dX += dY·Wᵀ runs on)
// for more. No transposed copy of the table is made or kept (GPT-2's is 50,257 × 768).
void tied_output_forward(const KernelSet& kernels, const float* params, const Linear& l, const float* x,
                         std::size_t rows, float* y, Scratch& scratch);
// dE += dyᵀ·x (into the table's gradient, beside what the embedding lookup adds), db += Σ_rows dy (with a bias),
// dx += dy·E.
void tied_output_backward(const KernelSet& kernels, const float* params, float* grads, const Linear& l, const float* x,
                          const float* dy, std::size_t rows, float* dx, Scratch& scratch);

void layer_norm_forward(const float* params, const LayerNorm& n, const float* x, std::size_t rows,
                        LayerNormActivations& act);
// dx += ∂L/∂x given dy = ∂L/∂out.
void layer_norm_backward(const float* params, float* grads, const LayerNorm& n, const LayerNormActivations& act,
                         const float* dy, std::size_t rows, float* dx);

// RoPE: each row i's dimension pairs (2p, 2p + 1) of every head turned by the angle
// sign · (first_position + i) · 10000^(−2p/dh); sign −1 turns them back (a rotation's transpose is its inverse: how
// gradients go back through it, and how a cached key moves one position back when the cache evicts a key before it).
// x is rows × (heads · dh).
void rope_rotate(float* x, std::size_t rows, std::size_t dh, std::size_t heads, double sign,
                 std::size_t first_position = 0);

// ALiBi's slope m_h for head `head` of `heads`: 2^(−8(head + 1)/heads).
double alibi_slope(std::size_t head, std::size_t heads);

// y += alpha · x (a dot product is attn::dot_8, attn/gradient_products.h).
void axpy(float alpha, const float* x, float* y, std::size_t n);

// Softmax attention in plain loops, for what the kernels' softmax does not take: ALiBi's distance bias and a sink
// logit per head (block.sink_logits). Over act's q, k and v (sq queries, sk keys): for each head, softmax over the
// allowed keys of (q·k · scale − m_h·|i + first_query − j|) / temperature (the bias with ALiBi only), the sink's
// b_h / temperature joining the denominator (an entry whose value is zero: the row's weights sum to 1 − p_sink).
// Writes act.weights and act.heads.
void plain_softmax_forward(const float* params, const AttentionBlock& block, const Mask& mask, float temperature,
                           AttentionActivations& act, std::size_t first_query = 0);

// out (sq × D) = MultiHead(xq, xkv); weights per head in act.weights. `heads_on` (one entry per head, 0 = off;
// null = all on) zeroes the output of the heads that are off before the output projection.
void attention_forward(const KernelSet& kernels, const float* params, const AttentionBlock& block, const float* xq,
                       std::size_t sq, const float* xkv, std::size_t sk, const Mask& mask, float temperature,
                       AttentionActivations& act, float* out, Scratch& scratch, const std::uint8_t* heads_on = nullptr);
// Self-attention for one new row x (1 × D) at position keys.size() / (key/value width): its key and value are
// appended to `keys` and `values` (turned by RoPE at that position when the block uses it), then its query
// attends to every row they hold, as row `position` of a causal attention_forward() over the whole prefix would.
// act.weights gets heads × (position + 1) weights; out gets the block's output row. (Softmax weighting only.)
// `heads_on` as attention_forward's.
inline constexpr std::size_t kCacheBlock = 16;  // positions a key/value cache grows by
void attention_step(const KernelSet& kernels, const float* params, const AttentionBlock& block, const float* x,
                    std::vector<float>& keys, std::vector<float>& values, float temperature, AttentionActivations& act,
                    float* out, Scratch& scratch, const std::uint8_t* heads_on = nullptr);
// Cross-attention for one new row x (1 × D) over `sk` rows whose keys and values were projected once (a
// decoder's memory: `keys` and `values`, sk × key/value width): row t of attention_forward() over the same memory.
void attention_to_projected(const KernelSet& kernels, const float* params, const AttentionBlock& block, const float* x,
                            const std::vector<float>& keys, const std::vector<float>& values, std::size_t sk,
                            float temperature, AttentionActivations& act, float* out, Scratch& scratch,
                            const std::uint8_t* heads_on = nullptr);
// dxq += ∂L/∂xq, dxkv += ∂L/∂xkv (they may be the same buffer for self-attention).
void attention_backward(const KernelSet& kernels, const float* params, float* grads, const AttentionBlock& block,
                        const float* xq, const float* xkv, float temperature, const AttentionActivations& act,
                        const float* dout, float* dxq, float* dxkv, Scratch& scratch);

// out (rows × D) = act(x W1 + b1) W2 + b2, act f.activation's ReLU or GELU (tanh form)
void feed_forward_forward(const KernelSet& kernels, const float* params, const FeedForward& f, const float* x,
                          std::size_t rows, FeedForwardActivations& act, float* out, Scratch& scratch);
void feed_forward_backward(const KernelSet& kernels, const float* params, float* grads, const FeedForward& f,
                           const float* x, const FeedForwardActivations& act, const float* dout, std::size_t rows,
                           float* dx, Scratch& scratch);

// Row-wise softmax cross-entropy over logits (rows × vocabulary): returns Σ −log p(target) and writes
// dlogits = weight · (softmax − onehot).
double cross_entropy(const float* logits, std::size_t rows, std::size_t vocabulary, const int* targets, float weight,
                     float* dlogits);

}  // namespace attn::model::layers
