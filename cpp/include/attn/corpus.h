// The toy English → Spanish language pair the translation model learns: a small grammar whose Spanish is
// correct (articles and adjectives agree with their noun in gender and number, adjectives follow the noun,
// verbs agree with their subject, "a" marks animate direct objects, "a el"/"de el" contract to "al"/"del",
// negation "does not V" becomes "no V"), a lexicon of about a hundred English words, sentences of 2-12 words,
// and the true word alignment of every pair.
//
// Everything is deterministic and seeded with our own generator (std:: distributions differ between
// libstdc++ and libc++, and the native and wasm builds must draw the same sentences).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attn::corpus {

inline constexpr std::size_t kMinWords = 2;
inline constexpr std::size_t kMaxEnglishWords = 12;
inline constexpr int kUnaligned = -1;

// A source sentence and its target (for this corpus: English and Spanish; the toy sequence tasks reuse the
// type for their symbol sequences).
struct SentencePair {
  std::vector<std::string> source;
  std::vector<std::string> target;
  // alignment[t]: the index of the source word target word t translates, or kUnaligned for words with no
  // counterpart (the personal "a"). "cerca de" both align to "near"; "al"/"del" align to "the".
  std::vector<int> alignment;
};

// The lexicon's words, in a fixed order (the model's vocabularies are built from them).
const std::vector<std::string>& english_words();
const std::vector<std::string>& spanish_words();

// Train and held-out sentences are told apart by a hash of the English sentence, so the two sets are
// disjoint however many sentences either side draws.
bool is_held_out(const std::vector<std::string>& english);
// The hash that split is made by (FNV-1a over the words), for other splits of word sequences.
std::uint64_t sentence_hash(const std::vector<std::string>& words);

// An endless, seeded stream of training pairs (never a held-out sentence).
class TrainingStream {
 public:
  explicit TrainingStream(std::uint64_t seed);
  SentencePair next();

 private:
  std::uint64_t state_;
};

// `count` distinct held-out pairs, the same for a given seed on every platform.
std::vector<SentencePair> held_out_set(std::size_t count, std::uint64_t seed);

// The grammar's own translation of an English sentence (lower case, one token per word), with its alignment,
// or nothing when the sentence is not in the grammar.
std::optional<SentencePair> translate_by_grammar(const std::vector<std::string>& english);

std::string join(const std::vector<std::string>& words);

}  // namespace attn::corpus
