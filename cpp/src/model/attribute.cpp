// A sentence's attribution: the translator's maps turned into raw / rollout / flow relevance, the experiment
// that removes each source word in turn, and how well each method's ranking of the words agrees with it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/attribution.h"

namespace attn::attribution {
namespace {

using model::Decoding;
using model::Translation;
using model::Translator;

// The greedy translation's words (not its <eos>), at most as many as forcing accepts.
std::vector<std::string> greedy_words(Translator& translator, const std::vector<std::string>& words,
                                      float temperature) {
  Translation greedy = translator.translate_words(words, temperature);
  if (!greedy.target.empty() && greedy.target.back() == translator.model().target.word(model::kTargetEnd))
    greedy.target.pop_back();
  const std::size_t fit = std::min<std::size_t>(translator.model().config.max_positions, model::kMaxTargetTokens) - 1;
  if (greedy.target.size() > fit) greedy.target.resize(fit);
  return greedy.target;
}

// p(target[t]) at every row of a forced translation.
std::vector<double> target_probabilities(const Translator& translator, const Translation& forced) {
  const std::size_t v = translator.model().config.target_vocabulary;
  std::vector<double> p(forced.target.size());
  for (std::size_t t = 0; t < p.size(); ++t)
    p[t] = forced.probabilities[t * v + static_cast<std::size_t>(translator.model().target.id(forced.target[t]))];
  return p;
}

// A running mean of one method's row correlations, over the rows where they are defined.
struct RunningMean {
  double sum = 0;
  std::size_t rows = 0;
  double mean() const { return rows ? sum / static_cast<double>(rows) : std::numeric_limits<double>::quiet_NaN(); }
};

// Agreement of one method's T × S rows with removal's T × (S − 1): each row's Spearman over the source words
// into `per_row` and into the running mean.
void agree(const std::vector<double>& method, const std::vector<double>& removal, std::size_t t_rows, std::size_t s,
           std::vector<double>& per_row, RunningMean& running) {
  per_row.resize(t_rows);
  for (std::size_t t = 0; t < t_rows; ++t) {
    per_row[t] = spearman(&method[t * s], &removal[t * (s - 1)], s - 1);
    if (!std::isnan(per_row[t])) running.sum += per_row[t], ++running.rows;
  }
}

struct Totals {
  RunningMean raw, rollout, flow;
  // Rows are undefined when removal's row is constant (e.g. a one-word sentence), for every method at once;
  // a method's own row is constant only in a degenerate map.
  Agreement mean() const {
    return {raw.mean(), rollout.mean(), flow.mean(), std::max({raw.rows, rollout.rows, flow.rows})};
  }
};

// Everything but the encoder's own maps (which the pooled agreement does not need) into `out`; adds its
// rows to `totals`.
void attribute_outputs(Translator& translator, const std::vector<std::string>& words, float temperature,
                       Attribution& out, Totals& totals, Translation& forced) {
  Decoding decoding;
  decoding.forced_target = greedy_words(translator, words, temperature);
  forced = translator.translate_words(words, temperature, SIZE_MAX, decoding);
  const std::size_t s = forced.source.size(), t_rows = forced.target.size();
  out.source = forced.source;
  out.target = forced.target;
  out.relevance = source_relevance(forced.encoder_self.data(), forced.layers_encoder, forced.cross_attention.data(),
                                   forced.layers_decoder, forced.heads, t_rows, s);
  const std::vector<double> whole = target_probabilities(translator, forced);
  out.removal.assign(t_rows * (s - 1), 0.0);
  for (std::size_t j = 0; j + 1 < s; ++j) {
    std::vector<std::string> without = words;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(j));
    const std::vector<double> p =
        target_probabilities(translator, translator.translate_words(without, temperature, SIZE_MAX, decoding));
    for (std::size_t t = 0; t < t_rows; ++t) out.removal[t * (s - 1) + j] = whole[t] - p[t];
  }
  agree(out.relevance.raw, out.removal, t_rows, s, out.row_raw, totals.raw);
  agree(out.relevance.rollout, out.removal, t_rows, s, out.row_rollout, totals.rollout);
  agree(out.relevance.flow, out.removal, t_rows, s, out.row_flow, totals.flow);
}

}  // namespace

Attribution attribute(Translator& translator, const std::vector<std::string>& words, float temperature) {
  Attribution out;
  Totals totals;
  Translation forced;
  attribute_outputs(translator, words, temperature, out, totals, forced);
  const std::size_t s = forced.source.size(), heads = forced.heads, layers = forced.layers_encoder;
  out.encoder_raw = head_mean(forced.encoder_self.data() + (layers - 1) * heads * s * s, heads, s, s);
  out.encoder_rollout = rollout(forced.encoder_self.data(), layers, heads, s);
  out.encoder_flow = flow(forced.encoder_self.data(), layers, heads, s);
  out.agreement = totals.mean();
  return out;
}

Agreement pooled_agreement(Translator& translator, const std::vector<std::vector<std::string>>& sentences) {
  Totals totals;
  for (const auto& words : sentences) {
    Attribution out;
    Translation forced;
    attribute_outputs(translator, words, 1.0f, out, totals, forced);
  }
  return totals.mean();
}

}  // namespace attn::attribution
