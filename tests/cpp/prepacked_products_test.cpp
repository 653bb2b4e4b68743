// Products with B packed once (attn/kernel_set.h's matmul_pack and add_a_bt_pack, what the language model's trainer
// does once per step for its weights): each set's prepacked twin gives the bits of its plain product, at sizes around
// the SIMD width and for one or two rows of A (where the fast matmul reads B in place instead).
#include <gtest/gtest.h>

#include <algorithm>

#include "attn/kernel_set.h"
#include "test_util.h"

namespace attn {
namespace {

class PrepackedProducts : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PrepackedProducts, GiveThePlainProductsBits) {
  const std::size_t size = GetParam();
  std::uint32_t seed = 500 + static_cast<std::uint32_t>(size);
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    for (const std::size_t rows : {std::size_t{1}, std::size_t{2}, std::size_t{5}, size}) {
      SCOPED_TRACE(::testing::Message() << (kernels == &fast_kernels() ? "fast" : "reference") << ", rows " << rows);
      const std::size_t k = size + 1, n = size;
      const auto a = testing::random_values(rows * k, ++seed), w = testing::random_values(k * n, ++seed);
      const auto bias = testing::random_values(n, ++seed), dy = testing::random_values(rows * n, ++seed);
      const ConstMatrixView wv = dense(w.data(), k, n);
      std::vector<float> packed(std::max<std::size_t>(1, kernels->matmul_workspace_floats(k, n)));
      std::vector<float> workspace(packed.size());
      // y = a·W + b
      std::vector<float> plain(rows * n), prepacked(rows * n);
      kernels->matmul(dense(a.data(), rows, k), wv, bias.data(), dense(plain.data(), rows, n), workspace.data());
      kernels->matmul_pack(wv, packed.data());
      kernels->matmul_prepacked(dense(a.data(), rows, k), wv, packed.data(), bias.data(),
                                dense(prepacked.data(), rows, n));
      EXPECT_EQ(prepacked, plain);
      // dx += dy·Wᵀ, into a dx that is not zero
      const auto dx0 = testing::random_values(rows * k, ++seed);
      std::vector<float> plain_dx = dx0, prepacked_dx = dx0;
      packed.assign(std::max<std::size_t>(1, kernels->add_a_bt_workspace_floats(n, k)), 0.0f);
      workspace.resize(packed.size());
      kernels->add_a_bt(dense(dy.data(), rows, n), wv, dense(plain_dx.data(), rows, k), workspace.data());
      kernels->add_a_bt_pack(wv, packed.data());
      kernels->add_a_bt_prepacked(dense(dy.data(), rows, n), wv, packed.data(), dense(prepacked_dx.data(), rows, k));
      EXPECT_EQ(prepacked_dx, plain_dx);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, PrepackedProducts, ::testing::ValuesIn(testing::kSizes));

}  // namespace
}  // namespace attn
