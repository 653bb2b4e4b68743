// A recursive-descent parser for the English side of the grammar: the inverse of render()'s English half.
// Every English word belongs to exactly one lexical category, so one token of lookahead suffices.
#include <cstring>

#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

template <typename Table, typename Field>
int find(const Table& table, Field field, const std::string& word) {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (word == table[i].*field) return static_cast<int>(i);
  return -1;
}

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& words) : words_(words) {}

  std::optional<Sentence> sentence() {
    Sentence s;
    if (!noun_phrase(s.subject)) return std::nullopt;
    const bool plural_subject = !s.subject.is_name() && s.subject.plural;
    if (peek() == "does" || peek() == "do") {
      if ((peek() == "do") != plural_subject) return std::nullopt;
      ++at_;
      if (peek() != "not") return std::nullopt;
      ++at_;
      s.negated = true;
      s.verb = find(verbs(), &Verb::en_base, peek());
    } else {
      s.verb = plural_subject ? find(verbs(), &Verb::en_base, peek())
                              : find(verbs(), &Verb::en_third_singular, peek());
    }
    if (s.verb < 0) return std::nullopt;
    ++at_;
    if (verbs()[s.verb].transitive) {
      s.object.emplace();
      if (!noun_phrase(*s.object)) return std::nullopt;
    }
    if (at_ < words_.size()) {
      s.preposition = find(prepositions(), &Preposition::en, peek());
      if (s.preposition < 0) return std::nullopt;
      ++at_;
      if (!noun_phrase(s.prepositional_object)) return std::nullopt;
    }
    if (at_ != words_.size()) return std::nullopt;
    return s;
  }

 private:
  const std::string& peek() const {
    static const std::string end;
    return at_ < words_.size() ? words_[at_] : end;
  }

  bool noun_phrase(NounPhrase& np) {
    np = NounPhrase{};
    np.name = find(names(), &Name::en, peek());
    if (np.name >= 0) {
      ++at_;
      return true;
    }
    np.determiner = find(determiners(), &Determiner::en, peek());
    if (np.determiner < 0) return false;
    ++at_;
    if (peek() == "very") {
      np.very = true;
      ++at_;
    }
    np.adjective = find(adjectives(), &Adjective::en, peek());
    if (np.adjective >= 0) {
      ++at_;
    } else if (np.very) {
      return false;  // "very" needs an adjective
    }
    np.noun = find(nouns(), &Noun::en_singular, peek());
    np.plural = np.noun < 0;
    if (np.plural) np.noun = find(nouns(), &Noun::en_plural, peek());
    if (np.noun < 0) return false;
    ++at_;
    const Number number = determiners()[np.determiner].number;
    return number == Number::either || (number == Number::plural) == np.plural;
  }

  const std::vector<std::string>& words_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<Sentence> parse(const std::vector<std::string>& english) { return Parser(english).sentence(); }

}  // namespace attn::corpus::grammar
