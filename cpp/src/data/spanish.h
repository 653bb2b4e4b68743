// The Spanish verb forms the renderer writes (spanish_verbs.cpp): regular verbs conjugated by rule from the
// infinitive, irregular ones read from the lexicon, ser and estar, and the tú commands with joined pronouns.
#pragma once

#include <string>
#include <vector>

#include "grammar.h"

namespace attn::corpus::grammar::spanish_forms {

// yo, tú, él/ella, nosotros, ellos: the order of the lexicon's spelled-out forms.
int person(const NounPhrase& subject);
inline constexpr int kPersons = 5;

std::string verb(const Verb& verb, Tense tense, int person);
std::string copula(bool estar, Tense tense, int person);  // ser or estar; the past is the imperfect (era, estaba)

struct Command {
  std::string plain, before_pronoun, negative;  // come, cóme (cómelo), comas (no comas)
};
Command command(const Verb& verb);
// A command with its object pronoun joined, as Spanish writes it: "cómelo", "dame", "muéstrale".
std::string joined(const Verb& verb, const std::string& pronoun);
// A command with two pronouns joined, the indirect then the direct: "dámelo", "muéstraselo" (the stress keeps its
// syllable, so a one-syllable command takes a written accent: da, dame, dámelo).
std::string joined(const Verb& verb, const std::string& indirect, const std::string& direct);
// The indirect pronouns a command may join before "lo": me, nos, and se (le and les before lo).
std::vector<std::string> indirect_pronouns_before_lo();
// The pronouns a command of a verb of this valency may join: direct objects (lo, la, …) for transitive verbs,
// indirect ones (le, les, …) for ditransitive ones; "te" never, since a command's subject is "you".
std::vector<std::string> joinable_pronouns(Valency valency);

}  // namespace attn::corpus::grammar::spanish_forms
