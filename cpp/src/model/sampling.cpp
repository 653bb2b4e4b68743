#include "sampling.h"

#include <algorithm>

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

}  // namespace attn::model
