// How well a language model (or a counting baseline) predicts a text, in bits per character: the measure that
// compares models with different tokenizers, since a character is a character whichever tokens spell it.
#include <algorithm>
#include <cmath>

#include "attn/language_model_training.h"
#include "layers.h"

namespace attn::model {

std::size_t predicted_characters(const text::Tokenizer& tokenizer, const std::vector<int>& tokens) {
  if (tokens.size() < 2) return 0;
  return text::count_characters(tokenizer.decode(tokens)) - text::count_characters(tokenizer.bytes(tokens[0]));
}

namespace {

constexpr double kLn2 = 0.6931471805599453;

}  // namespace

TextScore score_text(LanguageModel& model, const float* params, const text::Tokenizer& tokenizer,
                     const std::vector<int>& tokens) {
  TextScore score;
  const std::size_t context = model.config().context, vocabulary = model.config().vocabulary;
  LanguageModelActivations act;
  std::vector<int> inputs, targets;
  for (std::size_t start = 0; start + 1 < tokens.size(); start += context) {
    const std::size_t length = std::min(context, tokens.size() - 1 - start);
    inputs.assign(tokens.begin() + static_cast<std::ptrdiff_t>(start),
                  tokens.begin() + static_cast<std::ptrdiff_t>(start + length));
    targets.assign(tokens.begin() + static_cast<std::ptrdiff_t>(start + 1),
                   tokens.begin() + static_cast<std::ptrdiff_t>(start + 1 + length));
    model.forward(params, inputs, 1.0f, act);
    score.bits += layers::cross_entropy(act.logits.data(), length, vocabulary, targets.data(), 1.0f, nullptr) / kLn2;
    score.tokens += length;
  }
  score.characters = predicted_characters(tokenizer, tokens);
  return score;
}

NGramBaselines::NGramBaselines(const std::vector<int>& train_tokens, std::size_t vocabulary)
    : vocabulary_(vocabulary),
      unigram_counts_(vocabulary, 0.0),
      followers_(vocabulary),
      context_counts_(vocabulary, 0.0),
      distinct_followers_(vocabulary, 0.0) {
  for (int token : train_tokens) unigram_counts_[static_cast<std::size_t>(token)] += 1;
  total_ = static_cast<double>(train_tokens.size());
  std::vector<std::vector<int>> next(vocabulary);
  for (std::size_t i = 0; i + 1 < train_tokens.size(); ++i)
    next[static_cast<std::size_t>(train_tokens[i])].push_back(train_tokens[i + 1]);
  for (std::size_t a = 0; a < vocabulary; ++a) {
    std::sort(next[a].begin(), next[a].end());
    for (std::size_t i = 0; i < next[a].size(); ++i) {
      if (i == 0 || next[a][i] != next[a][i - 1]) followers_[a].push_back({next[a][i], 0.0});
      followers_[a].back().second += 1;
    }
    context_counts_[a] = static_cast<double>(next[a].size());
    distinct_followers_[a] = static_cast<double>(followers_[a].size());
  }
}

double NGramBaselines::unigram_probability(int token) const {
  return (unigram_counts_[static_cast<std::size_t>(token)] + 1.0) / (total_ + static_cast<double>(vocabulary_));
}

TextScore NGramBaselines::unigram(const text::Tokenizer& tokenizer, const std::vector<int>& tokens) const {
  TextScore score;
  for (std::size_t i = 1; i < tokens.size(); ++i) score.bits -= std::log2(unigram_probability(tokens[i]));
  score.tokens = tokens.size() > 1 ? tokens.size() - 1 : 0;
  score.characters = predicted_characters(tokenizer, tokens);
  return score;
}

TextScore NGramBaselines::bigram(const text::Tokenizer& tokenizer, const std::vector<int>& tokens) const {
  TextScore score;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const auto a = static_cast<std::size_t>(tokens[i - 1]);
    const double n = context_counts_[a], t = distinct_followers_[a];
    double p = unigram_probability(tokens[i]);
    if (n > 0) {
      const auto& seen = followers_[a];
      const auto it = std::lower_bound(seen.begin(), seen.end(), std::pair<int, double>{tokens[i], 0.0});
      const double count = it != seen.end() && it->first == tokens[i] ? it->second : 0.0;
      p = (count + t * p) / (n + t);
    }
    score.bits -= std::log2(p);
  }
  score.tokens = tokens.size() > 1 ? tokens.size() - 1 : 0;
  score.characters = predicted_characters(tokenizer, tokens);
  return score;
}

}  // namespace attn::model
