// The distribution a generated token is drawn from (sampling_distribution): with nothing cut, the kernel set's softmax
// at the temperature, within float rounding of the softmax in double; with top-k or top-p, the tokens and bits of a
// stable sort of the ids by their terms (most likely first, equal terms in id order), cut and renormalised in that
// order, on seeded logits full of ties.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

#include "../../cpp/src/data/rng.h"
#include "../../cpp/src/model/sampling.h"
#include "attn/kernel_set.h"
#include "attn/language_model_training.h"

namespace attn::model {
namespace {

// Seeded logits in [-8, 8), rounded to a quarter so that many are equal.
std::vector<float> tied_logits(std::size_t v, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<float> logits(v);
  for (float& l : logits) l = std::round((rng.unit() * 16.0f - 8.0f) * 4.0f) / 4.0f;
  return logits;
}

// The distribution with buffers of its own (generate() keeps them from token to token).
std::vector<float> distribution(const KernelSet& kernels, const std::vector<float>& logits, const Sampling& s) {
  std::vector<float> p, workspace;
  sampling_distribution(kernels, logits, s, p, workspace);
  return p;
}

// What generation did before: the ids stably sorted by their terms, cut by top_k then top_p, renormalised.
std::vector<float> by_stable_sort(const std::vector<float>& logits, const Sampling& s) {
  const std::size_t v = logits.size();
  const float top = *std::max_element(logits.begin(), logits.end());
  std::vector<std::pair<double, std::size_t>> ranked;
  for (std::size_t i = 0; i < v; ++i)
    ranked.emplace_back(std::exp(static_cast<double>(logits[i] - top) / s.temperature), i);
  double sum = 0;
  for (const auto& [e, id] : ranked) sum += e;
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t limit = s.top_k ? std::min(s.top_k, v) : v;
  std::size_t keep = 0;
  for (double mass = 0; keep < limit;) {
    mass += ranked[keep++].first / sum;
    if (mass >= s.top_p) break;
  }
  const double kept_sum = std::accumulate(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(keep), 0.0,
                                          [](double total, const auto& r) { return total + r.first; });
  std::vector<float> p(v, 0.0f);
  for (std::size_t r = 0; r < keep; ++r) p[ranked[r].second] = static_cast<float>(ranked[r].first / kept_sum);
  return p;
}

TEST(SamplingDistribution, NothingCutIsTheSoftmaxAtTheTemperature) {
  // The kernel set's row softmax: in double in the reference set, xsimd's float exp in the fast one; either within
  // float rounding of the softmax in double.
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const std::vector<float> logits = tied_logits(256, seed);
      Sampling s;
      s.temperature = 0.8f;
      const std::vector<float> p = distribution(*kernels, logits, s);
      const float top = *std::max_element(logits.begin(), logits.end());
      double sum = 0;
      for (float l : logits) sum += std::exp(static_cast<double>(l - top) / s.temperature);
      double total = 0;
      for (std::size_t i = 0; i < p.size(); ++i) {
        const double expected = std::exp(static_cast<double>(logits[i] - top) / s.temperature) / sum;
        EXPECT_NEAR(p[i], expected, 1e-9 + 2e-6 * expected)
            << "token " << i << ", seed " << seed << (kernels == &reference_kernels() ? ", reference" : ", fast");
        total += p[i];
      }
      EXPECT_NEAR(total, 1.0, 1e-5);
      s.top_k = logits.size();  // a top-k of the whole vocabulary cuts nothing either
      EXPECT_EQ(distribution(*kernels, logits, s), p);
    }
  }
}

TEST(SamplingDistribution, CutsKeepTheStableSortsTokensAndBits) {
  const Sampling cuts[] = {{1.0f, 1, 1.0f, 1},  {0.8f, 3, 1.0f, 1},  {1.0f, 0, 0.5f, 1},
                           {0.7f, 40, 0.9f, 1}, {1.3f, 0, 0.99f, 1}, {1.0f, 255, 1e-6f, 1}};
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const std::vector<float> logits = tied_logits(seed % 2 ? 256 : 37, seed);
    for (const Sampling& s : cuts) {
      const std::vector<float> expected = by_stable_sort(logits, s);
      EXPECT_EQ(distribution(reference_kernels(), logits, s), expected)
          << "seed " << seed << ", top_k " << s.top_k << ", top_p " << s.top_p << ", temperature " << s.temperature;
      EXPECT_LE(std::count_if(expected.begin(), expected.end(), [](float x) { return x > 0; }),
                static_cast<std::ptrdiff_t>(s.top_k ? s.top_k : logits.size()));
    }
  }
}

TEST(SamplingDistribution, KeptBuffersGiveWhatFreshOnesGive) {
  // generate() passes the same p and workspace at every token: nothing of one token's distribution (a larger
  // vocabulary's tail, a cut's zeros, a greedy one-hot) may reach the next.
  const Sampling settings[] = {{0.8f, 0, 1.0f, 1}, {1.0f, 3, 1.0f, 1}, {0.0f, 0, 1.0f, 1}, {1.3f, 0, 0.9f, 1}};
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    std::vector<float> p, workspace;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const std::vector<float> logits = tied_logits(seed % 3 ? 256 : 37, seed);
      const Sampling& s = settings[seed % 4];
      sampling_distribution(*kernels, logits, s, p, workspace);
      EXPECT_EQ(p, distribution(*kernels, logits, s)) << "seed " << seed << ", setting " << seed % 4;
    }
  }
}

}  // namespace
}  // namespace attn::model
