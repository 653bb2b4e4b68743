// Softmax-and-draw over one row of logits, shared by the translator's sampled decoding and the language model's
// generation. Tokens below `first` are never drawn (the translator's <bos> is an input marker, never an output).
#pragma once

#include <cstddef>
#include <vector>

#include "../data/rng.h"

namespace attn::model {

// The most likely of tokens [first, v) by their logits, ties to the lowest id.
int most_likely_token(const float* logits, std::size_t first, std::size_t v);

// exp((logit − max) / temperature) for tokens [first, v) into `terms` (v entries, the ones below `first` 0), the
// max over those tokens; returns their sum, taken in token order.
double softmax_terms(const float* logits, std::size_t first, std::size_t v, float temperature,
                     std::vector<double>& terms);

// A token drawn from `p` (v probabilities; those below `first` ignored) by the inverse CDF on one uniform draw of
// `rng`; the last token with any probability takes the rounding remainder. `Sum` is the running sum's type: the
// translator has always summed in double and the language model in float, and each keeps its own so that every
// seeded sample stays the one it was.
template <typename Sum>
int draw_token(const float* p, std::size_t first, std::size_t v, Rng& rng) {
  const Sum u = rng.unit();
  Sum cumulative = 0;
  int last = static_cast<int>(first);
  for (std::size_t i = first; i < v; ++i) {
    if (p[i] <= 0) continue;
    cumulative += p[i];
    last = static_cast<int>(i);
    if (u < cumulative) return last;
  }
  return last;
}

}  // namespace attn::model
