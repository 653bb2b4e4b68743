// 8-bit weights (attn/quantized.h): quantizing, and the product's reference twin (plain loops, double accumulation)
// that the fast kernel is tested against.
#include "attn/quantized.h"

#include <algorithm>
#include <cmath>

namespace attn {
namespace {

// Scale of `count` weights at `step` apart: their largest magnitude over 127, so it maps to ±127.
float scale_of(const float* w, std::size_t count, std::size_t step) {
  float largest = 0.0f;
  for (std::size_t k = 0; k < count; ++k) largest = std::max(largest, std::fabs(w[k * step]));
  return largest / 127.0f;
}

std::int8_t quantize(float w, float scale) {
  if (scale == 0.0f) return 0;
  const float q = std::nearbyint(w / scale);
  return static_cast<std::int8_t>(std::clamp(q, -127.0f, 127.0f));
}

}  // namespace

void quantize_columns(const float* weights, std::size_t in, std::size_t out, std::int8_t* values, float* scales) {
  for (std::size_t j = 0; j < out; ++j) {
    scales[j] = scale_of(weights + j, in, out);
    for (std::size_t k = 0; k < in; ++k) values[j * in + k] = quantize(weights[k * out + j], scales[j]);
  }
}

void quantize_rows(const float* table, std::size_t rows, std::size_t cols, std::int8_t* values, float* scales) {
  for (std::size_t r = 0; r < rows; ++r) {
    scales[r] = scale_of(table + r * cols, cols, 1);
    for (std::size_t k = 0; k < cols; ++k) values[r * cols + k] = quantize(table[r * cols + k], scales[r]);
  }
}

// int16 products summed in int32 lanes: at most K · 127 · range in one lane (whatever the lanes' number), and never
// more than int16 holds. 16,383 up to K = 1,032; 5,504 for K = 3,072 (GPT-2's MLP), a step of 1/11,000 of the row's
// largest input, against the weights' 1/254 of their column's.
std::int32_t quantized_input_range(std::size_t inputs) {
  const std::int64_t fits =
      std::int64_t{2147483647} / (127 * std::max<std::int64_t>(1, static_cast<std::int64_t>(inputs)));
  return static_cast<std::int32_t>(std::min<std::int64_t>(16383, fits));
}

std::size_t quantized_workspace_floats_reference(std::size_t, std::size_t) { return 0; }

void quantized_matmul_reference(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y, float*) {
  for (std::size_t i = 0; i < x.rows; ++i) {
    for (std::size_t j = 0; j < w.outputs; ++j) {
      const std::int8_t* row = w.values + j * w.inputs;
      double sum = 0.0;
      for (std::size_t k = 0; k < w.inputs; ++k) sum += static_cast<double>(x.row(i)[k]) * row[k];
      sum *= w.scales[j];
      if (bias) sum += bias[j];
      y.row(i)[j] = static_cast<float>(sum);
    }
  }
}

}  // namespace attn
