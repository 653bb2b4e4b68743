#include "sampling.h"

#include <algorithm>
#include <vector>

#include "attn/most_likely.h"

namespace attn::model {

int most_likely_token(const float* logits, std::size_t first, std::size_t v) {
  return static_cast<int>(std::max_element(logits + first, logits + v) - logits);
}

float max_logit(const float* logits, std::size_t first, std::size_t v) {
  return *std::max_element(logits + first, logits + v);
}

double softmax_sum(const float* logits, std::size_t first, std::size_t v, float top, float temperature) {
  double sum = 0;
  for (std::size_t i = first; i < v; ++i) sum += softmax_term(logits[i], top, temperature);
  return sum;
}

std::size_t most_likely_tokens(const float* p, std::size_t v, std::size_t count, int* ids, float* probabilities) {
  // Only tokens with some probability compete (a softmax in float can round the unlikeliest to zero).
  std::vector<int> candidates;
  candidates.reserve(v);
  for (std::size_t i = 0; i < v; ++i)
    if (p[i] > 0) candidates.push_back(static_cast<int>(i));
  const std::size_t kept = std::min(count, candidates.size());
  // A total order (probability, then id), so the partial sort gives exactly a stable full sort's first `kept`.
  std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(kept), candidates.end(),
                    [p](int a, int b) { return p[a] > p[b] || (p[a] == p[b] && a < b); });
  for (std::size_t r = 0; r < kept; ++r) {
    ids[r] = candidates[r];
    probabilities[r] = p[candidates[r]];
  }
  return kept;
}

}  // namespace attn::model
