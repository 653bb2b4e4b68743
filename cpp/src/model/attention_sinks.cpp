// Reading a text past the context with some keys kept (StreamingLLM's cache, a window, or the window recomputed),
// and Gu et al.'s first-token share of attention. The arithmetic is the language model's own: its cached step and
// its causal pass; this file only decides which positions stay.
#include "attn/attention_sinks.h"

#include <algorithm>
#include <cmath>

#include "layers.h"

namespace attn::model {

void last_row_step(const LanguageModelActivations& act, std::size_t heads, std::size_t vocabulary, StepOutput& out,
                   std::size_t keys) {
  const std::size_t rows = act.tokens.size(), length = keys && keys < rows ? keys : rows;
  out.length = length;
  out.logits.assign(act.logits.end() - static_cast<std::ptrdiff_t>(vocabulary), act.logits.end());
  out.attention.resize(act.blocks.size() * heads * length);
  for (std::size_t l = 0; l < act.blocks.size(); ++l)
    for (std::size_t h = 0; h < heads; ++h) {
      const float* row = act.blocks[l].self_attention.weights.data() + (h * rows + rows - 1) * rows;
      std::copy(row + rows - length, row + rows,
                out.attention.begin() + static_cast<std::ptrdiff_t>((l * heads + h) * length));
    }
}

StreamingReader::StreamingReader(LanguageModel& model, const float* params, const KeysKept& keys)
    : model_(model), params_(params), keys_(keys), cache_(model.config()) {
  if (!keys_.window) keys_.window = model.config().window;
}

const StepOutput& StreamingReader::read(int token) {
  const std::size_t kept = keys_.window ? keys_.sinks + keys_.window : 0;  // 0: no bound
  if (keys_.recompute) {
    // The text's first `sinks` tokens stay at the front; the window's oldest leaves as a new token comes.
    if (kept && kept_.size() == kept) kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>(keys_.sinks));
    kept_.push_back(token);
    const std::size_t n = kept_.size();
    if (causal_.size() != n * n) {
      causal_.assign(n * n, 0);
      for (std::size_t i = 0; i < n; ++i) std::fill_n(causal_.begin() + static_cast<std::ptrdiff_t>(i * n), i + 1, 1);
    }
    model_.forward(params_, kept_, 1.0f, activations_, causal_.data());
    last_row_step(activations_, model_.config().heads, model_.config().vocabulary, out_);
  } else {
    if (kept && cache_.length() == kept) cache_.evict(keys_.sinks);
    model_.step_at(params_, token, read_, cache_, 1.0f, out_);
  }
  ++read_;
  return out_;
}

std::string streaming_problem(const LanguageModelConfig& c, const KeysKept& keys, std::size_t tokens) {
  if (!c.positions || !c.learned_positions) return "";
  const std::string context = std::to_string(c.context);
  const std::size_t window = keys.window ? keys.window : c.window;
  const std::size_t reads = tokens ? tokens - 1 : 0;  // the last token is predicted, never read
  if (keys.recompute && window) {
    if (std::min(keys.sinks + window, reads) <= c.context) return "";
    return "the recomputed window holds " + std::to_string(keys.sinks) + " + " + std::to_string(window) +
           " positions, more than the " + context + " a model with learned positions (GPT-2's) has";
  }
  if (reads <= c.context) return "";
  return "a model with learned positions (GPT-2's) has none past its context of " + context +
         " tokens, and a learned absolute position cannot move inside a cache: read this text of " +
         std::to_string(tokens) +
         " tokens through a recomputed window (recompute: its positions are re-assigned "
         "0..W−1 at each step), or at most " +
         std::to_string(c.context + 1) + " tokens";
}

StreamingScore score_streaming(LanguageModel& model, const float* params, const text::Tokenizer& tokenizer,
                               const std::vector<int>& tokens, const KeysKept& keys) {
  const LanguageModelConfig& c = model.config();
  const std::size_t heads = std::size_t{c.layers} * c.heads;
  StreamingScore score;
  if (!(score.refused = streaming_problem(c, keys, tokens.size())).empty()) return score;
  score.first_position_attention.assign(heads, 0.0);
  StreamingReader reader(model, params, keys);
  std::size_t counted = 0;
  for (std::size_t t = 0; t + 1 < tokens.size(); ++t) {
    const StepOutput& out = reader.read(tokens[t]);
    const int target = tokens[t + 1];
    score.text.bits +=
        layers::cross_entropy(out.logits.data(), 1, c.vocabulary, &target, 1.0f, nullptr) / std::log(2.0);
    score.longest = std::max(score.longest, out.length);
    if (out.length < 2) continue;  // the first query has no key but itself
    for (std::size_t h = 0; h < heads; ++h) score.first_position_attention[h] += out.attention[h * out.length];
    ++counted;
  }
  for (double& share : score.first_position_attention) share /= counted ? static_cast<double>(counted) : 1.0;
  score.text.tokens = tokens.size() > 1 ? tokens.size() - 1 : 0;
  score.text.characters = predicted_characters(tokenizer, tokens);
  score.cache_bytes = reader.cache_bytes();
  return score;
}

void first_token_shares(const float* weights, std::size_t heads, std::size_t length, double* shares) {
  for (std::size_t h = 0; h < heads; ++h) {
    double sum = 0;
    for (std::size_t i = 1; i < length; ++i) sum += weights[(h * length + i) * length];
    shares[h] = sum / static_cast<double>(length - 1);
  }
}

std::vector<double> first_token_attention(LanguageModel& model, const float* params, const std::vector<int>& tokens) {
  const LanguageModelConfig& c = model.config();
  const std::size_t context = c.context;
  std::vector<double> mean(std::size_t{c.layers} * c.heads, 0.0), window(c.heads);
  LanguageModelActivations act;
  std::vector<int> inputs;
  std::size_t windows = 0;
  for (std::size_t start = 0; start + 2 <= tokens.size(); start += context) {
    const std::size_t length = std::min(context, tokens.size() - start);
    inputs.assign(tokens.begin() + static_cast<std::ptrdiff_t>(start),
                  tokens.begin() + static_cast<std::ptrdiff_t>(start + length));
    model.forward(params, inputs, 1.0f, act);
    for (std::size_t l = 0; l < c.layers; ++l) {
      first_token_shares(act.blocks[l].self_attention.weights.data(), c.heads, length, window.data());
      for (std::size_t h = 0; h < c.heads; ++h) mean[l * c.heads + h] += window[h];
    }
    ++windows;
  }
  for (double& share : mean) share /= windows ? static_cast<double>(windows) : 1.0;
  return mean;
}

}  // namespace attn::model
