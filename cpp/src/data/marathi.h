// The grammar's Marathi words (marathi_lexicon.cpp), parallel to the lexicon's tables: nullptr where the
// Marathi leaves an entry out.
#pragma once

#include "grammar.h"

namespace attn::corpus::grammar::marathi_words {

enum class Gender { masculine, feminine, neuter };

struct Noun {
  const char* en;
  Gender gender;
  const char *singular, *plural, *oblique_singular, *oblique_plural;  // घर घरे घरा घरां
  bool enclosed;  // one is "in" it, one goes "to" it with -त: घरात, शाळेत (not a street, a river, a beach)
  const char* feminine_singular = nullptr;  // a profession's feminine, in both numbers: शिक्षिका
};

// A word that agrees with its noun, as four forms (masculine, feminine, neuter, oblique: मोठा मोठी मोठे मोठ्या)
// or one (लाल). The plurals reuse them: masculine मोठे, feminine मोठ्या, neuter मोठी.
struct Agreeing {
  const char* en;
  const char* forms;
};

struct Pronoun {
  const char *en, *subject, *object, *genitive;  // मी मला माझ्या ("with me": माझ्यासोबत)
};

struct Verb {
  const char* en;
  const char* stem;              // the present: stem + तो, ते, तात ("विकत घे": the last word conjugates)
  const char* command;           // the तू command: "खा"; nullptr: the grammar has none
  const char* negative_command;  // before नकोस: "खाऊ"
  const char* past;              // the past participle's stem, for verbs without an object: "झोपल"; or nullptr
  bool marks_animate_object;     // an animate object takes -ला (पाहतो, बोलावतो, धुतो)
};

struct Postposition {
  const char* en;
  const char* text;  // joined to the oblique noun (घरात, टेबलावर, मुलासोबत), or a word after its genitive
  bool separate;     // घराच्या जवळ, घराच्या मागे, टेबलाच्या खाली
};

struct Lexicon {
  std::vector<const Noun*> nouns;
  std::vector<const Agreeing*> adjectives, determiners;
  std::vector<const Keyed*> names;
  std::vector<const Pronoun*> pronouns;
  std::vector<const Postposition*> postpositions;
  std::vector<const Verb*> verbs;
  std::vector<const Keyed*> adverbs;
  std::vector<const PhraseWords*> greetings;
};
const Lexicon& lexicon();
// The open classes' words (marathi_lexicon_open.cpp, generated from the candidate list), keyed by English.
const std::vector<Noun>& noun_table();
const std::vector<Agreeing>& adjective_table();
const std::vector<Verb>& verb_table();

// The form of an agreeing word for a noun of this gender and number, or its oblique (before a case ending).
std::string agree(const char* forms, Gender gender, bool plural, bool oblique);

}  // namespace attn::corpus::grammar::marathi_words
