// Row softmax on xsimd batches, generic over the instruction set (Arch). In place, one query row at a time.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "attn/attention.h"
#include "exp.hpp"

namespace attn::simd {

template <class Arch>
struct Softmax {
  using Batch = xsimd::batch<float, Arch>;
  static constexpr std::size_t kLanes = Batch::size;
  static constexpr float kMinusInfinity = -std::numeric_limits<float>::infinity();

  // Row `i` of a logits matrix with `n` columns: scale, mask, normalise.
  static void row(float* x, std::size_t n, std::size_t i, const Mask& mask, const LogitParams& params) {
    const float factor = params.scale / params.temperature;
    // Causal rows only ever see a prefix; everything past it is written as zero at the end.
    const std::size_t visible = mask.kind == MaskKind::causal ? std::min(i + 1, n) : n;

    // pass 1: scale the visible logits and find their maximum
    const Batch factor_b(factor);
    Batch max_b(kMinusInfinity);
    std::size_t j = 0;
    if (mask.kind == MaskKind::explicit_) {
      const std::uint8_t* allowed = mask.allowed + i * n;
      for (; j < visible; ++j) x[j] = allowed[j] ? x[j] * factor : kMinusInfinity;
      j = 0;
      for (; j + kLanes <= visible; j += kLanes) max_b = xsimd::max(max_b, Batch::load_unaligned(x + j));
    } else {
      for (; j + kLanes <= visible; j += kLanes) {
        const Batch scaled = Batch::load_unaligned(x + j) * factor_b;
        scaled.store_unaligned(x + j);
        max_b = xsimd::max(max_b, scaled);
      }
      for (std::size_t t = j; t < visible; ++t) x[t] *= factor;
    }
    float max_logit = xsimd::reduce_max(max_b);
    for (; j < visible; ++j) max_logit = std::max(max_logit, x[j]);

    if (max_logit == kMinusInfinity) {  // every key masked: zero weights, never NaN
      std::fill(x, x + n, 0.0f);
      return;
    }
    if (params.hard) {  // one-hot on the first maximum
      const std::size_t argmax = static_cast<std::size_t>(std::find(x, x + visible, max_logit) - x);
      std::fill(x, x + n, 0.0f);
      x[argmax] = 1.0f;
      return;
    }

    // pass 2: exponentials of the logits minus their maximum (all <= 0) and their sum
    const Batch max_bb(max_logit);
    Batch sum_b(0.0f);
    j = 0;
    for (; j + kLanes <= visible; j += kLanes) {
      const Batch e = exp_nonpositive<Arch>(Batch::load_unaligned(x + j) - max_bb);  // exp(-inf) = 0: masked keys
      e.store_unaligned(x + j);
      sum_b += e;
    }
    float sum = xsimd::reduce_add(sum_b);
    for (; j < visible; ++j) {
      x[j] = std::exp(x[j] - max_logit);
      sum += x[j];
    }

    // pass 3: normalise; the causal remainder gets zero weight
    const float inv_sum = 1.0f / sum;
    const Batch inv_b(inv_sum);
    j = 0;
    for (; j + kLanes <= visible; j += kLanes) (Batch::load_unaligned(x + j) * inv_b).store_unaligned(x + j);
    for (; j < visible; ++j) x[j] *= inv_sum;
    std::fill(x + visible, x + n, 0.0f);
  }
};

}  // namespace attn::simd
