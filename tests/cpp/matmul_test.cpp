// C = A B (+ bias): the packed-panel micro-kernel against the double reference at every size, with dense and
// strided operands. Tolerance: 1e-5 absolute + 1e-5 relative for inputs in [-1, 1] and depth <= 65.
#include <gtest/gtest.h>

#include "attn/matmul.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::kSizes;
using testing::near_all;

class MatmulVsReference : public ::testing::TestWithParam<std::size_t> {};

TEST_P(MatmulVsReference, DenseWithAndWithoutBias) {
  const std::size_t n = GetParam();
  struct Shape {
    std::size_t m, k, n;
  };
  std::uint32_t seed = static_cast<std::uint32_t>(n);
  for (const Shape& s : {Shape{n, n, n}, Shape{n, 3, n + 1}, Shape{5, n, 2}, Shape{n + 3, 7, 33}}) {
    const auto a = testing::random_values(s.m * s.k, ++seed), b = testing::random_values(s.k * s.n, ++seed);
    const auto bias = testing::random_values(s.n, ++seed);
    for (const float* bias_ptr : {static_cast<const float*>(nullptr), bias.data()}) {
      std::vector<float> expected(s.m * s.n, -7.0f), actual(s.m * s.n, -7.0f);
      std::vector<float> workspace(matmul_workspace_floats_fast(s.k, s.n));
      matmul_reference(dense(a.data(), s.m, s.k), dense(b.data(), s.k, s.n), bias_ptr, dense(expected.data(), s.m, s.n),
                       nullptr);
      matmul_fast(dense(a.data(), s.m, s.k), dense(b.data(), s.k, s.n), bias_ptr, dense(actual.data(), s.m, s.n),
                  workspace.data());
      SCOPED_TRACE(::testing::Message() << s.m << "x" << s.k << " . " << s.k << "x" << s.n << " bias "
                                        << (bias_ptr != nullptr));
      EXPECT_TRUE(near_all(actual, expected, 1e-5, 1e-5));
    }
  }
}

TEST_P(MatmulVsReference, StridedViewsLeaveTheGapsAlone) {
  const std::size_t n = GetParam(), pad = 3;
  const auto a = testing::random_values(n * (n + pad), 11), b = testing::random_values(n * (n + pad), 12);
  std::vector<float> expected(n * (n + pad), 42.0f), actual(n * (n + pad), 42.0f);
  std::vector<float> workspace(matmul_workspace_floats_fast(n, n));
  const ConstMatrixView av{a.data(), n, n, n + pad}, bv{b.data(), n, n, n + pad};
  matmul_reference(av, bv, nullptr, {expected.data(), n, n, n + pad}, nullptr);
  matmul_fast(av, bv, nullptr, {actual.data(), n, n, n + pad}, workspace.data());
  EXPECT_TRUE(near_all(actual, expected, 1e-5, 1e-5));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t p = n; p < n + pad; ++p) EXPECT_EQ(actual[i * (n + pad) + p], 42.0f);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulVsReference, ::testing::ValuesIn(kSizes));

}  // namespace
}  // namespace attn
