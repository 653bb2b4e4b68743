// Vocabularies, tokenisation, and the words of a sentence outside a vocabulary.
#include <algorithm>
#include <cctype>

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

std::size_t grammar_vocabulary(const TranslationModel& model, corpus::Language language) {
  const auto& source = model.source.words();
  const std::ptrdiff_t unknown = has_unknown_token(model) ? 1 : 0;
  const std::vector<std::string> words(source.begin() + 1 + unknown, source.end());
  // The whole lexicon's words say the whole lexicon (vocabulary_of may find a smaller N with the same words, when the
  // language leaves the last ranks' words out): its held-out sentences stay exactly the task's without the option.
  if (words == corpus::english_words(language)) return corpus::lexicon_size();
  return corpus::vocabulary_of(language, words);
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

void find_unknown_words(const std::vector<std::string>& words, const Vocabulary& vocabulary,
                        std::vector<std::string>& unknown, std::vector<corpus::WordReading>& readings) {
  for (const auto& w : words) {
    if (vocabulary.id(w) >= 0 || std::find(unknown.begin(), unknown.end(), w) != unknown.end()) continue;
    unknown.push_back(w);
    readings.push_back(corpus::read_unknown_word(w, vocabulary.words()));
  }
}

}  // namespace attn::model
