// What a model learns to map, as the trainer sees it: a source and a target vocabulary, an endless seeded
// stream of training pairs, held-out pairs disjoint from them, and the true target (with its alignment) of a
// typed source. The toy English → Spanish, Japanese and Marathi corpora are tasks; the sequence tasks are others:
//   reverse  "3 1 4"       → "4 1 3"       (the anti-diagonal map)
//   sort     "3 1 4"       → "1 3 4"       (content-based: each output looks for the next smallest input)
//   copy     "3 # 1 # # 4" → "3 1 4"       (skip the distractors "#")
// over the digits 0-9, with lengths chosen by the caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "attn/corpus.h"

namespace attn::tasks {

using Pair = corpus::SentencePair;

class Task {
 public:
  virtual ~Task() = default;
  virtual const std::vector<std::string>& source_words() const = 0;  // special tokens excluded
  virtual const std::vector<std::string>& target_words() const = 0;
  virtual Pair next() = 0;  // the next pair of the seeded training stream
  // `count` distinct pairs never drawn by next(), the same for a given seed on every platform.
  virtual std::vector<Pair> held_out(std::size_t count, std::uint64_t seed) const = 0;
  // The true target and alignment of `source` (lower-case words), or nothing when the task has none for it.
  virtual std::optional<Pair> reference(const std::vector<std::string>& source) const = 0;
};

// A toy language pair of the corpus (cpp/src/data): the stream TrainingStream(data_seed, language, longest,
// vocabulary) draws, English sentences of at most `longest` words (2-12) in training and held out alike, over the
// commonest `vocabulary` nouns, verbs and adjectives (attn/corpus.h: 0 or lexicon_size() and more, the whole
// lexicon, exactly the task without the option); its source and target words are those of that vocabulary.
std::unique_ptr<Task> translation_task(std::uint64_t data_seed, corpus::Language language = corpus::Language::spanish,
                                       std::size_t longest = corpus::kMaxEnglishWords, std::size_t vocabulary = 0);

enum class SequenceKind { reverse, sort, copy };
// Source tokens, distractors included: twice the default longest training length, so that a model trained on
// lengths up to 8 can be asked about lengths up to 16 (the position schemes' extrapolation experiment).
inline constexpr std::size_t kMaxSequenceLength = 16;
struct SequenceLengths {
  std::size_t min = 3, max = 8;  // source length, 1 ≤ min ≤ max ≤ kMaxSequenceLength
};
std::unique_ptr<Task> sequence_task(SequenceKind kind, SequenceLengths lengths, std::uint64_t data_seed);

// The corpus language pairs by the task names the API and the tools use (the registry's, attn/registry.h), and back.
std::optional<corpus::Language> translation_language(const std::string& task);
const char* translation_task_name(corpus::Language language);

// A task by the name the API and the tools use, a language pair's or a sequence task's in the registry (null for
// any other name; the lengths apply to the sequence tasks, the longest sentence and the vocabulary to the language
// pairs).
std::unique_ptr<Task> named_task(const std::string& name, SequenceLengths lengths, std::uint64_t data_seed,
                                 std::size_t longest_sentence = corpus::kMaxEnglishWords, std::size_t vocabulary = 0);

// Pairs pasted by a user, one per line: source and target separated by a tab or " ||| ". The source side is
// read as the translator reads typed sentences (ASCII lower-cased, . , ! ? ; : dropped, split on white space);
// the target side is split on white space and lower-cased (ASCII) only when asked. Blank lines are skipped.
inline constexpr std::size_t kMaxPairs = 20000, kMaxPairWords = 12, kMaxWordBytes = 40, kMaxLineBytes = 2000,
                             kMaxVocabulary = 5000, kMinPairs = 10;
// What is wrong with pasted pairs: in English (`message`, the library's words) and as a kind with the side and
// numbers it names, for a page to say it in its own language. Kinds of a line: "line-too-long" (limit),
// "no-separator", "empty-side" (side), "too-many-words" (side, count, limit), "word-too-long" (side, limit),
// "too-many-pairs" (limit); of the pairs as a whole (line 0): "too-few-pairs" (count, limit), "no-training-pairs",
// "no-held-out-pairs", "too-many-distinct-words" (count, limit).
struct PairsError {
  std::size_t line = 0;  // 1-based; 0 for the pairs as a whole
  std::string message;
  const char* kind = "";  // literals: no code to copy them, in a module every page downloads
  const char* side = "";  // "source" or "target", for a side's problem
  std::size_t count = 0, limit = 0;
};
struct ParsedPairs {
  std::vector<Pair> pairs;         // the good lines (alignments unknown: kUnaligned)
  std::vector<PairsError> errors;  // every bad line, in order, each naming what is wrong
};
ParsedPairs parse_pairs(const std::string& text, bool lowercase_target);

// A task over parsed pairs: vocabularies from the data (in order of first use), a share of the pairs held out
// by a hash of their source (so equal sources stay on one side), training pairs drawn at random (seeded).
// Fails (returns null) with `why` set when there are too few pairs, none on one side of the held-out split, or too
// many distinct words.
std::unique_ptr<Task> pairs_task(const std::vector<Pair>& pairs, double held_out_share, std::uint64_t data_seed,
                                 PairsError& why);

}  // namespace attn::tasks
