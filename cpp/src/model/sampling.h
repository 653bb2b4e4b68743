// Softmax-and-draw over one row of logits, shared by the translator's sampled decoding and the language model's
// generation. Tokens below `first` are never drawn (the translator's <bos> is an input marker, never an output).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "../data/rng.h"

namespace attn {
struct KernelSet;
}

namespace attn::model {

struct Sampling;

// The most likely of tokens [first, v) by their logits, ties to the lowest id.
int most_likely_token(const float* logits, std::size_t first, std::size_t v);

// The largest of tokens [first, v)'s logits: what a softmax subtracts from each.
float max_logit(const float* logits, std::size_t first, std::size_t v);
// One softmax term, exp((logit − top) / temperature), in double.
inline double softmax_term(float logit, float top, float temperature) {
  return std::exp(static_cast<double>(logit - top) / temperature);
}
// The softmax's denominator: the terms of tokens [first, v), summed in token order.
double softmax_sum(const float* logits, std::size_t first, std::size_t v, float top, float temperature);
// The distribution `sampling` draws from, over the vocabulary, into `p` (v floats, zero outside the kept set). With
// nothing cut, the kernel set's row softmax (float, xsimd's exp in the fast set; double in the reference set), as a
// translation's output distribution: a double-precision exp per token, a call each in wasm, cost 4-6% of a generated
// token for our 256 bytes and 0.38 ms a token for GPT-2's 50,257 words. With top-k or top-p, the terms in double,
// sorted. `p` and `workspace` (the softmax's) are the caller's, kept from token to token: made afresh they were 3v
// floats allocated and zeroed at every token, 600 kB for GPT-2.
void sampling_distribution(const KernelSet& kernels, const std::vector<float>& logits, const Sampling& sampling,
                           std::vector<float>& p, std::vector<float>& workspace);

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
