// Beam search: the search over any next-token scores, and the translator's use of it, which keeps every
// hypothesis's cross-attention row so a view can draw the tree.
#include <algorithm>
#include <cmath>
#include <limits>

#include "attn/translator.h"

namespace attn::model {

double length_penalty(std::size_t length) {
  return std::pow((5.0 + static_cast<double>(length)) / 6.0, kLengthPenaltyAlpha);
}

std::vector<int> BeamTree::tokens(std::size_t step, std::size_t node) const {
  std::vector<int> out(step + 1);
  for (std::size_t t = step + 1; t-- > 0;) {
    const BeamNode& n = steps[t][node];
    out[t] = n.token;
    node = static_cast<std::size_t>(n.parent);
  }
  return out;
}

namespace {

struct Candidate {
  double score;
  int parent, token, source;
};

// Where a hypothesis's expansion is kept among its step's: the empty prefix (parent -1) first.
std::size_t slot_of(int parent) { return parent < 0 ? 0 : static_cast<std::size_t>(parent) + 1; }

// Higher scores first; ties to the earlier parent, then the lower token (greedy's argmax takes the first).
bool ranks_before(const Candidate& a, const Candidate& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.parent != b.parent ? a.parent < b.parent : a.token < b.token;
}

// Whether the hypotheses `parent` (of step `step - 1`) extends said `token` while attending most to `source`.
bool said_before(const BeamTree& tree, std::size_t step, int parent, int token, int source) {
  for (std::size_t t = step; t-- > 0 && parent >= 0;) {
    const BeamNode& n = tree.steps[t][static_cast<std::size_t>(parent)];
    if (n.token == token && n.source == source) return true;
    parent = n.parent;
  }
  return false;
}

// Whether `a` is a better translation than `b`, both finished or both cut: one that repeats loses to one that
// does not, whatever the scores; then the higher normalised score wins.
bool better(const BeamNode& a, const BeamNode& b) {
  if (a.repeats != b.repeats) return !a.repeats;
  return a.normalized > b.normalized;
}

}  // namespace

BeamTree beam_search(std::size_t width, std::size_t max_tokens, int end_token, const NextTokenScores& next,
                     const AttendedSource& attended) {
  BeamTree tree;
  std::vector<int> open = {-1};  // the hypotheses still open, as indices into the last step (-1: the empty one)
  BeamNode best;                 // the best finished hypothesis so far (a copy), when any_finished
  bool any_finished = false;
  std::vector<double> log_probabilities;
  std::vector<Candidate> candidates;
  for (std::size_t step = 0; step < max_tokens && !open.empty(); ++step) {
    candidates.clear();
    for (int parent : open) {
      const std::vector<int> prefix = parent < 0 ? std::vector<int>{} : tree.tokens(step - 1, parent);
      const double base = parent < 0 ? 0.0 : tree.steps[step - 1][static_cast<std::size_t>(parent)].score;
      next(step, parent, prefix, log_probabilities);
      const int source = attended ? attended(step, parent) : -1;
      for (std::size_t token = 0; token < log_probabilities.size(); ++token)
        if (std::isfinite(log_probabilities[token]))
          candidates.push_back({base + log_probabilities[token], parent, static_cast<int>(token), source});
    }
    const std::size_t kept = std::min(width, candidates.size());
    std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(kept), candidates.end(),
                      ranks_before);
    std::vector<BeamNode> nodes;
    open.clear();
    const double penalty = length_penalty(step + 1);
    for (std::size_t i = 0; i < kept; ++i) {
      const Candidate& c = candidates[i];
      BeamNode& node = nodes.emplace_back();
      node = {c.token, c.parent, c.score, c.score / penalty, c.token == end_token, c.source, false};
      node.repeats = (c.parent >= 0 && tree.steps[step - 1][static_cast<std::size_t>(c.parent)].repeats) ||
                     (!node.finished && c.source >= 0 && said_before(tree, step, c.parent, c.token, c.source));
      if (node.finished) {
        if (!any_finished || better(node, best)) best = node, tree.best_step = step, tree.best_node = i;
        any_finished = true;
      } else {
        open.push_back(static_cast<int>(i));
      }
    }
    tree.steps.push_back(std::move(nodes));
    // Stop when no open hypothesis can still beat the best finished one: one that repeats never beats one that
    // does not, one that does not always may; among equals, score / lp(limit) bounds what an open one can reach.
    if (any_finished) {
      const double reachable = length_penalty(max_tokens);
      const std::vector<BeamNode>& last = tree.steps.back();
      open.erase(std::remove_if(open.begin(), open.end(),
                                [&](int i) {
                                  const BeamNode& n = last[static_cast<std::size_t>(i)];
                                  if (n.repeats != best.repeats) return n.repeats;
                                  return n.score / reachable <= best.normalized;
                                }),
                 open.end());
    }
  }
  // Hypotheses still open at the length limit end there, unfinished: the best of them is the answer only when
  // none finished (a sentence cut short is no translation while a whole one is there).
  if (!any_finished && !tree.steps.empty()) {
    const std::size_t last = tree.steps.size() - 1;
    for (int i : open) {
      const BeamNode& n = tree.steps[last][static_cast<std::size_t>(i)];
      if (!any_finished || better(n, best)) {
        best = n, tree.best_step = last, tree.best_node = static_cast<std::size_t>(i);
        any_finished = true;
      }
    }
  }
  return tree;
}

BeamSearch Translator::decode_beam(const std::vector<int>& source, const std::vector<std::string>& words,
                                   float temperature, std::size_t max_tokens, const Decoding& decoding,
                                   std::vector<int>& best) {
  const Config& c = model_.config;
  const std::size_t s = source.size(), limit = token_limit(max_tokens);
  transformer_.forward(model_.parameters.data(), source, {kTargetBegin}, temperature, activations_);
  // The decoder over <bos> + prefix, the next token's log-probabilities into `out`; returns the input's length.
  auto advance = [&](const std::vector<int>& prefix, std::vector<double>& out) {
    std::vector<int> target_in = {kTargetBegin};
    target_in.insert(target_in.end(), prefix.begin(), prefix.end());
    transformer_.forward_decoder(model_.parameters.data(), target_in, temperature, activations_);
    log_distribution(target_in.size() - 1, decoding.output_temperature, out);
    return target_in.size();
  };
  // The cross-attention rows (H × S a layer) of the decoder's last position, of the layers from `first_layer` on,
  // appended to `into`: what the token chosen there read.
  auto append_last_rows = [&](std::size_t t, std::size_t first_layer, std::vector<float>& into) {
    for (std::size_t l = first_layer; l < activations_.decoder.size(); ++l)
      for (std::size_t h = 0; h < c.heads; ++h) {
        const float* row = activations_.decoder[l].cross_attention.weights.data() + (h * t + t - 1) * s;
        into.insert(into.end(), row, row + s);
      }
  };
  // rows[step][slot_of(parent)]: the cross-attention row (Ld × H × S) of the position that chose that step's tokens.
  std::vector<std::vector<std::vector<float>>> rows;
  auto scores = [&](std::size_t step, int parent, const std::vector<int>& prefix, std::vector<double>& out) {
    const std::size_t t = advance(prefix, out), slot = slot_of(parent);
    if (rows.size() <= step) rows.resize(step + 1);
    if (rows[step].size() <= slot) rows[step].resize(slot + 1);
    append_last_rows(t, 0, rows[step][slot]);
  };
  // The source word a hypothesis's next token attends to most: the last layer's heads summed, over the words
  // and <eos> (a token attending most to <eos> says no word: -1).
  const std::size_t last_layer = std::size_t{c.decoder_layers - 1} * c.heads * s;
  std::vector<std::size_t> positions(s);
  for (std::size_t j = 0; j < s; ++j) positions[j] = j;
  auto attended = [&](std::size_t step, int parent) {
    const int j = copy_source(rows[step][slot_of(parent)].data() + last_layer, c.heads, s, positions);
    return static_cast<std::size_t>(j) + 1 == s ? -1 : j;
  };
  const std::size_t width = std::min(decoding.beam, kMaxBeamWidth);
  const BeamTree tree = beam_search(width, limit, kTargetEnd, scores, attended);
  best = tree.tokens(tree.best_step, tree.best_node);

  BeamSearch out;
  out.width = width;
  out.best_step = tree.best_step, out.best_node = tree.best_node;
  const bool copies = has_unknown_token(model_);
  const std::vector<std::size_t> candidates = copy_candidates(source);
  for (std::size_t step = 0; step < tree.steps.size(); ++step) {
    auto& hypotheses = out.steps.emplace_back();
    for (const BeamNode& node : tree.steps[step]) {
      BeamHypothesis& h = hypotheses.emplace_back();
      static_cast<BeamNode&>(h) = node;
      h.cross_attention = rows[step][slot_of(node.parent)];
      if (copies && node.token == kTargetUnknown)
        h.copied_from = copy_source(h.cross_attention.data() + last_layer, c.heads, s, candidates);
      h.word = h.copied_from >= 0 ? words[static_cast<std::size_t>(h.copied_from)] : model_.target.word(node.token);
    }
  }
  // Greedy decoding is the search of width 1 (tested to choose its words); its last layer's rows, step by step, say
  // which source word each of its <unk>s copies, as the hypotheses' do.
  std::vector<std::vector<float>> greedy_rows;
  const BeamTree greedy = beam_search(
      1, limit, kTargetEnd, [&](std::size_t step, int, const std::vector<int>& prefix, std::vector<double>& next) {
        const std::size_t t = advance(prefix, next);
        if (greedy_rows.size() <= step) greedy_rows.resize(step + 1);
        greedy_rows[step].clear();
        append_last_rows(t, std::size_t{c.decoder_layers} - 1, greedy_rows[step]);
      });
  const std::vector<int> greedy_tokens = greedy.tokens(greedy.best_step, greedy.best_node);
  for (std::size_t i = 0; i < greedy_tokens.size(); ++i) {
    const int token = greedy_tokens[i];
    const int copied =
        copies && token == kTargetUnknown ? copy_source(greedy_rows[i].data(), c.heads, s, candidates) : -1;
    out.greedy.push_back(model_.target.word(token));
    out.greedy_words.push_back(copied >= 0 ? words[static_cast<std::size_t>(copied)] : model_.target.word(token));
  }
  const BeamNode& end = greedy.steps[greedy.best_step][greedy.best_node];
  out.greedy_score = end.score, out.greedy_normalized = end.normalized;
  return out;
}

}  // namespace attn::model
