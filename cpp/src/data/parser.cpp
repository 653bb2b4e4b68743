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

std::string quoted(const std::string& text) { return "“" + text + "”"; }

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& words) : words_(words) {}

  // The tree, or nothing with problem() saying what the grammar expected where.
  std::optional<Sentence> sentence() {
    Sentence s;
    if (!noun_phrase(s.subject, "the sentence starts with its subject")) return std::nullopt;
    const bool plural_subject = !s.subject.is_name() && s.subject.plural;
    const std::string subject = so_far();
    if (peek() == "does" || peek() == "do") {
      if ((peek() == "do") != plural_subject) {
        return fail(quoted(subject) + (plural_subject ? " is plural: “do not”, not “does not”"
                                                      : " is singular: “does not”, not “do not”"));
      }
      ++at_;
      if (peek() != "not") return fail("“" + words_[at_ - 1] + "” must be followed by “not” and a verb");
      ++at_;
      s.negated = true;
      s.verb = find(verbs(), &Verb::en_base, peek());
      if (s.verb < 0)
        return fail("after " + quoted(so_far()) + " the grammar expects a verb in its plain form (see, eat, sleep, …)");
    } else {
      s.verb = plural_subject ? find(verbs(), &Verb::en_base, peek()) : find(verbs(), &Verb::en_third_singular, peek());
      if (s.verb < 0) {
        const int other =
            plural_subject ? find(verbs(), &Verb::en_third_singular, peek()) : find(verbs(), &Verb::en_base, peek());
        if (other >= 0) {
          const Verb& v = verbs()[other];
          return fail("with the " + std::string(plural_subject ? "plural" : "singular") + " subject " +
                      quoted(subject) + " the verb is " + quoted(plural_subject ? v.en_base : v.en_third_singular) +
                      ", not " + quoted(peek()));
        }
        return fail("after the subject " + quoted(subject) + " the grammar expects a verb (sees, eats, sleeps, …)" +
                    found());
      }
    }
    ++at_;
    const std::string verb = words_[at_ - 1];
    if (verbs()[s.verb].transitive) {
      s.object.emplace();
      if (at_ == words_.size()) {
        return fail(quoted(verb) + " needs an object: say what, e.g. " + quoted(so_far() + " the apple"));
      }
      if (!noun_phrase(*s.object, quoted(verb) + " needs an object")) return std::nullopt;
    }
    if (at_ < words_.size()) {
      s.preposition = find(prepositions(), &Preposition::en, peek());
      if (s.preposition < 0) {
        return fail(
            verbs()[s.verb].transitive
                ? "after " + quoted(so_far()) + " only a preposition (in, with, without, near, behind) may follow" +
                      found()
                : quoted(verb) +
                      " takes no object; after it only a preposition (in, with, without, near, behind) may follow" +
                      found());
      }
      ++at_;
      if (!noun_phrase(s.prepositional_object, quoted(words_[at_ - 1]) + " needs a noun phrase")) return std::nullopt;
    }
    if (at_ != words_.size()) return fail("the grammar's sentences end after " + quoted(so_far()) + found());
    return s;
  }

  const std::string& problem() const { return problem_; }

 private:
  const std::string& peek() const {
    static const std::string end;
    return at_ < words_.size() ? words_[at_] : end;
  }
  std::string so_far() const {
    return join(std::vector<std::string>(words_.begin(), words_.begin() + static_cast<std::ptrdiff_t>(at_)));
  }
  std::string found() const { return at_ < words_.size() ? ", not " + quoted(peek()) : ""; }
  std::nullopt_t fail(std::string why) {
    problem_ = std::move(why);
    return std::nullopt;
  }

  // `role` says why a noun phrase is expected here ("the sentence starts with its subject").
  bool noun_phrase(NounPhrase& np, const std::string& role) {
    np = NounPhrase{};
    np.name = find(names(), &Name::en, peek());
    if (np.name >= 0) {
      ++at_;
      return true;
    }
    np.determiner = find(determiners(), &Determiner::en, peek());
    if (np.determiner < 0) {
      fail(role +
           ": a name (maria, juan, ana, pedro) or a determiner (the, a, my, this, these, two, three, some) and a noun" +
           found());
      return false;
    }
    ++at_;
    if (peek() == "very") {
      np.very = true;
      ++at_;
    }
    np.adjective = find(adjectives(), &Adjective::en, peek());
    if (np.adjective >= 0) {
      ++at_;
    } else if (np.very) {
      fail("“very” must be followed by an adjective (big, small, red, …)" + found());
      return false;
    }
    np.noun = find(nouns(), &Noun::en_singular, peek());
    np.plural = np.noun < 0;
    if (np.plural) np.noun = find(nouns(), &Noun::en_plural, peek());
    if (np.noun < 0) {
      fail("after " + quoted(so_far()) + " the grammar expects a noun (dog, cat, book, …)" + found());
      return false;
    }
    ++at_;
    const Number number = determiners()[np.determiner].number;
    if (number == Number::either || (number == Number::plural) == np.plural) return true;
    const Noun& noun = nouns()[np.noun];
    fail(quoted(determiners()[np.determiner].en) + " takes a " + (number == Number::plural ? "plural" : "singular") +
         " noun: " + quoted(number == Number::plural ? noun.en_plural : noun.en_singular) + ", not " +
         quoted(words_[at_ - 1]));
    return false;
  }

  const std::vector<std::string>& words_;
  std::size_t at_ = 0;
  std::string problem_;
};

}  // namespace

std::optional<Sentence> parse(const std::vector<std::string>& english, std::string* problem) {
  Parser parser(english);
  std::optional<Sentence> tree = parser.sentence();
  if (!tree && problem) *problem = english.empty() ? "the sentence has no words" : parser.problem();
  return tree;
}

}  // namespace attn::corpus::grammar
