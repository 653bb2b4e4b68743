// What kind of word an English word outside a model's vocabulary is, as far as the toy grammar's lexicon can tell,
// and the known words of the same kind to use instead: "eating" is a form of the verb "eat" (eat, eats, ate),
// "yesterday" an adverb of the grammar a model trained before it lacks, "tomorrow" an adverb of time the grammar
// lacks, "mouses" a plural of "mouse" (mouse, mice). Only a word the
// lexicon cannot place and that is a typo away from a known word is read as a misspelling: suggesting "letters"
// for "yesterday", or "teacher" for "weather", helps nobody. A page says a reading in its own language from the kind
// and the words (the bindings pass both as data), as it says a grammar problem.
#pragma once

#include <string>
#include <vector>

namespace attn::corpus {

enum class WordKind {
  unknown,        // the lexicon cannot place it and no known word is spelled nearly like it: no suggestions
  misspelling,    // a typo away from known words (see spelled_like in word_reading.cpp): those words
  noun,           // a noun of the grammar this model's sentences never use: known nouns of the same kind
  verb,           // the same, a verb: known verbs of the same valency
  adjective,      // the same, an adjective: known adjectives
  adverb,         // the same, an adverb (yesterday, here): known adverbs of its kind, time or place
  noun_form,      // base: the noun ("mouses", "childs"): its known forms
  verb_form,      // base: the verb ("eating", "eaten", "goed", "been"): its known forms
  comparative,    // base: the adjective ("bigger", "happiest"): the adjective
  manner_adverb,  // base: the adjective it is made from ("quickly"), or empty ("well"): known adverbs of manner
  time_adverb,    // "tomorrow", "tonight": known adverbs of time (the grammar's yesterday, today and now first)
  place_adverb,   // "outside", "nearby": known adverbs of place (the grammar's here and there first)
  degree_adverb,  // "really", "too": known adverbs of degree ("very")
  determiner,     // "every", "five": known determiners
  pronoun,        // "someone", "myself": known pronouns
  preposition,    // "from", "at": known prepositions
  question_word,  // "what", "why": known question words ("where")
  conjunction,    // "and", "because": none (the grammar says one clause at a time)
  modal,          // "can", "will": none (the grammar has no modal verbs)
  contraction,    // base: the words it stands for ("dont": "do not"): those words, when the model knows them
  set_phrase,     // "hello", "please", "thanks": the known ones (the grammar's greetings a model may lack too)
};

struct WordReading {
  WordKind kind = WordKind::unknown;
  std::string base;                      // the word it is a form of, or the words it stands for; else empty
  std::vector<std::string> suggestions;  // known words of the same kind (at most kMaxSuggestions)
};
inline constexpr std::size_t kMaxSuggestions = 5;

// `known`: the model's vocabulary (its special tokens, "<…>", are never suggested).
WordReading read_unknown_word(const std::string& word, const std::vector<std::string>& known);

// "verb-form", "time-adverb": the kind's name as the bindings pass it to JavaScript and a refusal's message says it.
const char* word_kind_name(WordKind kind);

}  // namespace attn::corpus
