// Vocabularies, tokenisation and "did you mean" suggestions.
#include <algorithm>
#include <cctype>
#include <tuple>

#include "attn/translator.h"

namespace attn::model {

Vocabulary::Vocabulary(std::vector<std::string> words) : words_(std::move(words)) {
  for (std::size_t i = 0; i < words_.size(); ++i) ids_.emplace(words_[i], static_cast<int>(i));
}

int Vocabulary::id(const std::string& word) const {
  const auto it = ids_.find(word);
  return it == ids_.end() ? -1 : it->second;
}

Config with_vocabularies(Config dims, const tasks::Task& task, bool unknown_token) {
  const std::size_t unknown = unknown_token ? 1 : 0;
  dims.source_vocabulary = static_cast<std::uint32_t>(task.source_words().size() + 1 + unknown);  // + <eos>
  dims.target_vocabulary = static_cast<std::uint32_t>(task.target_words().size() + 2 + unknown);  // + <bos>, <eos>
  return dims;
}

TranslationModel new_model(Config dims, std::uint64_t seed, const tasks::Task& task, bool unknown_token) {
  TranslationModel m;
  std::vector<std::string> source = {"<eos>"};
  std::vector<std::string> target = {"<bos>", "<eos>"};
  if (unknown_token) {
    source.emplace_back(kUnknownWord);
    target.emplace_back(kUnknownWord);
  }
  source.insert(source.end(), task.source_words().begin(), task.source_words().end());
  target.insert(target.end(), task.target_words().begin(), task.target_words().end());
  m.source = Vocabulary(std::move(source));
  m.target = Vocabulary(std::move(target));
  m.config = with_vocabularies(dims, task, unknown_token);
  m.parameters = initial_parameters(m.config, seed);
  return m;
}

bool has_unknown_token(const TranslationModel& model) {
  return model.source.size() > kSourceUnknown && model.source.word(kSourceUnknown) == kUnknownWord &&
         model.target.size() > kTargetUnknown && model.target.word(kTargetUnknown) == kUnknownWord;
}

std::optional<corpus::Language> grammar_language(const TranslationModel& model) {
  const auto& source = model.source.words();
  const auto& target = model.target.words();
  const std::ptrdiff_t unknown = has_unknown_token(model) ? 1 : 0;  // the special tokens come first
  if (source.empty() || target.size() < 2) return std::nullopt;
  return corpus::grammar_language({source.begin() + 1 + unknown, source.end()},
                                  {target.begin() + 2 + unknown, target.end()});
}

TranslationModel new_translation_model(Config dims, std::uint64_t seed, bool unknown_token) {
  return new_model(dims, seed, *tasks::translation_task(0), unknown_token);
}

EncodedPair encode(const TranslationModel& model, const corpus::SentencePair& pair) {
  EncodedPair e;
  for (const auto& w : pair.source) e.source.push_back(model.source.id(w));
  e.source.push_back(kSourceEnd);
  e.target_in.push_back(kTargetBegin);
  for (const auto& w : pair.target) {
    e.target_in.push_back(model.target.id(w));
    e.target_out.push_back(model.target.id(w));
  }
  e.target_out.push_back(kTargetEnd);
  return e;
}

std::vector<std::string> tokenize(const std::string& sentence) {
  std::vector<std::string> words;
  std::string word;
  for (char c : sentence) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isspace(u)) {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else if (c == '.' || c == ',' || c == '!' || c == '?' || c == ';' || c == ':') {
      continue;
    } else {
      word += u < 0x80 ? static_cast<char>(std::tolower(u)) : c;  // UTF-8 bytes pass through
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

namespace {
// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours ("dgo").
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::size_t length_difference(const std::string& a, const std::string& b) {
  return a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
}
}  // namespace

std::vector<std::string> closest_words(const std::string& word, const std::vector<std::string>& known,
                                       std::size_t count) {
  // Nearest first; among equals, words of the same length (a typo more often changes letters than drops them).
  std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> ranked;  // (distance, length gap, index)
  for (std::size_t i = 0; i < known.size(); ++i) {
    if (known[i].front() == '<') continue;  // special tokens are not suggestions
    ranked.emplace_back(edit_distance(word, known[i]), length_difference(word, known[i]), i);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < ranked.size() && out.size() < count; ++i) out.push_back(known[std::get<2>(ranked[i])]);
  return out;
}

void find_unknown_words(const std::vector<std::string>& words, const Vocabulary& vocabulary,
                        std::vector<std::string>& unknown, std::vector<std::vector<std::string>>& suggestions) {
  for (const auto& w : words) {
    if (vocabulary.id(w) >= 0 || std::find(unknown.begin(), unknown.end(), w) != unknown.end()) continue;
    unknown.push_back(w);
    suggestions.push_back(closest_words(w, vocabulary.words()));
  }
}

}  // namespace attn::model
