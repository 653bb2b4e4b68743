// 8-bit weights (attn/quantized.h) and the products for a generated token (matmul's one-row path): the fast kernels
// against their double-accumulating reference twins at sizes around the SIMD width (1 to 65 inputs, a short last group
// of outputs), seeded random operands in [-1, 1].
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "attn/matmul.h"
#include "attn/quantized.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::kSizes;
using testing::near_all;

struct Quantized {
  std::vector<std::int8_t> values;
  std::vector<float> scales;
  QuantizedMatrix matrix(std::size_t outputs, std::size_t inputs) const {
    return {values.data(), scales.data(), outputs, inputs};
  }
};

// The fast product's bound beyond the reference's (attn/quantized.h): Σ_k |v| · scale_w · scale_x / 2 per output,
// plus float rounding.
::testing::AssertionResult within_bound(const std::vector<float>& actual, const std::vector<float>& expected,
                                        const Quantized& q, const float* x, std::size_t rows, std::size_t x_stride,
                                        std::size_t in, std::size_t out, std::size_t y_stride) {
  for (std::size_t i = 0; i < rows; ++i) {
    float largest = 0.0f;
    for (std::size_t k = 0; k < in; ++k) largest = std::max(largest, std::fabs(x[i * x_stride + k]));
    const double x_scale = largest / static_cast<double>(quantized_input_range(in));
    for (std::size_t j = 0; j < out; ++j) {
      double bound = 0.0;
      for (std::size_t k = 0; k < in; ++k) bound += std::abs(q.values[j * in + k]);
      bound = bound * q.scales[j] * x_scale / 2 + 1e-5 * (1.0 + std::fabs(expected[i * y_stride + j]));
      const double error = std::fabs(actual[i * y_stride + j] - expected[i * y_stride + j]);
      if (!(error <= bound))
        return ::testing::AssertionFailure() << "(" << i << ", " << j << "): " << actual[i * y_stride + j] << " vs "
                                             << expected[i * y_stride + j] << ", error " << error << " > " << bound;
    }
  }
  return ::testing::AssertionSuccess();
}

Quantized quantized_columns(const std::vector<float>& w, std::size_t in, std::size_t out) {
  Quantized q{std::vector<std::int8_t>(in * out), std::vector<float>(out)};
  quantize_columns(w.data(), in, out, q.values.data(), q.scales.data());
  return q;
}

TEST(Quantize, EachColumnsLargestWeightIs127AndEveryWeightWithinHalfAStep) {
  const std::size_t in = 37, out = 11;
  auto w = testing::random_values(in * out, 3);
  for (std::size_t k = 0; k < in; ++k) w[k * out + 4] = 0.0f;  // an all-zero column: scale 0, values 0
  const Quantized q = quantized_columns(w, in, out);
  for (std::size_t j = 0; j < out; ++j) {
    int largest = 0;
    for (std::size_t k = 0; k < in; ++k) {
      const int v = q.values[j * in + k];
      largest = std::max(largest, std::abs(v));
      EXPECT_LE(std::fabs(v * q.scales[j] - w[k * out + j]), q.scales[j] / 2 * (1 + 1e-5)) << j << "," << k;
    }
    EXPECT_EQ(largest, j == 4 ? 0 : 127) << j;
  }
  EXPECT_EQ(q.scales[4], 0.0f);
}

TEST(Quantize, RowsOfATableAreItsTransposesColumns) {
  const std::size_t rows = 9, cols = 13;
  const auto table = testing::random_values(rows * cols, 5);
  std::vector<float> transposed(rows * cols);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) transposed[c * rows + r] = table[r * cols + c];
  Quantized by_rows{std::vector<std::int8_t>(rows * cols), std::vector<float>(rows)};
  quantize_rows(table.data(), rows, cols, by_rows.values.data(), by_rows.scales.data());
  const Quantized by_columns = quantized_columns(transposed, cols, rows);
  EXPECT_EQ(by_rows.values, by_columns.values);
  EXPECT_EQ(by_rows.scales, by_columns.scales);
}

// Every product at its largest (127 × the input range) in every lane, at GPT-2's widest input (its MLP's 3,072).
TEST(QuantizedProduct, LargestSumsDoNotOverflow) {
  for (std::size_t in : {768, 1032, 3072, 4096}) {
    const std::vector<float> w(in * 2, 0.5f), x(in, -2.0f);
    const Quantized q = quantized_columns(w, in, 2);
    std::vector<float> y(2), workspace(quantized_workspace_floats_fast(1, in));
    quantized_matmul_fast(dense(x.data(), 1, in), q.matrix(2, in), nullptr, dense(y.data(), 1, 2), workspace.data());
    for (float value : y) EXPECT_NEAR(value, -1.0 * static_cast<double>(in), 1e-4 * static_cast<double>(in)) << in;
  }
}

class QuantizedVsReference : public ::testing::TestWithParam<std::size_t> {};

TEST_P(QuantizedVsReference, OneAndSeveralRowsWithAndWithoutBias) {
  const std::size_t in = GetParam();
  std::uint32_t seed = static_cast<std::uint32_t>(in) * 7;
  for (std::size_t out : {1, 3, 4, 5, 9}) {
    const Quantized q = quantized_columns(testing::random_values(in * out, ++seed), in, out);
    const auto bias = testing::random_values(out, ++seed);
    for (std::size_t rows : {1, 2, 3, 6}) {
      const auto x = testing::random_values(rows * in, ++seed);
      for (const float* bias_ptr : {static_cast<const float*>(nullptr), bias.data()}) {
        std::vector<float> expected(rows * out, -7.0f), actual(rows * out, -7.0f);
        std::vector<float> workspace(quantized_workspace_floats_fast(rows, in));
        quantized_matmul_reference(dense(x.data(), rows, in), q.matrix(out, in), bias_ptr,
                                   dense(expected.data(), rows, out), nullptr);
        quantized_matmul_fast(dense(x.data(), rows, in), q.matrix(out, in), bias_ptr, dense(actual.data(), rows, out),
                              workspace.data());
        SCOPED_TRACE(::testing::Message()
                     << rows << "x" << in << " . (" << out << "x" << in << ")ᵀ bias " << (bias_ptr != nullptr));
        EXPECT_TRUE(within_bound(actual, expected, q, x.data(), rows, in, in, out, out));
      }
    }
  }
}

TEST_P(QuantizedVsReference, StridedOutputLeavesTheGapsAlone) {
  const std::size_t in = GetParam(), out = 6, rows = 3, pad = 2;
  const Quantized q = quantized_columns(testing::random_values(in * out, 21), in, out);
  const auto x = testing::random_values(rows * (in + pad), 22);
  std::vector<float> expected(rows * (out + pad), 42.0f), actual(rows * (out + pad), 42.0f);
  std::vector<float> workspace(quantized_workspace_floats_fast(rows, in));
  quantized_matmul_reference({x.data(), rows, in, in + pad}, q.matrix(out, in), nullptr,
                             {expected.data(), rows, out, out + pad}, nullptr);
  quantized_matmul_fast({x.data(), rows, in, in + pad}, q.matrix(out, in), nullptr,
                        {actual.data(), rows, out, out + pad}, workspace.data());
  EXPECT_TRUE(within_bound(actual, expected, q, x.data(), rows, in + pad, in, out, out + pad));
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t p = out; p < out + pad; ++p) EXPECT_EQ(actual[i * (out + pad) + p], 42.0f);
}

// A generated token's product reads B in place; a sequence's packs it. Row for row, the same bits.
TEST_P(QuantizedVsReference, OneRowOfAProductIsTheSameBitsAsInAWholeSequence) {
  const std::size_t k = GetParam(), n = k + 5, rows = 6;
  const auto a = testing::random_values(rows * k, 31), b = testing::random_values(k * n, 32);
  const auto bias = testing::random_values(n, 33);
  std::vector<float> all(rows * n), one(n), workspace(matmul_workspace_floats_fast(k, n));
  matmul_fast(dense(a.data(), rows, k), dense(b.data(), k, n), bias.data(), dense(all.data(), rows, n),
              workspace.data());
  for (std::size_t i = 0; i < rows; ++i) {
    matmul_fast(dense(a.data() + i * k, 1, k), dense(b.data(), k, n), bias.data(), dense(one.data(), 1, n),
                workspace.data());
    for (std::size_t j = 0; j < n; ++j) EXPECT_EQ(one[j], all[i * n + j]) << i << "," << j;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, QuantizedVsReference, ::testing::ValuesIn(kSizes));

}  // namespace
}  // namespace attn
