// Pairs pasted by a user: the parser (every bad line reported with its number, the good ones kept) and the
// task that trains on them.
#include <algorithm>
#include <cctype>
#include <unordered_map>
#include <unordered_set>

#include "attn/tasks.h"
#include "attn/translator.h"
#include "rng.h"

namespace attn::tasks {
namespace {

std::vector<std::string> split_words(const std::string& text, bool lowercase) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text + ' ') {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isspace(u)) {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += lowercase && u < 0x80 ? static_cast<char>(std::tolower(u)) : c;
    }
  }
  return words;
}

// What is wrong with one side's words (kind empty when nothing is), for line `line`.
PairsError side_problem(std::size_t line, const char* side, const std::vector<std::string>& words) {
  const std::string the = std::string("the ") + side;
  if (words.empty()) return {line, the + " is empty", "empty-side", side};
  if (words.size() > kMaxPairWords) {
    return {line,
            the + " has " + std::to_string(words.size()) + " words; the limit is " + std::to_string(kMaxPairWords),
            "too-many-words",
            side,
            words.size(),
            kMaxPairWords};
  }
  for (const auto& w : words) {
    if (w.size() > kMaxWordBytes) {
      return {line,
              the + " word '" + w.substr(0, 20) + "…' is longer than " + std::to_string(kMaxWordBytes) + " bytes",
              "word-too-long",
              side,
              0,
              kMaxWordBytes};
    }
  }
  return {line, ""};
}

class PairsTask final : public Task {
 public:
  PairsTask(std::vector<Pair> training, std::vector<Pair> held_out, std::vector<std::string> source_words,
            std::vector<std::string> target_words, std::uint64_t data_seed)
      : training_(std::move(training)),
        held_out_(std::move(held_out)),
        source_words_(std::move(source_words)),
        target_words_(std::move(target_words)),
        rng_(data_seed) {
    for (const auto* set : {&training_, &held_out_})
      for (const Pair& p : *set) by_source_.emplace(corpus::join(p.source), &p);
  }
  const std::vector<std::string>& source_words() const override { return source_words_; }
  const std::vector<std::string>& target_words() const override { return target_words_; }
  Pair next() override { return training_[rng_.below(static_cast<std::uint32_t>(training_.size()))]; }
  std::vector<Pair> held_out(std::size_t count, std::uint64_t) const override {
    return {held_out_.begin(), held_out_.begin() + static_cast<std::ptrdiff_t>(std::min(count, held_out_.size()))};
  }
  std::optional<Pair> reference(const std::vector<std::string>& source) const override {
    const auto it = by_source_.find(corpus::join(source));
    if (it == by_source_.end()) return std::nullopt;
    return *it->second;
  }

 private:
  std::vector<Pair> training_, held_out_;
  std::vector<std::string> source_words_, target_words_;
  Rng rng_;
  std::unordered_map<std::string, const Pair*> by_source_;  // the first pair of each source
};

}  // namespace

ParsedPairs parse_pairs(const std::string& text, bool lowercase_target) {
  ParsedPairs out;
  std::size_t line_number = 0, start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); })) continue;
    auto refuse = [&](std::string message, const char* kind, std::size_t limit = 0) {
      out.errors.push_back({line_number, std::move(message), kind, "", 0, limit});
    };
    if (line.size() > kMaxLineBytes) {
      refuse("longer than " + std::to_string(kMaxLineBytes) + " characters", "line-too-long", kMaxLineBytes);
      continue;
    }
    std::size_t separator = line.find('\t'), separator_length = 1;
    if (separator == std::string::npos) separator = line.find(" ||| "), separator_length = 5;
    if (separator == std::string::npos) {
      refuse("no tab or ' ||| ' between the source and the target", "no-separator");
      continue;
    }
    Pair pair;
    pair.source = model::tokenize(line.substr(0, separator));
    pair.target = split_words(line.substr(separator + separator_length), lowercase_target);
    PairsError problem = side_problem(line_number, "source", pair.source);
    if (!*problem.kind) problem = side_problem(line_number, "target", pair.target);
    if (*problem.kind) {
      out.errors.push_back(std::move(problem));
      continue;
    }
    if (out.pairs.size() == kMaxPairs) {
      refuse("more than " + std::to_string(kMaxPairs) + " pairs: the limit", "too-many-pairs", kMaxPairs);
      break;
    }
    pair.alignment.assign(pair.target.size(), corpus::kUnaligned);
    out.pairs.push_back(std::move(pair));
  }
  return out;
}

std::unique_ptr<Task> pairs_task(const std::vector<Pair>& pairs, double held_out_share, std::uint64_t data_seed,
                                 PairsError& why) {
  std::vector<std::string> source_words, target_words;
  std::unordered_set<std::string> seen_source, seen_target;
  std::vector<Pair> training, held_out;
  for (const Pair& p : pairs) {
    for (const auto& w : p.source)
      if (seen_source.insert(w).second) source_words.push_back(w);
    for (const auto& w : p.target)
      if (seen_target.insert(w).second) target_words.push_back(w);
    const bool held = static_cast<double>(corpus::sentence_hash(p.source) % 10000) < held_out_share * 10000;
    (held ? held_out : training).push_back(p);
  }
  const std::size_t distinct = std::max(source_words.size(), target_words.size());
  if (pairs.size() < kMinPairs) {
    why = {0,
           "only " + std::to_string(pairs.size()) + (pairs.size() == 1 ? " pair" : " pairs") + "; at least " +
               std::to_string(kMinPairs) + " are needed",
           "too-few-pairs",
           "",
           pairs.size(),
           kMinPairs};
  } else if (training.empty() || held_out.empty()) {
    why = {0,
           "no pairs left for " + std::string(training.empty() ? "training" : "the held-out set") +
               ": change the held-out share or add pairs",
           training.empty() ? "no-training-pairs" : "no-held-out-pairs", ""};
  } else if (distinct > kMaxVocabulary) {
    why = {0,
           "the pairs use " + std::to_string(distinct) + " distinct words on one side; the limit is " +
               std::to_string(kMaxVocabulary),
           "too-many-distinct-words",
           "",
           distinct,
           kMaxVocabulary};
  }
  if (*why.kind) return nullptr;
  return std::make_unique<PairsTask>(std::move(training), std::move(held_out), std::move(source_words),
                                     std::move(target_words), data_seed);
}

}  // namespace attn::tasks
