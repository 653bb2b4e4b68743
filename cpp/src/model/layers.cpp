#include "layers.h"

#include <algorithm>
#include <cmath>

#include "../data/rng.h"

namespace attn::model::layers {

// y[0..n) += alpha · x[0..n)
void axpy(float alpha, const float* x, float* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) y[i] += alpha * x[i];
}

namespace {

// The sigmoid-gate ablation, in plain loops (it is a lesson, not a hot path): each weight is
// sigmoid(q·k · scale / temperature) on its own, masked weights are 0, and the output is Σ_j w_ij v_j.
void sigmoid_gates_forward(const AttentionBlock& block, const Mask& mask, float temperature,
                           AttentionActivations& act) {
  const std::size_t d = block.q.out, dh = block.head_width(), kvw = block.k.out, sq = act.sq, sk = act.sk;
  const float logit_scale = block.logit_scale / temperature;
  std::fill(act.heads.begin(), act.heads.end(), 0.0f);
  for (std::size_t h = 0; h < block.heads; ++h) {
    const std::size_t col = h * dh, kv_col = block.kv_head_of(h) * dh;
    for (std::size_t i = 0; i < sq; ++i) {
      float* w = act.weights.data() + (h * sq + i) * sk;
      for (std::size_t j = 0; j < sk; ++j) {
        if (!mask.allows(i, j, sk)) {
          w[j] = 0.0f;
          continue;
        }
        const double logit = dot_8(act.q.data() + i * d + col, act.k.data() + j * kvw + kv_col, dh) * logit_scale;
        w[j] = static_cast<float>(1.0 / (1.0 + std::exp(-logit)));
        axpy(w[j], act.v.data() + j * kvw + kv_col, act.heads.data() + i * d + col, dh);
      }
    }
  }
}

}  // namespace

void rope_rotate(float* x, std::size_t rows, std::size_t dh, std::size_t heads, double sign,
                 std::size_t first_position) {
  const std::size_t d = heads * dh;
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t p = 0; p < dh / 2; ++p) {
      const double angle = sign * static_cast<double>(first_position + i) *
                           std::pow(10000.0, -2.0 * static_cast<double>(p) / static_cast<double>(dh));
      const auto c = static_cast<float>(std::cos(angle)), s = static_cast<float>(std::sin(angle));
      for (std::size_t h = 0; h < heads; ++h) {
        float* pair = x + i * d + h * dh + 2 * p;
        const float a = pair[0], b = pair[1];
        pair[0] = a * c - b * s;
        pair[1] = a * s + b * c;
      }
    }
  }
}

void ParameterInitialiser::normal(std::size_t at, std::size_t count, double std_dev) {
  Rng rng(state_);
  for (std::size_t i = 0; i < count; ++i) params_[at + i] = static_cast<float>(rng.normal() * std_dev);
  state_ = rng.state();
}

void ParameterInitialiser::linear(const Linear& l) {
  normal(l.w, l.in * l.out, 1.0 / std::sqrt(static_cast<double>(l.in)));
}

void ParameterInitialiser::norm(const LayerNorm& n) { std::fill_n(params_.begin() + n.gamma, n.width, 1.0f); }

void ParameterInitialiser::attention(const AttentionBlock& a) {
  for (const Linear* l : {&a.q, &a.k, &a.v, &a.o}) linear(*l);
}

void ParameterInitialiser::embedding(std::size_t at, std::size_t vocabulary, std::size_t d) {
  normal(at, vocabulary * d, 1.0 / std::sqrt(static_cast<double>(d)));
}

void ParameterInitialiser::blocks(const std::vector<ResidualBlock>& stack, const LayerNorm& top) {
  for (const ResidualBlock& b : stack) block(b);
  norm(top);
}

void ParameterInitialiser::block(const ResidualBlock& b) {
  norm(b.attention_norm), attention(b.self_attention);
  if (b.has_cross_attention()) norm(b.cross_norm), attention(b.cross_attention);
  norm(b.ffn_norm), linear(b.ffn.expand), linear(b.ffn.contract);  // (no-ops for an attention-only block)
}

double alibi_slope(std::size_t head, std::size_t heads) {
  return std::exp2(-8.0 * static_cast<double>(head + 1) / static_cast<double>(heads));
}

void layer_norm_forward(const float* params, const LayerNorm& n, const float* x, std::size_t rows,
                        LayerNormActivations& act) {
  const std::size_t d = n.width;
  act.out.resize(rows * d);
  act.normalized.resize(rows * d);
  act.rstd.resize(rows);
  const float* gamma = params + n.gamma;
  const float* beta = params + n.beta;
  for (std::size_t i = 0; i < rows; ++i) {
    const float* xi = x + i * d;
    double sum = 0, sum_sq = 0;
    for (std::size_t j = 0; j < d; ++j) sum += xi[j];
    const double mean = sum / d;
    for (std::size_t j = 0; j < d; ++j) sum_sq += (xi[j] - mean) * (xi[j] - mean);
    const float rstd = static_cast<float>(1.0 / std::sqrt(sum_sq / d + n.epsilon));
    act.rstd[i] = rstd;
    for (std::size_t j = 0; j < d; ++j) {
      const float xhat = static_cast<float>(xi[j] - mean) * rstd;
      act.normalized[i * d + j] = xhat;
      act.out[i * d + j] = gamma[j] * xhat + beta[j];
    }
  }
}

void layer_norm_backward(const float* params, float* grads, const LayerNorm& n, const LayerNormActivations& act,
                         const float* dy, std::size_t rows, float* dx) {
  const std::size_t d = n.width;
  const float* gamma = params + n.gamma;
  float* dgamma = grads + n.gamma;
  float* dbeta = grads + n.beta;
  for (std::size_t i = 0; i < rows; ++i) {
    const float* xhat = act.normalized.data() + i * d;
    const float* dyi = dy + i * d;
    // dx = rstd · (dx̂ − mean(dx̂) − x̂ · mean(dx̂ · x̂)),  dx̂ = dy · gamma
    double mean_dxhat = 0, mean_dxhat_xhat = 0;
    for (std::size_t j = 0; j < d; ++j) {
      const float dxhat = dyi[j] * gamma[j];
      mean_dxhat += dxhat;
      mean_dxhat_xhat += dxhat * xhat[j];
      dgamma[j] += dyi[j] * xhat[j];
      dbeta[j] += dyi[j];
    }
    mean_dxhat /= d;
    mean_dxhat_xhat /= d;
    for (std::size_t j = 0; j < d; ++j) {
      const float dxhat = dyi[j] * gamma[j];
      dx[i * d + j] += act.rstd[i] * static_cast<float>(dxhat - mean_dxhat - xhat[j] * mean_dxhat_xhat);
    }
  }
}

namespace {

// Heads switched off (heads_on[h] == 0) contribute nothing to the mix: their columns of act.heads are zeroed.
void silence_heads(const AttentionBlock& block, const std::uint8_t* heads_on, AttentionActivations& act) {
  const std::size_t d = block.q.out, dh = block.head_width();
  for (std::size_t h = 0; heads_on && h < block.heads; ++h) {
    if (heads_on[h]) continue;
    for (std::size_t i = 0; i < act.sq; ++i) std::fill_n(act.heads.data() + i * d + h * dh, dh, 0.0f);
  }
}

void attend_and_mix(const KernelSet& kernels, const float* params, const AttentionBlock& block, const Mask& mask,
                    float temperature, AttentionActivations& act, float* out, Scratch& scratch,
                    const std::uint8_t* heads_on);

}  // namespace

void attention_forward(const KernelSet& kernels, const float* params, const AttentionBlock& block, const float* xq,
                       std::size_t sq, const float* xkv, std::size_t sk, const Mask& mask, float temperature,
                       AttentionActivations& act, float* out, Scratch& scratch, const std::uint8_t* heads_on) {
  const std::size_t d = block.q.out, heads = block.heads, dh = block.head_width(), kvw = block.k.out;
  act.sq = sq;
  act.sk = sk;
  act.q.resize(sq * d);
  act.k.resize(sk * kvw);
  act.v.resize(sk * kvw);
  act.weights.resize(heads * sq * sk);
  act.heads.resize(sq * d);
  // pass 1: projections
  linear_forward(kernels, params, block.q, xq, sq, act.q.data(), scratch);
  linear_forward(kernels, params, block.k, xkv, sk, act.k.data(), scratch);
  linear_forward(kernels, params, block.v, xkv, sk, act.v.data(), scratch);
  if (block.relative == RelativePositions::rope) {  // act keeps the turned q and k: backward differentiates those
    rope_rotate(act.q.data(), sq, dh, heads, 1.0);
    rope_rotate(act.k.data(), sk, dh, block.kv_heads, 1.0);
  }
  attend_and_mix(kernels, params, block, mask, temperature, act, out, scratch, heads_on);
}

namespace {

// Passes 2 and 3 of attention_forward, on the projections act holds (sq queries, sk keys and values).
void attend_and_mix(const KernelSet& kernels, const float* params, const AttentionBlock& block, const Mask& mask,
                    float temperature, AttentionActivations& act, float* out, Scratch& scratch,
                    const std::uint8_t* heads_on) {
  const std::size_t d = block.q.out, heads = block.heads, dh = block.head_width(), kvw = block.k.out;
  const std::size_t sq = act.sq, sk = act.sk;
  act.causal = mask.kind == MaskKind::causal && sq == sk;
  // pass 2: each head attends within its slice of columns
  if (block.weighting == AttentionWeighting::sigmoid) {
    sigmoid_gates_forward(block, mask, temperature, act);
  } else if (block.relative == RelativePositions::alibi || block.sink_logits) {
    plain_softmax_forward(params, block, mask, temperature, act);
  } else {
    const LogitParams logit_params{block.logit_scale, temperature, false};
    float* workspace = Scratch::sized(scratch.kernel, kernels.attention_workspace_floats(sq, sk, dh, dh));
    for (std::size_t h = 0; h < heads; ++h) {
      const std::size_t kv_col = block.kv_head_of(h) * dh;
      kernels.attention({act.q.data() + h * dh, sq, dh, d}, {act.k.data() + kv_col, sk, dh, kvw},
                        {act.v.data() + kv_col, sk, dh, kvw}, mask, logit_params,
                        {act.heads.data() + h * dh, sq, dh, d}, dense(act.weights.data() + h * sq * sk, sq, sk),
                        workspace);
    }
  }
  silence_heads(block, heads_on, act);
  // pass 3: the output projection mixes the heads
  linear_forward(kernels, params, block.o, act.heads.data(), sq, out, scratch);
}

}  // namespace

void attention_to_projected(const KernelSet& kernels, const float* params, const AttentionBlock& block, const float* x,
                            const std::vector<float>& keys, const std::vector<float>& values, std::size_t sk,
                            float temperature, AttentionActivations& act, float* out, Scratch& scratch,
                            const std::uint8_t* heads_on) {
  const std::size_t d = block.q.out;
  act.sq = 1;
  act.sk = sk;
  act.q.resize(d);
  act.heads.resize(d);
  act.weights.resize(block.heads * sk);
  linear_forward(kernels, params, block.q, x, 1, act.q.data(), scratch);
  act.k.assign(keys.begin(), keys.end());  // a decoder's memory: a few rows, copied for the kernels' view of act
  act.v.assign(values.begin(), values.end());
  attend_and_mix(kernels, params, block, Mask{}, temperature, act, out, scratch, heads_on);
}

void attention_backward(const KernelSet& kernels, const float* params, float* grads, const AttentionBlock& block,
                        const float* xq, const float* xkv, float temperature, const AttentionActivations& act,
                        const float* dout, float* dxq, float* dxkv, Scratch& scratch) {
  const std::size_t d = block.q.out, heads = block.heads, dh = block.head_width(), kvw = block.k.out;
  const std::size_t sq = act.sq, sk = act.sk;
  float* dheads = Scratch::sized(scratch.a, sq * d);
  float* dq = Scratch::sized(scratch.b, sq * d);
  float* dk = Scratch::sized(scratch.c, sk * kvw);
  float* dv = Scratch::sized(scratch.d, sk * kvw);
  float* dlogits = Scratch::sized(scratch.e, sq * sk);  // one head's ∂L/∂p, then its ∂L/∂logits
  float* dlogits_t = Scratch::sized(scratch.transposed, sk * sq);
  std::fill(dheads, dheads + sq * d, 0.0f);
  std::fill(dq, dq + sq * d, 0.0f);
  std::fill(dk, dk + sk * kvw, 0.0f);
  std::fill(dv, dv + sk * kvw, 0.0f);

  linear_backward(kernels, params, grads, block.o, act.heads.data(), dout, sq, dheads, scratch);
  const std::size_t workspace_floats =
      std::max({kernels.add_a_bt_workspace_floats(dh, sk), kernels.add_at_b_workspace_floats(sq, sk, dh),
                kernels.add_at_b_workspace_floats(sk, sq, dh)});
  float* workspace = Scratch::sized(scratch.kernel, workspace_floats);
  const float logit_scale = block.logit_scale / temperature;
  const bool gates = block.weighting == AttentionWeighting::sigmoid;
  // Causal: the weights past each query's own position are zero, and so are their gradients. The products take the
  // triangle only (the same bits: they leave out ±0 terms) and ∂L/∂logits above the diagonal stays zero.
  const bool causal = act.causal;
  if (causal) std::fill(dlogits_t, dlogits_t + sk * sq, 0.0f);
  // A key/value head shared by several query heads gathers the gradients of all of them (heads in order).
  for (std::size_t h = 0; h < heads; ++h) {
    const std::size_t col = h * dh, kv_col = block.kv_head_of(h) * dh;
    const float* weights = act.weights.data() + h * sq * sk;
    const ConstMatrixView dhead{dheads + col, sq, dh, d};
    const ConstMatrixView k{act.k.data() + kv_col, sk, dh, kvw}, v{act.v.data() + kv_col, sk, dh, kvw};
    const ConstMatrixView q{act.q.data() + col, sq, dh, d};
    const MatrixView dq_h{dq + col, sq, dh, d}, dk_h{dk + kv_col, sk, dh, kvw}, dv_h{dv + kv_col, sk, dh, kvw};
    // ∂L/∂P = dhead · Vᵀ, and V gets Pᵀ · dhead
    std::fill(dlogits, dlogits + sq * sk, 0.0f);
    if (causal) {
      kernels.add_a_bt_lower(dhead, v, dense(dlogits, sq, sk), workspace);
      kernels.add_at_b_triangular(dense(weights, sq, sk), dhead, dv_h, Zeros::above_diagonal, workspace);
    } else {
      kernels.add_a_bt(dhead, v, dense(dlogits, sq, sk), workspace);
      kernels.add_at_b(dense(weights, sq, sk), dhead, dv_h, workspace);
    }
    for (std::size_t i = 0; i < sq; ++i) {
      const float* p = weights + i * sk;
      float* dp = dlogits + i * sk;
      const std::size_t keys = causal ? i + 1 : sk;
      float row_dot = 0.0f, kept = 0.0f;
      for (std::size_t j = 0; j < keys; ++j) {
        row_dot += p[j] * dp[j];
        kept += p[j];
      }
      // A sink logit b_h/temperature is one more softmax entry whose value is zero: ∂L/∂b_h = −p_sink·row_dot/T.
      if (block.sink_logits) grads[block.sink_logits + h] -= (1.0f - kept) * row_dot / temperature;
      // softmax (or each gate's sigmoid) backward, then through the scaled dot product (masked keys have
      // p_j = 0, so no gradient)
      for (std::size_t j = 0; j < keys; ++j) {
        dp[j] = (gates ? p[j] * (1.0f - p[j]) * dp[j] : p[j] * (dp[j] - row_dot)) * logit_scale;
        dlogits_t[j * sq + i] = dp[j];
      }
    }
    // Q gets dS · K and K gets dSᵀ · Q
    if (causal) {
      kernels.add_at_b_triangular(dense(dlogits_t, sk, sq), k, dq_h, Zeros::below_diagonal, workspace);
      kernels.add_at_b_triangular(dense(dlogits, sq, sk), q, dk_h, Zeros::above_diagonal, workspace);
    } else {
      kernels.add_at_b(dense(dlogits_t, sk, sq), k, dq_h, workspace);
      kernels.add_at_b(dense(dlogits, sq, sk), q, dk_h, workspace);
    }
  }
  // ALiBi's bias is a constant: softmax's backward above is all it needs. RoPE: back through the rotation.
  if (block.relative == RelativePositions::rope) {
    rope_rotate(dq, sq, dh, heads, -1.0);
    rope_rotate(dk, sk, dh, block.kv_heads, -1.0);
  }
  linear_backward(kernels, params, grads, block.q, xq, dq, sq, dxq, scratch);
  linear_backward(kernels, params, grads, block.k, xkv, dk, sk, dxkv, scratch);
  linear_backward(kernels, params, grads, block.v, xkv, dv, sk, dxkv, scratch);
}

double cross_entropy(const float* logits, std::size_t rows, std::size_t vocabulary, const int* targets, float weight,
                     float* dlogits) {
  double total = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    const float* z = logits + i * vocabulary;
    const float max = *std::max_element(z, z + vocabulary);
    double sum = 0;
    for (std::size_t j = 0; j < vocabulary; ++j) sum += std::exp(static_cast<double>(z[j]) - max);
    const double log_sum = std::log(sum);
    total += log_sum - (static_cast<double>(z[targets[i]]) - max);
    if (dlogits) {
      for (std::size_t j = 0; j < vocabulary; ++j) {
        const double p = std::exp(static_cast<double>(z[j]) - max - log_sum);
        dlogits[i * vocabulary + j] = weight * static_cast<float>(p - (static_cast<int>(j) == targets[i] ? 1.0 : 0.0));
      }
    }
  }
  return total;
}

void attention_step(const KernelSet& kernels, const float* params, const AttentionBlock& block, const float* x,
                    std::vector<float>& keys, std::vector<float>& values, float temperature, AttentionActivations& act,
                    float* out, Scratch& scratch, const std::uint8_t* heads_on) {
  const std::size_t d = block.q.out, heads = block.heads, dh = block.head_width(), kvw = block.k.out;
  const std::size_t position = keys.size() / kvw, sk = position + 1;
  act.sq = 1;
  act.sk = sk;
  act.q.resize(d);
  act.heads.resize(d);
  act.weights.resize(heads * sk);
  linear_forward(kernels, params, block.q, x, 1, act.q.data(), scratch);
  // The cache grows by blocks of kCacheBlock positions (as paged caches do), not by doubling: what it holds
  // allocated stays within a block of what it uses.
  if (keys.capacity() < sk * kvw) {
    const std::size_t rows = (sk + kCacheBlock - 1) / kCacheBlock * kCacheBlock;
    keys.reserve(rows * kvw);
    values.reserve(rows * kvw);
  }
  keys.resize(sk * kvw);
  values.resize(sk * kvw);
  float* key = keys.data() + position * kvw;
  linear_forward(kernels, params, block.k, x, 1, key, scratch);
  linear_forward(kernels, params, block.v, x, 1, values.data() + position * kvw, scratch);
  if (block.relative == RelativePositions::rope) {
    rope_rotate(act.q.data(), 1, dh, heads, 1.0, position);
    rope_rotate(key, 1, dh, block.kv_heads, 1.0, position);
  }
  if (block.relative == RelativePositions::alibi || block.sink_logits) {
    // The plain loops read their keys and values from act: give them the cache's.
    act.k.assign(keys.begin(), keys.end());
    act.v.assign(values.begin(), values.end());
    plain_softmax_forward(params, block, Mask{}, temperature, act, position);
  } else {
    const LogitParams logit_params{block.logit_scale, temperature, false};
    float* workspace = Scratch::sized(scratch.kernel, kernels.attention_workspace_floats(1, sk, dh, dh));
    for (std::size_t h = 0; h < heads; ++h) {
      const std::size_t kv_col = block.kv_head_of(h) * dh;
      kernels.attention({act.q.data() + h * dh, 1, dh, d}, {keys.data() + kv_col, sk, dh, kvw},
                        {values.data() + kv_col, sk, dh, kvw}, Mask{}, logit_params,
                        {act.heads.data() + h * dh, 1, dh, d}, dense(act.weights.data() + h * sk, 1, sk), workspace);
    }
  }
  silence_heads(block, heads_on, act);
  linear_forward(kernels, params, block.o, act.heads.data(), 1, out, scratch);
}

}  // namespace attn::model::layers

namespace attn::model {

// Shared by both models (declared in attn/model.h).
void sinusoidal_positions(std::size_t positions, std::size_t d, float* out, std::size_t first_position) {
  for (std::size_t row = 0; row < positions; ++row) {
    const std::size_t pos = first_position + row;
    for (std::size_t i = 0; i < d; i += 2) {
      const double angle = pos / std::pow(10000.0, static_cast<double>(i) / d);
      out[row * d + i] = static_cast<float>(std::sin(angle));
      if (i + 1 < d) out[row * d + i + 1] = static_cast<float>(std::cos(angle));
    }
  }
}

}  // namespace attn::model
