// A step's most likely tokens (most_likely_tokens), against the order a full stable sort of the whole distribution
// gives (what web/lib's translate() used to build: most likely first, equal ones in id order, no token without
// probability): seeded distributions full of ties, zeros and a NaN, at small counts (kept in order as they come)
// and large ones (a partial sort), and beyond the candidates. And the single most likely (most_likely_token, which
// screens eight values at a time), against std::max_element at every width around its blocks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../../cpp/src/data/rng.h"
#include "../../cpp/src/model/sampling.h"
#include "attn/most_likely.h"

namespace attn::model {
namespace {

struct Choice {
  int id;
  float probability;
  bool operator==(const Choice& o) const { return id == o.id && probability == o.probability; }
};

// The first `count` of every token with probability, stably sorted by probability, most likely first.
std::vector<Choice> by_full_sort(const std::vector<float>& p, std::size_t count) {
  std::vector<Choice> all;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) all.push_back({static_cast<int>(i), p[i]});
  std::stable_sort(all.begin(), all.end(),
                   [](const Choice& a, const Choice& b) { return a.probability > b.probability; });
  if (all.size() > count) all.resize(count);
  return all;
}

std::vector<Choice> by_selection(const std::vector<float>& p, std::size_t count) {
  std::vector<int> ids(count, -1);
  std::vector<float> probabilities(count, -1.0f);
  const std::size_t n = most_likely_tokens(p.data(), p.size(), count, ids.data(), probabilities.data());
  EXPECT_LE(n, count);
  for (std::size_t r = n; r < count; ++r) EXPECT_EQ(ids[r], -1) << "wrote past the " << n << " it returned";
  std::vector<Choice> out;
  for (std::size_t r = 0; r < n; ++r) out.push_back({ids[r], probabilities[r]});
  return out;
}

// `v` probabilities drawn from a handful of values (ties everywhere), about a fifth of them zero.
std::vector<float> tied_distribution(Rng& rng, std::size_t v) {
  const float values[] = {0.0f, 0.5f, 0.25f, 0.125f, 1e-30f, 0.25f};
  std::vector<float> p(v);
  for (float& x : p) x = values[rng.below(6)];
  return p;
}

TEST(MostLikelyTokens, MatchesAStableFullSortOnTiesAtEveryCount) {
  Rng rng(61);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t v = 1 + rng.below(64);
    const std::vector<float> p = tied_distribution(rng, v);
    for (std::size_t count : {0, 1, 2, 3, 5, 10, 63, 64, 65, 100})
      ASSERT_EQ(by_selection(p, count), by_full_sort(p, count)) << "trial " << trial << ", count " << count;
  }
}

TEST(MostLikelyTokens, MatchesAStableFullSortOnASoftmaxOverAVocabulary) {
  Rng rng(7);
  std::vector<float> p(791);
  for (int trial = 0; trial < 20; ++trial) {
    double sum = 0;
    for (float& x : p) sum += x = std::exp(static_cast<float>(rng.normal() * 8));
    for (float& x : p) x = static_cast<float>(x / sum);  // many underflow to zero, as a sharp softmax's do
    p[0] = 0;                                            // the translator's <bos>
    for (std::size_t count : {1, 10, 64, 65, 790, 791}) ASSERT_EQ(by_selection(p, count), by_full_sort(p, count));
  }
}

TEST(MostLikelyTokens, NeverChoosesATokenWithoutProbability) {
  const std::vector<float> p = {0.0f, NAN, 0.25f, -0.0f, 0.25f, 0.5f};
  EXPECT_EQ(by_selection(p, 10), (std::vector<Choice>{{5, 0.5f}, {2, 0.25f}, {4, 0.25f}}));
  EXPECT_TRUE(by_selection(std::vector<float>(4, 0.0f), 3).empty());
}

TEST(MostLikelyToken, IsMaxElementsAnswerAtEveryWidthAroundItsBlocks) {
  Rng rng(62);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t v = 1 + rng.below(40);
    std::vector<float> logits = tied_distribution(rng, v);        // ties everywhere
    for (float& x : logits) x -= 0.3f;                            // and negative logits
    if (trial % 4 == 0) logits[rng.below(v)] = NAN;               // a NaN anywhere, first included
    if (trial % 8 == 1) std::sort(logits.begin(), logits.end());  // every value a new best
    for (std::size_t first : {0, 1, 7, 8, 9}) {
      if (first > v) continue;
      const auto expected = std::max_element(logits.begin() + first, logits.end()) - logits.begin();
      ASSERT_EQ(most_likely_token(logits.data(), first, v), expected) << "trial " << trial << ", first " << first;
      if (first == v) continue;
      const float top = max_logit(logits.data(), first, v), wanted = logits[static_cast<std::size_t>(expected)];
      ASSERT_TRUE(top == wanted || (std::isnan(top) && std::isnan(wanted))) << top << " for " << wanted;
    }
  }
}

}  // namespace
}  // namespace attn::model
