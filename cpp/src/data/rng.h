// SplitMix64: a tiny, fast, seedable generator whose output is fully specified, so every platform and
// standard library draws the same numbers (std::uniform_*_distribution is implementation-defined).
#pragma once

#include <cstdint>

namespace attn {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next_u64() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for n > 0 (multiply-shift: bias below 2^-32 for the small n used here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next_u64() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  // Uniform in [0, 1) with 24 random bits: exactly representable as a float.
  float unit() { return static_cast<float>(next_u64() >> 40) * (1.0f / 16777216.0f); }
  bool chance(float p) { return unit() < p; }
  // Standard normal (Box-Muller on two uniforms in (0, 1]).
  double normal();

  std::uint64_t state() const { return state_; }

 private:
  std::uint64_t state_;
};

}  // namespace attn
