#include "attn/tasks.h"

#include <algorithm>
#include <numeric>
#include <unordered_set>

#include "attn/registry.h"
#include "rng.h"

namespace attn::tasks {
namespace {

class TranslationTask final : public Task {
 public:
  TranslationTask(std::uint64_t data_seed, corpus::Language language, std::size_t longest, std::size_t vocabulary)
      : stream_(data_seed, language, longest, vocabulary),
        language_(language),
        longest_(longest),
        vocabulary_(vocabulary) {}
  const std::vector<std::string>& source_words() const override {
    return corpus::english_words(language_, vocabulary_);
  }
  const std::vector<std::string>& target_words() const override { return corpus::target_words(language_, vocabulary_); }
  Pair next() override { return stream_.next(); }
  std::vector<Pair> held_out(std::size_t count, std::uint64_t seed) const override {
    return corpus::held_out_set(count, seed, language_, longest_, vocabulary_);
  }
  std::optional<Pair> reference(const std::vector<std::string>& source) const override {
    return corpus::translate_by_grammar(source, language_);
  }

 private:
  corpus::TrainingStream stream_;
  corpus::Language language_;
  std::size_t longest_, vocabulary_;
};

const char* const kDistractor = "#";

const std::vector<std::string>& digits() {
  static const std::vector<std::string> words = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
  return words;
}

class SequenceTask final : public Task {
 public:
  SequenceTask(SequenceKind kind, SequenceLengths lengths, std::uint64_t data_seed)
      : kind_(kind), lengths_(lengths), rng_(data_seed), source_words_(digits()) {
    if (kind == SequenceKind::copy) source_words_.push_back(kDistractor);
  }
  const std::vector<std::string>& source_words() const override { return source_words_; }
  const std::vector<std::string>& target_words() const override { return digits(); }

  Pair next() override {
    for (;;) {
      Pair pair = random_pair(rng_);
      if (!corpus::is_held_out(pair.source)) return pair;
    }
  }

  std::vector<Pair> held_out(std::size_t count, std::uint64_t seed) const override {
    Rng rng(seed);
    std::vector<Pair> out;
    std::unordered_set<std::string> seen;
    // A small alphabet and short lengths have few distinct held-out sequences: stop when they run out.
    for (std::size_t tries = 0; out.size() < count && tries < 200 * count + 10000; ++tries) {
      Pair pair = random_pair(rng);
      if (corpus::is_held_out(pair.source) && seen.insert(corpus::join(pair.source)).second)
        out.push_back(std::move(pair));
    }
    return out;
  }

  std::optional<Pair> reference(const std::vector<std::string>& source) const override {
    if (source.empty() || source.size() > kMaxSequenceLength) return std::nullopt;
    for (const auto& word : source)
      if (std::find(source_words_.begin(), source_words_.end(), word) == source_words_.end()) return std::nullopt;
    return solve(source);
  }

 private:
  Pair random_pair(Rng& rng) const {
    const std::size_t length = lengths_.min + rng.below(static_cast<std::uint32_t>(lengths_.max - lengths_.min + 1));
    std::vector<std::string> source(length);
    for (auto& word : source) word = digits()[rng.below(10)];
    if (kind_ == SequenceKind::copy) {
      // About a third distractors, never all of them.
      for (auto& word : source)
        if (rng.chance(1.0f / 3)) word = kDistractor;
      if (std::all_of(source.begin(), source.end(), [](const std::string& w) { return w == kDistractor; }))
        source[rng.below(static_cast<std::uint32_t>(length))] = digits()[rng.below(10)];
    }
    return *solve(source);  // NOLINT(bugprone-unchecked-optional-access): digits and distractors always solve
  }

  // The target of a valid source, each target word aligned to the source position it comes from.
  std::optional<Pair> solve(const std::vector<std::string>& source) const {
    Pair pair;
    pair.source = source;
    std::vector<int> order;
    switch (kind_) {
      case SequenceKind::reverse:
        for (std::size_t i = source.size(); i-- > 0;) order.push_back(static_cast<int>(i));
        break;
      case SequenceKind::sort:
        order.resize(source.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return source[a] < source[b]; });
        break;
      case SequenceKind::copy:
        for (std::size_t i = 0; i < source.size(); ++i)
          if (source[i] != kDistractor) order.push_back(static_cast<int>(i));
        if (order.empty()) return std::nullopt;
        break;
    }
    for (int i : order) pair.target.push_back(source[static_cast<std::size_t>(i)]);
    pair.alignment = order;
    return pair;
  }

  SequenceKind kind_;
  SequenceLengths lengths_;
  Rng rng_;
  std::vector<std::string> source_words_;
};

}  // namespace

std::unique_ptr<Task> translation_task(std::uint64_t data_seed, corpus::Language language, std::size_t longest,
                                       std::size_t vocabulary) {
  return std::make_unique<TranslationTask>(data_seed, language, longest, vocabulary);
}

std::unique_ptr<Task> sequence_task(SequenceKind kind, SequenceLengths lengths, std::uint64_t data_seed) {
  return std::make_unique<SequenceTask>(kind, lengths, data_seed);
}

std::optional<corpus::Language> translation_language(const std::string& task) {
  if (const auto* pair = registry::find_language_pair(task)) return pair->language;
  return std::nullopt;
}

const char* translation_task_name(corpus::Language language) { return registry::language_pair(language).id; }

std::unique_ptr<Task> named_task(const std::string& name, SequenceLengths lengths, std::uint64_t data_seed,
                                 std::size_t longest_sentence, std::size_t vocabulary) {
  if (const auto language = translation_language(name))
    return translation_task(data_seed, *language, longest_sentence, vocabulary);
  if (const auto* task = registry::find_sequence_task(name)) return sequence_task(task->kind, lengths, data_seed);
  return nullptr;
}

}  // namespace attn::tasks
