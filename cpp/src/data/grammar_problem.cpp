// The names the bindings give a grammar problem's kinds and roles (web/lib/index.d.ts documents them), and the
// members of a problem and of its builder, out of line.
#include "attn/grammar_problem.h"

#include <iterator>
#include <utility>

#include "grammar.h"

namespace attn::corpus {

GrammarProblem::GrammarProblem() = default;
GrammarProblem::GrammarProblem(const GrammarProblem&) = default;
GrammarProblem::GrammarProblem(GrammarProblem&&) noexcept = default;
GrammarProblem& GrammarProblem::operator=(const GrammarProblem&) = default;
GrammarProblem& GrammarProblem::operator=(GrammarProblem&&) noexcept = default;
GrammarProblem::~GrammarProblem() = default;

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
                                      "adverb-needs-past",
                                      "adverb-needs-present",
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

namespace attn::corpus::grammar {

Problem::Problem(GrammarProblemKind kind) { p_.kind = kind; }
Problem& Problem::after(std::string s) {
  p_.after = std::move(s);
  return *this;
}
Problem& Problem::found(std::string s) {
  p_.found = std::move(s);
  return *this;
}
Problem& Problem::word(std::string s) {
  p_.word = std::move(s);
  return *this;
}
Problem& Problem::expected(std::string s) {
  p_.expected = std::move(s);
  return *this;
}
Problem& Problem::subject(std::string s) {
  p_.subject = std::move(s);
  return *this;
}
Problem& Problem::number(std::string s) {
  p_.number = std::move(s);
  return *this;
}
Problem& Problem::person(std::string s) {
  p_.person = std::move(s);
  return *this;
}
Problem& Problem::form(std::string s) {
  p_.form = std::move(s);
  return *this;
}
Problem& Problem::examples(std::vector<std::string> v) {
  p_.examples = std::move(v);
  return *this;
}
Problem& Problem::prepositions(std::vector<std::string> v) {
  p_.prepositions = std::move(v);
  return *this;
}
Problem& Problem::adverbs(std::vector<std::string> v) {
  p_.adverbs = std::move(v);
  return *this;
}
Problem& Problem::names(std::vector<std::string> v) {
  p_.names = std::move(v);
  return *this;
}
Problem& Problem::pronouns(std::vector<std::string> v) {
  p_.pronouns = std::move(v);
  return *this;
}
Problem& Problem::determiners(std::vector<std::string> v) {
  p_.determiners = std::move(v);
  return *this;
}
Problem& Problem::role(NounPhraseRole role, std::string word) {
  p_.role = role;
  p_.role_word = std::move(word);
  return *this;
}

}  // namespace attn::corpus::grammar
