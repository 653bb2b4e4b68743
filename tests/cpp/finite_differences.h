// Backward passes against central finite differences, shared by the translator's and the language model's
// gradient tests.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

namespace attn::testing {

constexpr float kStep = 1e-3f;
// |analytic − numeric| ≤ 1e-3 + 1e-2·|numeric|: central differences with h = 1e-3 carry errors of about
// h²·f''' (1e-6) plus float rounding of the forward pass over h (≈ |L|·1e-7/1e-3 = 1e-4·|L|).
//
// ReLU has a kink: when nudging a value flips the sign of some ReLU input, finite differences straddle the
// kink and mean nothing there. `relu_pattern` (optional) reports the signs after each evaluation; such
// coordinates are skipped, and at most a tenth may be.
using ReluPattern = std::function<std::vector<bool>()>;
inline ::testing::AssertionResult gradients_match(const std::function<double()>& loss, std::vector<float>& values,
                                                  const std::vector<float>& analytic, const char* what,
                                                  const ReluPattern& relu_pattern = nullptr) {
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const float saved = values[i];
    values[i] = saved + kStep;
    const double up = loss();
    const std::vector<bool> pattern_up = relu_pattern ? relu_pattern() : std::vector<bool>{};
    values[i] = saved - kStep;
    const double down = loss();
    const bool straddles_kink = relu_pattern && relu_pattern() != pattern_up;
    values[i] = saved;
    loss();  // leave the activations as they were
    if (straddles_kink) {
      ++skipped;
      continue;
    }
    const double numeric = (up - down) / (2.0 * kStep);
    if (std::fabs(analytic[i] - numeric) > 1e-3 + 1e-2 * std::fabs(numeric)) {
      return ::testing::AssertionFailure()
             << what << "[" << i << "]: backward " << analytic[i] << ", finite differences " << numeric;
    }
  }
  if (skipped * 10 > values.size()) {
    return ::testing::AssertionFailure() << what << ": " << skipped << " of " << values.size()
                                         << " straddle a ReLU kink";
  }
  return ::testing::AssertionSuccess();
}

inline void append_pattern(std::vector<bool>& all, const std::vector<float>& hidden) {
  for (float h : hidden) all.push_back(h > 0);
}

}  // namespace attn::testing
