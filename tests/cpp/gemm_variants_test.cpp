// The benchmark's micro-kernel shapes (cpp/tools/bench/gemm_variants.hpp) against the double reference at
// every remainder of their 4-row × 2-vector tile in M, N and K (0 and 1 included), A strided: a GFLOP/s figure
// of a wrong product would mean nothing. The wasm bench checks them again, in the module, before timing.
#include <gtest/gtest.h>

#include <xsimd/xsimd.hpp>

#include "attn/matmul.h"
#include "gemm_variants.hpp"
#include "test_util.h"

namespace attn {
namespace {

using Variants = bench::GemmVariants<xsimd::default_arch>;

TEST(GemmVariants, EveryShapeMatchesTheReferenceAtEveryRemainder) {
  const std::size_t width = Variants::kWidth, pad = 2;
  std::uint32_t seed = 5;
  for (const bench::GemmVariant variant : bench::kGemmVariants) {
    for (std::size_t m = 0; m <= 2 * Variants::kRows + 1; ++m) {
      for (const std::size_t k : {0, 1, 2, 3, 4, 5, 7, 9, 16}) {
        for (const std::size_t n : {std::size_t{0}, std::size_t{1}, width - 1, width, width + 1, 2 * width + 3}) {
          const auto a = testing::random_values(m * (k + pad), ++seed), b = testing::random_values(k * n, ++seed);
          const ConstMatrixView av{a.data(), m, k, k + pad};
          std::vector<float> expected(m * n), actual(m * n, 42.0f), packed(matmul_workspace_floats_fast(k, n)),
              scratch(Variants::scratch_floats(m, k));
          matmul_reference(av, dense(b.data(), k, n), nullptr, dense(expected.data(), m, n), nullptr);
          Variants::Gemm::pack(dense(b.data(), k, n), packed.data());
          Variants::multiply(variant, av, packed.data(), n, dense(actual.data(), m, n), scratch.data());
          SCOPED_TRACE(::testing::Message()
                       << "variant " << static_cast<int>(variant) << ": " << m << "x" << k << " . " << k << "x" << n);
          EXPECT_TRUE(testing::near_all(actual, expected, 1e-5, 1e-5));
        }
      }
    }
  }
}

}  // namespace
}  // namespace attn
