// The backward's products over a causal mask's triangle (attn/gradient_products.h): each twin gives the bits of its
// own full product, for A with a causal mask's zeros, at every size around the SIMD width (the fast twin's panels are
// two batches wide, its tiles four rows, its row blocks 64), into a C that is not zero and, for add_a_bt_lower,
// leaves the entries above the diagonal as they were.
#include <gtest/gtest.h>

#include "attn/gradient_products.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::near_all;

// Sizes around 4-row tiles, 8-, 16- and 32-float panels and 64-row blocks.
const std::vector<std::size_t> kTriangleSizes = {1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 67};

// size × size values with the zeros of a causal mask's weights: above the diagonal (row < column) or below it.
std::vector<float> triangle(std::size_t size, Zeros zeros, std::uint32_t seed) {
  std::vector<float> a = testing::random_values(size * size, seed);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t c = 0; c < size; ++c)
      if (zeros == Zeros::above_diagonal ? c > r : c < r) a[r * size + c] = 0.0f;
  return a;
}

class TriangularProducts : public ::testing::TestWithParam<std::size_t> {};

TEST_P(TriangularProducts, AddAtBTakesTheFullProductsBits) {
  const std::size_t size = GetParam();
  std::uint32_t seed = 300 + static_cast<std::uint32_t>(size);
  for (const std::size_t n : {std::size_t{1}, std::size_t{5}, std::size_t{16}, size}) {
    for (const Zeros zeros : {Zeros::above_diagonal, Zeros::below_diagonal}) {
      SCOPED_TRACE(::testing::Message() << "n " << n << (zeros == Zeros::above_diagonal ? " zeros above" : " below"));
      const auto a = triangle(size, zeros, ++seed), b = testing::random_values(size * n, ++seed);
      const auto c0 = testing::random_values(size * n, ++seed);
      const ConstMatrixView av = dense(a.data(), size, size), bv = dense(b.data(), size, n);
      std::vector<float> workspace(add_at_b_workspace_floats_fast(size, size, n));
      std::vector<float> reference = c0, reference_full = c0, fast = c0, fast_full = c0;
      add_at_b_triangular_reference(av, bv, dense(reference.data(), size, n), zeros, nullptr);
      add_at_b_reference(av, bv, dense(reference_full.data(), size, n), nullptr);
      add_at_b_triangular_fast(av, bv, dense(fast.data(), size, n), zeros, workspace.data());
      add_at_b_fast(av, bv, dense(fast_full.data(), size, n), workspace.data());
      EXPECT_EQ(reference, reference_full);
      EXPECT_EQ(fast, fast_full);
      EXPECT_TRUE(near_all(fast, reference, 2e-5, 1e-5));
    }
  }
}

TEST_P(TriangularProducts, AddABtLowerTakesTheFullProductsBitsOnAndBelowTheDiagonal) {
  const std::size_t size = GetParam(), pad = 3, stride = size + pad;
  std::uint32_t seed = 400 + static_cast<std::uint32_t>(size);
  for (const std::size_t k : {std::size_t{1}, std::size_t{16}, size + 2}) {
    SCOPED_TRACE(::testing::Message() << "k " << k);
    const auto a = testing::random_values(size * k, ++seed), b = testing::random_values(size * k, ++seed);
    const auto c0 = testing::random_values(size * stride, ++seed);  // C a view into wider rows
    const ConstMatrixView av = dense(a.data(), size, k), bv = dense(b.data(), size, k);
    std::vector<float> workspace(add_a_bt_workspace_floats_fast(k, size));
    std::vector<float> reference = c0, reference_full = c0, fast = c0, fast_full = c0;
    auto view = [&](std::vector<float>& c) { return MatrixView{c.data(), size, size, stride}; };
    add_a_bt_lower_reference(av, bv, view(reference), nullptr);
    add_a_bt_reference(av, bv, view(reference_full), nullptr);
    add_a_bt_lower_fast(av, bv, view(fast), workspace.data());
    add_a_bt_fast(av, bv, view(fast_full), workspace.data());
    for (std::size_t i = 0; i < size; ++i) {
      for (std::size_t j = 0; j < stride; ++j) {
        const std::size_t at = i * stride + j;
        const bool lower = j <= i && j < size;
        EXPECT_EQ(reference[at], lower ? reference_full[at] : c0[at]) << i << ", " << j;
        EXPECT_EQ(fast[at], lower ? fast_full[at] : c0[at]) << i << ", " << j;
      }
    }
    EXPECT_TRUE(near_all(fast, reference, 2e-5, 1e-5));
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, TriangularProducts, ::testing::ValuesIn(kTriangleSizes));

}  // namespace
}  // namespace attn
