// The grammar's trees and lexicon tables, shared by the generator, the parser and the renderer.
//
//   Sentence    → NounPhrase Verb [NounPhrase] [Preposition NounPhrase]
//   NounPhrase  → Name | Determiner ["very"] [Adjective] Noun
//
// A tree renders to an English sentence; a target language (Spanish, Japanese) renders its translation and
// the word alignment from the positions the English words took.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "attn/corpus.h"

namespace attn::corpus::grammar {

enum class Number { singular, plural, either };

struct Noun {
  const char *en_singular, *en_plural, *es_singular, *es_plural;
  bool feminine, animate;
};
struct Adjective {
  const char* en;
  const char* es[4];  // masculine singular, feminine singular, masculine plural, feminine plural
};
struct Verb {
  const char *en_third_singular, *en_base, *es_singular, *es_plural;
  bool transitive;
};
struct Determiner {
  const char* en;
  Number number;
  const char* es[4];  // same order as Adjective::es
};
struct Name {
  const char *en, *es;
};
struct Preposition {
  const char* en;
  const char* es;       // "cerca" for near: the "de" is added by the renderer
  bool followed_by_de;  // "cerca de", "detrás de": de + el contracts to del
};

const std::vector<Noun>& nouns();
const std::vector<Adjective>& adjectives();
const std::vector<Verb>& verbs();
const std::vector<Determiner>& determiners();
const std::vector<Name>& names();
const std::vector<Preposition>& prepositions();

struct NounPhrase {
  int name = -1;  // index into names(), or -1 for a common noun phrase
  int determiner = 0;
  bool very = false;
  int adjective = -1;  // -1: none
  int noun = 0;
  bool plural = false;

  bool is_name() const { return name >= 0; }
  bool animate() const { return is_name() || nouns()[noun].animate; }
};

struct Sentence {
  NounPhrase subject;
  int verb = 0;
  bool negated = false;
  std::optional<NounPhrase> object;  // present exactly when the verb is transitive
  int preposition = -1;              // -1: no prepositional phrase
  NounPhrase prepositional_object;
};

// The tree of an English sentence, or nothing, with `problem` (when given) saying what the grammar expected
// where ("“eat” needs an object: …").
std::optional<Sentence> parse(const std::vector<std::string>& english, std::string* problem = nullptr);

// Where render_english() put each word of a tree (-1: absent), so a translation can align to them.
struct EnglishNounPhrase {
  int determiner = -1, very = -1, adjective = -1, head = -1;  // head: the noun or the name
};
struct EnglishSentence {
  std::vector<std::string> words;
  EnglishNounPhrase subject, object, prepositional_object;
  int negation = -1;  // "not" ("does"/"do" align to nothing in either translation)
  int verb = -1, preposition = -1;
};
EnglishSentence render_english(const Sentence& sentence);

// A language the grammar's English translates into. Generation draws each choice again until the language
// accepts it, so it only ever draws trees the language can say; Spanish accepts every choice (its draws, and
// so its corpus and shipped model, are those of the grammar alone).
class TargetLanguage {
 public:
  virtual ~TargetLanguage() = default;
  virtual bool says_determiner(int) const { return true; }
  virtual bool says_adjective(int) const { return true; }
  virtual bool says_verb(int) const { return true; }
  virtual bool says_preposition(int) const { return true; }
  virtual bool says_prepositional_object(int /*preposition*/, const NounPhrase&) const { return true; }
  // A verb that cannot stand without a prepositional phrase ("lives" needs a place).
  virtual bool needs_place(int /*verb*/) const { return false; }
  // The tree's translation, with the English sentence as its source; only for trees says() accepts.
  virtual SentencePair render(const Sentence& sentence) const = 0;
  virtual const std::vector<std::string>& words() const = 0;  // every word render() can write
  virtual const char* name() const = 0;                       // "Spanish", "Japanese"
  bool says(const Sentence& sentence) const { return unsaid(sentence).empty(); }
  // What in the tree the language does not say (empty when it says it all), for a reader.
  std::string unsaid(const Sentence& sentence) const;
};

const TargetLanguage& spanish();
const TargetLanguage& japanese();
const TargetLanguage& target(Language language);

}  // namespace attn::corpus::grammar
