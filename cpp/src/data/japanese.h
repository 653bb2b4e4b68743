// The grammar's Japanese words (japanese_lexicon.cpp), parallel to the lexicon's tables: nullptr where the
// Japanese leaves an entry out.
#pragma once

#include "grammar.h"

namespace attn::corpus::grammar::japanese_words {

struct VerbForms {
  const char *en, *plain, *negative, *past, *te;  // several words are separated by a space; te: nullptr, no command
};

struct Lexicon {
  std::vector<const Keyed*> nouns, adjectives, determiners, names, pronouns, prepositions;
  std::vector<const VerbForms*> verbs;
  std::vector<const Keyed*> adverbs;
  std::vector<const PhraseWords*> greetings;
};
const Lexicon& lexicon();
// The open classes' words (japanese_lexicon_open.cpp, generated from the candidate list), keyed by English.
const std::vector<Keyed>& noun_table();
const std::vector<Keyed>& adjective_table();
const std::vector<VerbForms>& verb_table();

// "give" toward the speaker (to me, to us): kureru, and "kudasai" as its command.
const VerbForms& give_to_speaker();

// An i-adjective in the present or past, affirmative or negative: ōkii, ōkikunai, ōkikatta, ōkikunakatta.
std::string adjective(const char* plain, Tense tense, bool negated);
// A verb's negative in the past: minai → minakatta.
std::string negative_past(const char* negative);

}  // namespace attn::corpus::grammar::japanese_words
