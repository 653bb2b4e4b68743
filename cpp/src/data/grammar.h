// The grammar's trees and lexicon tables, shared by the generator, the parser and the renderer.
//
//   Sentence    → NounPhrase Verb [NounPhrase] [Preposition NounPhrase]
//   NounPhrase  → Name | Determiner ["very"] [Adjective] Noun
//
// A tree renders to an English sentence, its Spanish translation and their word alignment.
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

SentencePair render(const Sentence& sentence);
std::optional<Sentence> parse(const std::vector<std::string>& english);

}  // namespace attn::corpus::grammar
