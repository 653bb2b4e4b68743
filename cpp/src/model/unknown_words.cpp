// Unknown words carried rather than refused: training masks aligned word pairs as <unk>, translating copies
// the source word an output <unk> attends to, and an evaluation of how often that copy is right.
#include <algorithm>

#include "../data/rng.h"
#include "attn/training.h"

namespace attn::model {

std::vector<std::size_t> copy_candidates(const std::vector<int>& source) {
  std::vector<std::size_t> unknown, words;
  for (std::size_t j = 0; j + 1 < source.size(); ++j) {  // the last is <eos>
    words.push_back(j);
    if (source[j] == kSourceUnknown) unknown.push_back(j);
  }
  return unknown.empty() ? words : unknown;
}

int copy_source(const float* rows, std::size_t heads, std::size_t head_stride,
                const std::vector<std::size_t>& candidates) {
  int best = -1;
  float best_weight = 0;
  for (std::size_t j : candidates) {
    float weight = 0;
    for (std::size_t h = 0; h < heads; ++h) weight += rows[h * head_stride + j];
    if (best < 0 || weight > best_weight) best = static_cast<int>(j), best_weight = weight;
  }
  return best;
}

std::vector<int> copy_unknown_words(const std::vector<float>& cross_attention, std::size_t layers, std::size_t heads,
                                    const std::vector<int>& source, const std::vector<int>& target, int unknown) {
  const std::size_t rows = target.size(), s = source.size();
  const float* last_layer = cross_attention.data() + (layers - 1) * heads * rows * s;
  const std::vector<std::size_t> candidates = copy_candidates(source);
  std::vector<int> copied(rows, -1);
  for (std::size_t t = 0; t < rows; ++t)
    if (target[t] == unknown) copied[t] = copy_source(last_layer + t * s, heads, rows * s, candidates);
  return copied;
}

std::vector<std::size_t> maskable_words(const corpus::SentencePair& pair) {
  std::vector<std::size_t> aligned(pair.source.size(), 0);  // target words aligned to each source word
  for (int i : pair.alignment)
    if (i != corpus::kUnaligned) ++aligned[static_cast<std::size_t>(i)];
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < aligned.size(); ++i)
    if (aligned[i] == 1) out.push_back(i);
  return out;
}

UnknownWordMasker::UnknownWordMasker(float rate, std::uint64_t seed) : rate_(rate), state_(seed) {}

void UnknownWordMasker::mask(corpus::SentencePair& pair) {
  if (rate_ <= 0) return;
  Rng rng(state_);
  for (std::size_t i : maskable_words(pair)) {
    if (!rng.chance(rate_)) continue;
    pair.source[i] = kUnknownWord;
    for (std::size_t t = 0; t < pair.alignment.size(); ++t)
      if (pair.alignment[t] == static_cast<int>(i)) pair.target[t] = kUnknownWord;
  }
  state_ = rng.state();
}

CopyEvaluation evaluate_copying(Translator& translator, const std::vector<corpus::SentencePair>& pairs,
                                const std::string& made_up) {
  CopyEvaluation e;
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const std::vector<std::size_t> maskable = maskable_words(pairs[p]);
    if (maskable.empty()) continue;
    const std::size_t word = maskable[p % maskable.size()];
    std::vector<std::string> source = pairs[p].source, expected = pairs[p].target;
    source[word] = made_up;
    const std::size_t position = static_cast<std::size_t>(
        std::find(pairs[p].alignment.begin(), pairs[p].alignment.end(), static_cast<int>(word)) -
        pairs[p].alignment.begin());
    expected[position] = made_up;
    expected.emplace_back("<eos>");
    const Translation t = translator.translate_words(source, 1.0f, expected.size());
    ++e.sentences;
    e.exact += t.target == expected;
    e.placed += position < t.target.size() && t.target[position] == made_up;
    e.copied += std::find(t.target.begin(), t.target.end(), made_up) != t.target.end();
  }
  return e;
}

}  // namespace attn::model
