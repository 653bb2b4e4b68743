#include "sampling.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "attn/attention.h"
#include "attn/float4.h"
#include "attn/kernel_set.h"
#include "attn/language_model_training.h"
#include "attn/matrix.h"
#include "attn/most_likely.h"

namespace attn::model {

namespace {

// The first of p[i], ..., p[v - 1] greater than `floor`, or v. Eight at a time: against the best so far, nearly
// every block of a vocabulary has none, which one vector comparison tells (in the module a plain loop's compare and
// branch a value took 4 times the native tool's time: a tenth of a translation).
std::size_t next_above(const float* p, std::size_t i, std::size_t v, float floor) {
  const Float4 floors = {floor, floor, floor, floor};
  for (; i + 8 <= v; i += 8)
    if (any_lane((load_4(p + i) > floors) | (load_4(p + i + 4) > floors))) break;
  for (; i < v; ++i)
    if (p[i] > floor) return i;
  return v;
}

}  // namespace

int most_likely_token(const float* logits, std::size_t first, std::size_t v) {
  // std::max_element's answer: only a strictly larger value moves it (ties keep the lowest id; a NaN after the first
  // never wins).
  if (first >= v) return static_cast<int>(v);
  std::size_t best = first;
  for (std::size_t i = next_above(logits, first + 1, v, logits[first]); i < v;
       i = next_above(logits, i + 1, v, logits[best]))
    best = i;
  return static_cast<int>(best);
}

float max_logit(const float* logits, std::size_t first, std::size_t v) {
  return logits[most_likely_token(logits, first, v)];
}

double softmax_sum(const float* logits, std::size_t first, std::size_t v, float top, float temperature) {
  double sum = 0;
  for (std::size_t i = first; i < v; ++i) sum += softmax_term(logits[i], top, temperature);
  return sum;
}

void sampling_distribution(const KernelSet& kernels, const std::vector<float>& logits, const Sampling& sampling,
                           std::vector<float>& p, std::vector<float>& workspace) {
  const std::size_t v = logits.size();
  if (sampling.temperature <= 0.0f) {  // the most likely token, ties to the lowest id
    p.assign(v, 0.0f);
    p[static_cast<std::size_t>(most_likely_token(logits.data(), 0, v))] = 1.0f;
    return;
  }
  if ((sampling.top_k == 0 || sampling.top_k >= v) && sampling.top_p >= 1.0f) {
    // Nothing cut (the Generate view's default): the softmax itself, without top-p's order. Sorting the vocabulary
    // at every token was a quarter of a token's time; and its running sum, reaching 1 by rounding a few tokens early,
    // could drop a tail of probabilities under 1e-13 that top-p 1 keeps.
    p.assign(logits.begin(), logits.end());
    workspace.resize(std::max(workspace.size(), softmax_workspace_floats_reference(v)));
    LogitParams params;
    params.temperature = sampling.temperature;
    kernels.softmax_rows(dense(p.data(), 1, v), Mask{}, params, workspace.data());
    return;
  }
  p.assign(v, 0.0f);
  std::vector<double> e(v);
  const float top = max_logit(logits.data(), 0, v);
  double sum = 0;
  for (std::size_t i = 0; i < v; ++i) sum += e[i] = softmax_term(logits[i], top, sampling.temperature);
  std::vector<std::size_t> order(v);
  std::iota(order.begin(), order.end(), 0);
  // Most likely first, equal ones in id order (a stable sort's order; std::sort with the ids as the tie-break is
  // 0.3-0.8 kB smaller a build gzipped).
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return e[a] > e[b] || (e[a] == e[b] && a < b); });
  std::size_t keep = sampling.top_k ? std::min(sampling.top_k, v) : v;
  double kept = 0;
  for (std::size_t r = 0; r < keep; ++r) {
    kept += e[order[r]] / sum;
    if (kept >= sampling.top_p) {
      keep = r + 1;
      break;
    }
  }
  double kept_sum = 0;
  for (std::size_t r = 0; r < keep; ++r) kept_sum += e[order[r]];
  for (std::size_t r = 0; r < keep; ++r) p[order[r]] = static_cast<float>(e[order[r]] / kept_sum);
}

namespace {

// Up to this many, a pass that keeps the most likely so far in order: one comparison for nearly every token (with
// the least likely kept), no allocation. A translation's ten a step cost about half as much in the module as the
// partial sort did (its -Oz code calls the comparator at every move of the heap); beyond it the insertions'
// shifting would grow as count × v, so the partial sort.
constexpr std::size_t kKeptInOrderAtMost = 64;

std::size_t kept_in_order(const float* p, std::size_t v, std::size_t count, int* ids, float* probabilities) {
  std::size_t kept = 0;
  // Only strictly more likely than the last kept gets in once `count` are kept (an equal one with a larger id stays
  // behind it), and only a probability above zero before.
  const auto floor = [&] { return kept == count ? probabilities[count - 1] : 0.0f; };
  for (std::size_t i = next_above(p, 0, v, floor()); i < v; i = next_above(p, i + 1, v, floor())) {
    const float x = p[i];
    std::size_t at = kept < count ? kept++ : count - 1;
    for (; at > 0 && probabilities[at - 1] < x; --at) {
      ids[at] = ids[at - 1];
      probabilities[at] = probabilities[at - 1];
    }
    ids[at] = static_cast<int>(i);
    probabilities[at] = x;
  }
  return kept;
}

std::size_t partially_sorted(const float* p, std::size_t v, std::size_t count, int* ids, float* probabilities) {
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

}  // namespace

std::size_t most_likely_tokens(const float* p, std::size_t v, std::size_t count, int* ids, float* probabilities) {
  if (count == 0) return 0;
  return count <= kKeptInOrderAtMost ? kept_in_order(p, v, count, ids, probabilities)
                                     : partially_sorted(p, v, count, ids, probabilities);
}

}  // namespace attn::model
