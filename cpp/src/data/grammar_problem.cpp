// The names the bindings give a grammar problem's kinds and roles (web/lib/index.d.ts documents them).
#include "attn/grammar_problem.h"

#include <iterator>

namespace attn::corpus {

const char* kind_name(GrammarProblemKind kind) {
  static const char* const names[] = {"none",
                                      "empty",
                                      "sentence-start",
                                      "verb-agreement",
                                      "auxiliary-agreement",
                                      "where-needs-be",
                                      "needs-not",
                                      "expects-plain-verb",
                                      "command-plain-form",
                                      "not-a-command",
                                      "expects-verb",
                                      "needs-object",
                                      "needs-destination",
                                      "expects-to-and-place",
                                      "misplaced-to",
                                      "takes-no-object",
                                      "expects-preposition",
                                      "needs-what-and-to-whom",
                                      "very-needs-adjective",
                                      "expects-complement",
                                      "expects-profession",
                                      "profession-number",
                                      "article",
                                      "sentence-ends",
                                      "no-reflexive",
                                      "pronoun-after-preposition",
                                      "past-same-as-present",
                                      "gives-pronoun",
                                      "pronoun-case",
                                      "expects-noun-phrase",
                                      "expects-noun",
                                      "determiner-number",
                                      "not-in-vocabulary",
                                      "needs-place",
                                      "phrase-not-said",
                                      "giving-to-you",
                                      "do-not-give-me",
                                      "past-not-said",
                                      "ergative-past",
                                      "animate-object"};
  static_assert(static_cast<int>(std::size(names)) == kGrammarProblemKinds,
                "a name for every kind, in the enum's order");
  return names[static_cast<int>(kind)];
}

const char* role_name(NounPhraseRole role) {
  static const char* const names[] = {"",          "subject",     "where-subject", "object", "preposition-object",
                                      "recipient", "thing-given", "given"};
  static_assert(static_cast<int>(std::size(names)) == static_cast<int>(NounPhraseRole::given) + 1,
                "a name for every role");
  return names[static_cast<int>(role)];
}

}  // namespace attn::corpus
