// The toy language pairs the translation model learns: a small English grammar (1,145 words: pronouns, the
// present and the past, the copula, "where" questions, commands, ditransitive verbs, greetings; sentences of 2-12
// words, and the one-word greetings "hello" and "goodbye")
// and three target languages, each with the true word alignment of every pair:
//   Spanish: agreement of articles, adjectives and verbs (every person, present and past), adjectives after
//            the noun, dropped subject pronouns, object pronouns before the verb or joined to a command
//            ("dame"), ser and estar, "a" before animate objects, "al"/"del", "no V".
//   Japanese (romanized): subject-object-verb order with the particles wa, o and ni, negation and the past in
//            the verb, for the part of the grammar it can say correctly.
//   Marathi (Devanagari): verb-final, gender and number agreement, case endings and postpositions, for the
//            part of the grammar it can say correctly.
// (cpp/src/data/spanish.cpp, japanese.cpp and marathi.cpp say exactly what each does.)
//
// Everything is deterministic and seeded with our own generator (std:: distributions differ between
// libstdc++ and libc++, and the native and wasm builds must draw the same sentences).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/grammar_problem.h"

namespace attn::corpus {

namespace grammar {
class TargetLanguage;
}

// The fewest English words of a sentence but a greeting: a lone command ("sleep") is left out; "hello" and "goodbye"
// alone are sentences of one.
inline constexpr std::size_t kMinWords = 2;
inline constexpr std::size_t kMaxEnglishWords = 12;
inline constexpr std::size_t kMaxTargetWords = 22;  // + <bos>/<eos>: the model's 24 positions
inline constexpr int kUnaligned = -1;

// A source sentence and its target (for this corpus: English and Spanish; the toy sequence tasks reuse the
// type for their symbol sequences).
struct SentencePair {
  std::vector<std::string> source;
  std::vector<std::string> target;
  // alignment[t]: the index of the source word target word t translates, or kUnaligned for words with no
  // counterpart (the personal "a", Japanese particles). "cerca de" both align to "near"; "al"/"del" align to
  // "the"; a word that joins a pronoun to a verb aligns to the verb ("dame": give), one that joins a case
  // ending or a preposition to a noun or a pronoun aligns to the noun or pronoun ("conmigo": me).
  std::vector<int> alignment;
};

// The target languages, in the order of the registry's language pairs (attn/registry.h), whose names are the tasks':
// a new one goes last, or every training hash changes.
enum class Language { spanish, japanese, marathi };

// The words of each side, in a fixed order (the model's vocabularies are built from them): the English
// words a target language translates, and every word of its translations.
const std::vector<std::string>& english_words(Language language = Language::spanish);
const std::vector<std::string>& target_words(Language language = Language::spanish);
// The vocabulary option: a task over the commonest `vocabulary` nouns, verbs and adjectives of the lexicon (by their
// SUBTLEX-US rank; determiners, names, pronouns and prepositions always whole), so a small run has a small
// vocabulary. 0, or lexicon_size() and more, is the whole lexicon, and then everything (words, training stream,
// held-out sets) is exactly what it is without the option. A size below smallest_vocabulary(language), the fewest
// words that give each of the generator's roles a word (a profession, a place to go to, a thing to give, …), is
// raised to it.
std::size_t lexicon_size();  // the nouns, verbs and adjectives
std::size_t smallest_vocabulary(Language language);
std::size_t effective_vocabulary(Language language,
                                 std::size_t vocabulary);  // the size a task has: 1 to lexicon_size()
const std::vector<std::string>& english_words(Language language, std::size_t vocabulary);
const std::vector<std::string>& target_words(Language language, std::size_t vocabulary);
// The smallest vocabulary whose English words contain every open-class word of `source_words` (a model's), so a
// reloaded model knows its size; lexicon_size() for a model of the whole lexicon.
std::size_t vocabulary_of(Language language, const std::vector<std::string>& source_words);

// The language pair whose vocabularies these are (a model's, special tokens left out), if any: the whole lexicon's
// or the commonest N words' (vocabulary_of gives N).
std::optional<Language> grammar_language(const std::vector<std::string>& source_words,
                                         const std::vector<std::string>& target_words);

// Train and held-out sentences are told apart by a hash of the English sentence, so the two sets are
// disjoint however many sentences either side draws, but for the set phrases said alone.
bool is_held_out(const std::vector<std::string>& english);
// The hash that split is made by (FNV-1a over the words), for other splits of word sequences.
std::uint64_t sentence_hash(const std::vector<std::string>& words);
// A set phrase said alone, without a name ("hello", "good morning", "hello how are you"): a sentence the grammar makes
// one way only, which a split by its hash would keep whole from training ("hello") or from every held-out set
// ("goodbye"). One in ten of its draws is held out instead, so the training stream and the held-out sets both have it.
bool is_set_phrase(const std::vector<std::string>& english);

// An endless, seeded stream of training pairs (never a held-out sentence, but a set phrase), of English sentences of
// at most `longest` words (kMinWords to kMaxEnglishWords): a shorter limit makes a smaller task of the same grammar
// (the Train view's default, which must train in seconds).
class TrainingStream {
 public:
  explicit TrainingStream(std::uint64_t seed, Language language = Language::spanish,
                          std::size_t longest = kMaxEnglishWords, std::size_t vocabulary = 0);
  SentencePair next();

 private:
  std::uint64_t state_;
  const grammar::TargetLanguage* grammar_;  // the language's, with the vocabulary's words
  std::size_t longest_;
};

// `count` distinct held-out pairs of at most `longest` English words, the same for a given seed on every platform;
// fewer when that many do not exist (the grammar has only so many short sentences).
std::vector<SentencePair> held_out_set(std::size_t count, std::uint64_t seed, Language language = Language::spanish,
                                       std::size_t longest = kMaxEnglishWords, std::size_t vocabulary = 0);

// The grammar's own translation of an English sentence (lower case, one token per word), with its alignment,
// or nothing when the sentence is not in the grammar or not in the part the language says; then `problem`
// (when given) says what the grammar expected where, as a kind and the words it names (describe() says it in
// English).
std::optional<SentencePair> translate_by_grammar(const std::vector<std::string>& english,
                                                 Language language = Language::spanish,
                                                 GrammarProblem* problem = nullptr);

std::string join(const std::vector<std::string>& words);

}  // namespace attn::corpus
