// The backward pass's products, C += Aᵀ·B and C += A·Bᵀ: the reference loops in their documented order (the shipped
// models' training depends on it, bit for bit), both twins against a double-precision oracle, and the xsimd twin
// against the reference at every size around the SIMD width, dense and strided, adding into a C that is not zero.
#include <gtest/gtest.h>

#include <cstring>
#include <utility>
#include <vector>

#include "attn/gradient_products.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::kSizes;
using testing::near_all;

// C + Aᵀ·B (transpose_a) or C + A·Bᵀ, in double.
std::vector<float> oracle(const std::vector<float>& a, const std::vector<float>& b, std::vector<float> c, std::size_t m,
                          std::size_t k, std::size_t n, bool transpose_a) {
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      double sum = c[i * n + j];
      for (std::size_t p = 0; p < k; ++p)
        sum += transpose_a ? static_cast<double>(a[p * m + i]) * b[p * n + j]
                           : static_cast<double>(a[i * k + p]) * b[j * k + p];
      c[i * n + j] = static_cast<float>(sum);
    }
  }
  return c;
}

TEST(GradientProducts, DotKeepsEightPartialSums) {
  // Element i goes to sum i % 8: 1e8 and −1e8 meet in sum 0 and cancel, and the seven ones survive. Summed in order,
  // the ones would be lost against 1e8 (its float spacing is 8) and the result would be 0.
  const std::vector<float> a = {1e8f, 1, 1, 1, 1, 1, 1, 1, -1e8f}, ones(9, 1.0f);
  EXPECT_EQ(dot_8(a.data(), ones.data(), 9), 7.0f);
}

TEST(GradientProducts, DotsOverRowsHaveDotsBits) {
  // add_dots_8 computes three rows' products at once: each must be dot_8's, bit for bit (the decoding step's logits
  // and every generated token follow from them), added into y, at every width around the two vectors of four, for
  // counts that leave rows over after the blocks, and for a table past the blocks' 2 MB (read row by row).
  std::vector<std::pair<std::size_t, std::size_t>> shapes;  // n, rows
  for (const std::size_t n : {1, 3, 7, 8, 9, 15, 16, 24, 64, 65})
    for (const std::size_t count : {0, 1, 3, 4, 5, 8, 11, 37}) shapes.emplace_back(n, count);
  shapes.emplace_back(64, 8200);
  std::uint32_t seed = 7;
  for (const auto& [n, count] : shapes) {
    SCOPED_TRACE(::testing::Message() << "n " << n << " rows " << count);
    const auto x = testing::random_values(n, ++seed), rows = testing::random_values(n * count, ++seed);
    const auto y0 = testing::random_values(count, ++seed);
    std::vector<float> y = y0;
    add_dots_8(x.data(), rows.data(), n, count, y.data());
    for (std::size_t r = 0; r < count; ++r) {
      const float expected = y0[r] + dot_8(x.data(), rows.data() + r * n, n);
      EXPECT_EQ(std::memcmp(&y[r], &expected, sizeof expected), 0) << "row " << r << ": " << y[r] << " vs " << expected;
    }
  }
}

TEST(GradientProducts, ReferenceAddsEachProductInOrder) {
  // C[0][0] += 1e8·1, then 1·1 (lost), then −1e8·1: 0, where the exact sum is 1. Order of k, one product at a time.
  const std::vector<float> a = {1e8f, 1, -1e8f}, b = {1, 1, 1};
  std::vector<float> c = {0.0f};
  add_at_b_reference(dense(a.data(), 3, 1), dense(b.data(), 3, 1), dense(c.data(), 1, 1), nullptr);
  EXPECT_EQ(c[0], 0.0f);
}

class GradientProductsVsOracle : public ::testing::TestWithParam<std::size_t> {};

TEST_P(GradientProductsVsOracle, BothTwinsAddIntoC) {
  const std::size_t size = GetParam();
  struct Shape {
    std::size_t m, k, n;
  };
  std::uint32_t seed = 100 + static_cast<std::uint32_t>(size);
  for (const Shape& s :
       {Shape{size, size, size}, Shape{size, 3, size + 1}, Shape{5, size, 2}, Shape{size + 3, 64, 17}}) {
    SCOPED_TRACE(::testing::Message() << "m " << s.m << " k " << s.k << " n " << s.n);
    const auto c0 = testing::random_values(s.m * s.n, ++seed);
    for (const bool transpose_a : {true, false}) {
      SCOPED_TRACE(transpose_a ? "C += Aᵀ·B" : "C += A·Bᵀ");
      const auto a = testing::random_values(s.m * s.k, ++seed), b = testing::random_values(s.k * s.n, ++seed);
      const std::vector<float> expected = oracle(a, b, c0, s.m, s.k, s.n, transpose_a);
      std::vector<float> reference = c0, fast = c0;
      const MatrixView ref_c = dense(reference.data(), s.m, s.n), fast_c = dense(fast.data(), s.m, s.n);
      if (transpose_a) {
        std::vector<float> workspace(add_at_b_workspace_floats_fast(s.k, s.m, s.n));
        add_at_b_reference(dense(a.data(), s.k, s.m), dense(b.data(), s.k, s.n), ref_c, nullptr);
        add_at_b_fast(dense(a.data(), s.k, s.m), dense(b.data(), s.k, s.n), fast_c, workspace.data());
      } else {
        std::vector<float> workspace(add_a_bt_workspace_floats_fast(s.k, s.n));
        add_a_bt_reference(dense(a.data(), s.m, s.k), dense(b.data(), s.n, s.k), ref_c, nullptr);
        add_a_bt_fast(dense(a.data(), s.m, s.k), dense(b.data(), s.n, s.k), fast_c, workspace.data());
      }
      // float sums of up to 64 products of values in [-1, 1], against double
      EXPECT_TRUE(near_all(reference, expected, 2e-5, 1e-5));
      EXPECT_TRUE(near_all(fast, expected, 2e-5, 1e-5));
    }
  }
}

// Views into wider rows, as a head's columns of Q, K, V and their gradients are: the columns between stay untouched.
TEST_P(GradientProductsVsOracle, StridedViewsLeaveTheGapsAlone) {
  const std::size_t size = GetParam(), pad = 5, stride = size + pad;
  const auto a = testing::random_values(size * stride, 21), b = testing::random_values(size * stride, 22);
  const auto c0 = testing::random_values(size * stride, 23);
  const ConstMatrixView av{a.data(), size, size, stride}, bv{b.data(), size, size, stride};
  for (const bool transpose_a : {true, false}) {
    SCOPED_TRACE(transpose_a ? "C += Aᵀ·B" : "C += A·Bᵀ");
    std::vector<float> reference = c0, fast = c0;
    std::vector<float> workspace(
        std::max(add_at_b_workspace_floats_fast(size, size, size), add_a_bt_workspace_floats_fast(size, size)));
    const MatrixView ref_c{reference.data(), size, size, stride}, fast_c{fast.data(), size, size, stride};
    (transpose_a ? add_at_b_reference : add_a_bt_reference)(av, bv, ref_c, nullptr);
    (transpose_a ? add_at_b_fast : add_a_bt_fast)(av, bv, fast_c, workspace.data());
    EXPECT_TRUE(near_all(fast, reference, 2e-5, 1e-5));
    for (std::size_t i = 0; i < size; ++i)
      for (std::size_t p = size; p < stride; ++p) EXPECT_EQ(fast[i * stride + p], c0[i * stride + p]);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, GradientProductsVsOracle, ::testing::ValuesIn(kSizes));

}  // namespace
}  // namespace attn
