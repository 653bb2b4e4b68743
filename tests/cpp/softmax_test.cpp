// Row softmax with scale, temperature and masks: fast vs reference at every size, and its defining
// properties (shift invariance, soft argmax, stability at huge logits).
// Tolerance: 1e-6 absolute + (1e-5 + 4·L·2⁻²⁴) relative, where L is the largest |logit| after scale and
// temperature: the fast path rounds each logit to float, which moves exp() by about |logit|·2⁻²⁴.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "attn/attention.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::kSizes;
using testing::near_all;

std::vector<float> softmax(std::vector<float> logits, std::size_t rows, std::size_t cols, const Mask& mask,
                           const LogitParams& params, bool fast) {
  std::vector<float> workspace(std::max(softmax_workspace_floats_reference(cols), std::size_t{1}));
  if (fast) {
    softmax_rows_fast(dense(logits.data(), rows, cols), mask, params, workspace.data());
  } else {
    softmax_rows_reference(dense(logits.data(), rows, cols), mask, params, workspace.data());
  }
  return logits;
}

class SoftmaxVsReference : public ::testing::TestWithParam<std::size_t> {};

TEST_P(SoftmaxVsReference, EveryMaskAndMode) {
  const std::size_t cols = GetParam(), rows = cols + 2;
  const auto logits = testing::random_values(rows * cols, static_cast<std::uint32_t>(cols), -30.0f, 30.0f);
  const auto allowed = testing::random_mask(rows, cols, static_cast<std::uint32_t>(cols) + 99);
  for (const Mask& mask : {Mask{}, Mask{MaskKind::causal}, Mask{MaskKind::explicit_, allowed.data()}}) {
    for (const LogitParams& params : {LogitParams{0.125f, 1.0f}, LogitParams{1.0f, 0.05f}, LogitParams{2.0f, 20.0f},
                                      LogitParams{-1.0f, 1.0f}, LogitParams{1.0f, 1.0f, true}}) {
      SCOPED_TRACE(::testing::Message() << "mask " << static_cast<int>(mask.kind) << " scale " << params.scale
                                        << " temperature " << params.temperature << " hard " << params.hard);
      const double largest_logit = 30.0 * std::fabs(params.scale / params.temperature);
      const double rel_tol = 1e-5 + 4 * largest_logit * std::ldexp(1.0, -24);
      EXPECT_TRUE(near_all(softmax(logits, rows, cols, mask, params, true),
                           softmax(logits, rows, cols, mask, params, false), 1e-6, rel_tol));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, SoftmaxVsReference, ::testing::ValuesIn(kSizes));

class SoftmaxProperties : public ::testing::TestWithParam<bool> {};

TEST_P(SoftmaxProperties, ShiftInvariant) {
  const std::vector<float> a = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f}, b = {101.0f, 102.0f, 103.0f, 104.0f, 105.0f};
  EXPECT_TRUE(near_all(softmax(a, 1, 5, {}, {}, GetParam()), softmax(b, 1, 5, {}, {}, GetParam()), 1e-6, 1e-5));
}

TEST_P(SoftmaxProperties, HugeLogitsDoNotOverflow) {
  for (std::size_t n : kSizes) {
    std::vector<float> logits(n);
    for (std::size_t j = 0; j < n; ++j) logits[j] = j % 2 ? 1e4f : -1e4f;
    const auto w = softmax(logits, 1, n, {}, {}, GetParam());
    const std::size_t winners = n / 2;
    for (std::size_t j = 0; j < n; ++j) {
      const float expected = winners == 0 ? 1.0f : (j % 2 ? 1.0f / winners : 0.0f);
      EXPECT_NEAR(w[j], expected, 1e-6) << "n=" << n << " j=" << j;
    }
  }
}

TEST_P(SoftmaxProperties, FullyMaskedRowIsZeroNotNaN) {
  const std::vector<float> logits = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  const std::vector<std::uint8_t> allowed = {0, 0, 0, 1, 0, 1};
  const auto w = softmax(logits, 2, 3, {MaskKind::explicit_, allowed.data()}, {}, GetParam());
  EXPECT_EQ(w[0], 0.0f);
  EXPECT_EQ(w[1], 0.0f);
  EXPECT_EQ(w[2], 0.0f);
  EXPECT_NEAR(w[3] + w[5], 1.0f, 1e-6);
  EXPECT_EQ(w[4], 0.0f);
}

TEST_P(SoftmaxProperties, LowTemperatureApproachesArgmaxHighApproachesUniform) {
  const std::vector<float> logits = {0.3f, 0.9f, 0.1f, 0.5f};
  const auto sharp = softmax(logits, 1, 4, {}, {1.0f, 0.01f}, GetParam());
  const auto flat = softmax(logits, 1, 4, {}, {1.0f, 1000.0f}, GetParam());
  EXPECT_GT(sharp[1], 0.999f);
  for (float w : flat) EXPECT_NEAR(w, 0.25f, 1e-3);
  // Monotone in between: the largest weight falls as temperature rises.
  float previous = 1.0f;
  for (float t : {0.05f, 0.2f, 1.0f, 5.0f, 20.0f}) {
    const auto w = softmax(logits, 1, 4, {}, {1.0f, t}, GetParam());
    const float top = *std::max_element(w.begin(), w.end());
    EXPECT_LT(top, previous) << "temperature " << t;
    previous = top;
  }
}

INSTANTIATE_TEST_SUITE_P(Implementations, SoftmaxProperties, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "fast" : "reference"; });

}  // namespace
}  // namespace attn
