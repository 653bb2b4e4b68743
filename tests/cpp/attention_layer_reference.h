// A float64 reference for the model's attention layer (projections, RoPE or ALiBi, softmax, key/value heads
// shared by groups of query heads, the output projection), written out in plain loops for the tests that hold
// layers::attention_forward against it.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "attn/model.h"
#include "test_util.h"

namespace attn::model::testing {

// One attention block with random parameters: width d, `heads` query heads, `kv_heads` key/value heads.
struct AttentionSetup {
  std::size_t d = 8, heads = 2, kv_heads = 2, s = 5;
  AttentionBlock block;
  std::vector<float> params;
  AttentionSetup(RelativePositions relative, std::uint32_t seed, std::size_t heads_ = 2, std::size_t kv_heads_ = 2)
      : heads(heads_), kv_heads(kv_heads_) {
    std::size_t at = 0;
    auto linear = [&](std::size_t out) {
      Linear l{at, at + d * out, d, out};
      at += d * out + out;
      return l;
    };
    const std::size_t kv_width = kv_heads * (d / heads);
    block = AttentionBlock{linear(d),
                           linear(kv_width),
                           linear(kv_width),
                           linear(d),
                           heads,
                           default_scale(d / heads),
                           AttentionWeighting::softmax,
                           relative,
                           kv_heads};
    params = attn::testing::random_values(at, seed);
  }
};

// x (rows × in) · W + b in double.
inline std::vector<double> project(const std::vector<float>& params, const Linear& l, const std::vector<float>& x,
                                   std::size_t rows) {
  std::vector<double> y(rows * l.out);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t o = 0; o < l.out; ++o) {
      double sum = params[l.b + o];
      for (std::size_t k = 0; k < l.in; ++k) sum += static_cast<double>(x[i * l.in + k]) * params[l.w + k * l.out + o];
      y[i * l.out + o] = sum;
    }
  return y;
}

// Each row i's dimension pairs of every head (rows × heads·dh) turned by i · 10000^(−2p/dh).
inline void rope_in_double(std::vector<double>& m, std::size_t rows, std::size_t heads, std::size_t dh) {
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t h = 0; h < heads; ++h)
      for (std::size_t p = 0; p < dh / 2; ++p) {
        const double angle = static_cast<double>(i) * std::pow(10000.0, -2.0 * static_cast<double>(p) / dh);
        double& a = m[(i * heads + h) * dh + 2 * p];
        double& b = m[(i * heads + h) * dh + 2 * p + 1];
        const double ra = a * std::cos(angle) - b * std::sin(angle), rb = a * std::sin(angle) + b * std::cos(angle);
        a = ra, b = rb;
      }
}

// Attention of xq (sq × d) over xkv (sk × d), causal or not, in double: { output (sq × d), weights (heads × sq × sk) }.
// Query head h reads key/value head h / (heads / kv_heads).
inline std::pair<std::vector<double>, std::vector<double>> reference(const AttentionSetup& u,
                                                                     const std::vector<float>& xq, std::size_t sq,
                                                                     const std::vector<float>& xkv, std::size_t sk,
                                                                     bool causal, double temperature) {
  const std::size_t d = u.d, heads = u.heads, dh = d / heads, kvw = u.kv_heads * dh, group = heads / u.kv_heads;
  std::vector<double> q = project(u.params, u.block.q, xq, sq), k = project(u.params, u.block.k, xkv, sk),
                      v = project(u.params, u.block.v, xkv, sk);
  if (u.block.relative == RelativePositions::rope) {
    rope_in_double(q, sq, heads, dh);
    rope_in_double(k, sk, u.kv_heads, dh);
  }
  std::vector<double> weights(heads * sq * sk, 0.0), mixed(sq * d, 0.0);
  for (std::size_t h = 0; h < heads; ++h) {
    const std::size_t g = h / group;
    const double slope = std::pow(2.0, -8.0 * static_cast<double>(h + 1) / heads);
    for (std::size_t i = 0; i < sq; ++i) {
      std::vector<double> logit(sk, -INFINITY);
      for (std::size_t j = 0; j < sk && (!causal || j <= i); ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < dh; ++c) dot += q[i * d + h * dh + c] * k[j * kvw + g * dh + c];
        logit[j] = dot * u.block.logit_scale;
        if (u.block.relative == RelativePositions::alibi) logit[j] -= slope * std::fabs(double(i) - double(j));
        logit[j] /= temperature;
      }
      const double top = *std::max_element(logit.begin(), logit.end());
      double sum = 0;
      for (double z : logit) sum += std::exp(z - top);
      for (std::size_t j = 0; j < sk; ++j) {
        const double w = std::exp(logit[j] - top) / sum;
        weights[(h * sq + i) * sk + j] = w;
        for (std::size_t c = 0; c < dh; ++c) mixed[i * d + h * dh + c] += w * v[j * kvw + g * dh + c];
      }
    }
  }
  std::vector<double> out(sq * d);
  for (std::size_t i = 0; i < sq; ++i)
    for (std::size_t o = 0; o < d; ++o) {
      double sum = u.params[u.block.o.b + o];
      for (std::size_t c = 0; c < d; ++c) sum += mixed[i * d + c] * u.params[u.block.o.w + c * d + o];
      out[i * d + o] = sum;
    }
  return {out, weights};
}

}  // namespace attn::model::testing
