// Shared helpers for the kernel tests: seeded random matrices and comparisons with stated tolerances.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace attn::testing {

// True in the hardening tree (AddressSanitizer, scripts/sanitize.sh), where the code runs 5-15x slower. Properties
// checked over many sentences take a sample there: a memory or undefined-behaviour error shows on a path's first
// sentences as on its hundredth, and the native run keeps the full counts.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ATTN_UNDER_ADDRESS_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(ATTN_UNDER_ADDRESS_SANITIZER)
#define ATTN_UNDER_ADDRESS_SANITIZER 1
#endif
#ifdef ATTN_UNDER_ADDRESS_SANITIZER
inline constexpr bool kUnderSanitizers = true;
#else
inline constexpr bool kUnderSanitizers = false;
#endif

// `native` cases natively, `sanitized` under the sanitizers (see kUnderSanitizers).
constexpr std::size_t cases(std::size_t native, std::size_t sanitized) { return kUnderSanitizers ? sanitized : native; }

// Sizes below, at and above every vector width we build for (4 for SSE/wasm, 8 for AVX, 16 for AVX-512).
inline const std::vector<std::size_t> kSizes = {1, 3, 4, 5, 7, 8, 17, 64, 65};

inline std::vector<float> random_values(std::size_t count, std::uint32_t seed, float lo = -1.0f, float hi = 1.0f) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> out(count);
  for (float& x : out) x = dist(rng);
  return out;
}

// An explicit mask with roughly `keep` of the entries allowed and, when there are two rows or more, row 1
// fully masked (the case where a careless softmax divides 0 by 0).
inline std::vector<std::uint8_t> random_mask(std::size_t sq, std::size_t sk, std::uint32_t seed, double keep = 0.6) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution allowed(keep);
  std::vector<std::uint8_t> out(sq * sk);
  for (auto& m : out) m = allowed(rng) ? 1 : 0;
  if (sq >= 2) std::fill(out.begin() + sk, out.begin() + 2 * sk, 0);
  return out;
}

// |actual - expected| <= abs_tol + rel_tol * |expected| element-wise, reporting the first failure's index.
inline ::testing::AssertionResult near_all(const std::vector<float>& actual, const std::vector<float>& expected,
                                           double abs_tol, double rel_tol) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure() << "sizes differ: " << actual.size() << " vs " << expected.size();
  }
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const double a = actual[i], e = expected[i];
    if (!std::isfinite(a) || std::fabs(a - e) > abs_tol + rel_tol * std::fabs(e)) {
      return ::testing::AssertionFailure() << "element " << i << ": got " << a << ", expected " << e << " (abs_tol "
                                           << abs_tol << ", rel_tol " << rel_tol << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

}  // namespace attn::testing
