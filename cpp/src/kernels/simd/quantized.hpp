// The 8-bit product: Y = X · Wᵀ scaled per output, W given as int8 rows (attn/quantized.h), in integers. Each row of
// X is first quantized to int16 with a scale of its own (its largest magnitude maps to quantized_input_range(K)),
// then every output is an integer dot product of its int8 row with it (simd/integer_dot.hpp: eight products per
// instruction, no conversion to float in the loop), scaled back once: y = Σ v·x̂ · scale_w · scale_x + bias. Four
// outputs at a time, their four rows read side by side, contiguously, once; for several rows of X (a prompt) the
// tile's rows stay in cache while every row of X reads them.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "attn/matrix.h"
#include "attn/quantized.h"
#include "integer_dot.hpp"

namespace attn::simd {

struct QuantizedProduct {
  static constexpr std::size_t kOutputsPerTile = 4;

  // Each row of X as int16 (K rounded up to even, so that the rows stay 4-byte aligned), then a scale per row.
  static std::size_t row_floats(std::size_t inputs) { return (inputs + 1) / 2; }
  static std::size_t workspace_floats(std::size_t rows, std::size_t inputs) { return rows * row_floats(inputs) + rows; }

  static void multiply(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y, float* workspace) {
    const std::size_t n = w.inputs;
    auto* quantized = reinterpret_cast<std::int16_t*>(workspace);
    float* x_scales = workspace + x.rows * row_floats(n);
    const float range = static_cast<float>(quantized_input_range(n));
    for (std::size_t i = 0; i < x.rows; ++i) {
      const float* row = x.row(i);
      float largest = 0.0f;
      for (std::size_t k = 0; k < n; ++k) largest = std::max(largest, std::fabs(row[k]));
      x_scales[i] = largest / range;
      const float inverse = largest > 0.0f ? range / largest : 0.0f;
      std::int16_t* out = quantized + i * 2 * row_floats(n);
      for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<std::int16_t>(std::lrint(row[k] * inverse));
    }
    for (std::size_t j0 = 0; j0 < w.outputs; j0 += kOutputsPerTile) {
      const std::size_t count = std::min(kOutputsPerTile, w.outputs - j0);
      // A short last tile repeats its last row: the same work, its sums not written.
      const std::int8_t* rows[kOutputsPerTile];
      for (std::size_t r = 0; r < kOutputsPerTile; ++r) rows[r] = w.values + (j0 + std::min(r, count - 1)) * n;
      for (std::size_t i = 0; i < x.rows; ++i) {
        std::int64_t sums[kOutputsPerTile];
        dot(quantized + i * 2 * row_floats(n), rows, n, sums);
        float* out = y.row(i);
        for (std::size_t r = 0; r < count; ++r) {
          const double scaled = static_cast<double>(sums[r]) * w.scales[j0 + r] * x_scales[i];
          out[j0 + r] = static_cast<float>(scaled) + (bias ? bias[j0 + r] : 0.0f);
        }
      }
    }
  }

 private:
  // sums[r] = Σ_k rows[r][k] · x[k], exactly.
  static void dot(const std::int16_t* x, const std::int8_t* const* rows, std::size_t n, std::int64_t* sums) {
    IntegerDot::Sum acc[kOutputsPerTile];
    for (auto& a : acc) a = IntegerDot::zero();
    std::size_t k = 0;
    for (; k + IntegerDot::kValues <= n; k += IntegerDot::kValues)
      for (std::size_t r = 0; r < kOutputsPerTile; ++r) acc[r] = IntegerDot::add(acc[r], rows[r] + k, x + k);
    for (std::size_t r = 0; r < kOutputsPerTile; ++r) {
      std::int64_t tail = 0;
      for (std::size_t t = k; t < n; ++t) tail += std::int64_t{rows[r][t]} * x[t];
      sums[r] = IntegerDot::total(acc[r]) + tail;
    }
  }
};

}  // namespace attn::simd
