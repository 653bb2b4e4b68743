#include "sampling.h"

#include <algorithm>
#include <cmath>

namespace attn::model {

int most_likely_token(const float* logits, std::size_t first, std::size_t v) {
  return static_cast<int>(std::max_element(logits + first, logits + v) - logits);
}

double softmax_terms(const float* logits, std::size_t first, std::size_t v, float temperature,
                     std::vector<double>& terms) {
  const float top = *std::max_element(logits + first, logits + v);
  terms.assign(v, 0.0);
  double sum = 0;
  for (std::size_t i = first; i < v; ++i)
    sum += terms[i] = std::exp(static_cast<double>(logits[i] - top) / temperature);
  return sum;
}

}  // namespace attn::model
