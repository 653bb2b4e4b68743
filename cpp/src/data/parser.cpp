// A recursive-descent parser for the English side of the grammar: the inverse of render_english(). A clause's
// first word says which clause it is: "where", a verb or "do" (a command), else its subject.
#include "parser.h"

namespace attn::corpus::grammar {
namespace {

using namespace parsing;

const char* const kSubjectsAre = "a name, a pronoun, or a determiner and a noun: “maria”, “i”, “the dog”";

// How a learner is told about the subject's agreement: "the plural subject “the dogs”".
std::string subject_phrase(const NounPhrase& subject, const std::string& text) {
  if (subject.is_plural() && !subject.is_pronoun()) return "the plural subject " + quoted(text);
  if (subject.person() == Person::third && !subject.is_plural() && !subject.is_pronoun())
    return "the singular subject " + quoted(text);
  return "the subject " + quoted(text);
}

// The prepositions a learner may put after a verb ("to" only goes with go and come), or only those of places.
std::string prepositions_list(bool place_only) {
  std::string out;
  for (std::size_t i = 0; i < prepositions().size(); ++i) {
    const Preposition& p = prepositions()[i];
    if (static_cast<int>(i) != kTo && (p.place || !place_only)) out += std::string(out.empty() ? "" : ", ") + p.en;
  }
  return out;
}

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& words) : in_(words) {}

  std::optional<Sentence> sentence() {
    Sentence s;
    if (in_.peek() == "where") return where(s);
    if (in_.peek() == "do" || any_verb_form(in_.peek()) >= 0) return command(s);
    if (!in_.starts_noun_phrase()) {
      return in_.fail(std::string("a sentence starts with its subject (") + kSubjectsAre +
                      "), with a command's verb (eat, give, sleep, …) or with “where”" + in_.found());
    }
    if (!in_.noun_phrase(s.subject, Case::subject, "the sentence starts with its subject")) return std::nullopt;
    subject_text_ = in_.so_far();
    if (is_copula(in_.peek())) return copula(s);
    s.clause = Clause::statement;
    if (!verb(s) || !complements(s)) return std::nullopt;
    return finish(s);
  }

  const std::string& problem() const { return in_.problem(); }

 private:
  static int any_verb_form(const std::string& word) {
    for (auto field : {&Verb::en_base, &Verb::en_third_singular, &Verb::en_past})
      if (int v = find(verbs(), field, word); v >= 0) return v;
    return -1;
  }

  static bool is_copula(const std::string& word) {
    return word == "am" || word == "is" || word == "are" || word == "was" || word == "were";
  }

  // Whether the copula form agrees with the subject; else fails saying which form it takes.
  bool copula_agrees(const Sentence& s, const std::string& be) {
    const bool i = s.subject.is_pronoun() && s.subject.person() == Person::first && !s.subject.is_plural();
    const bool past = be == "was" || be == "were";
    const std::string expected = past ? (i || s.third_singular_subject() ? "was" : "were")
                                      : (i                            ? "am"
                                         : s.third_singular_subject() ? "is"
                                                                      : "are");
    if (be == expected) return true;
    in_.fail("with " + subject_phrase(s.subject, subject_text_) + " the verb is " + quoted(expected) + ", not " +
             quoted(be));
    return false;
  }

  std::optional<Sentence> where(Sentence& s) {
    s.clause = Clause::where;
    in_.advance();
    const std::string be = in_.peek();
    if (!is_copula(be)) {
      return in_.fail("“where” must be followed by “is”, “are”, “was” or “were” and a subject (“where is the book”)" +
                      in_.found());
    }
    s.tense = be == "was" || be == "were" ? Tense::past : Tense::present;
    in_.advance();
    const std::size_t subject_starts = in_.so_far().size();
    if (!in_.noun_phrase(s.subject, Case::subject, quoted(in_.so_far()) + " needs a subject")) return std::nullopt;
    subject_text_ = in_.so_far().substr(subject_starts + 1);
    if (!copula_agrees(s, be)) return std::nullopt;
    return finish(s);
  }

  std::optional<Sentence> command(Sentence& s) {
    s.clause = Clause::command;
    if (in_.peek() == "do") {
      in_.advance();
      if (in_.peek() != "not") return in_.fail("“do” starts a command only as “do not” and a verb (“do not eat it”)");
      in_.advance();
      s.negated = true;
    }
    const int v = any_verb_form(in_.peek());
    if (v < 0) {
      return in_.fail("after " + quoted(in_.so_far()) + " the grammar expects a verb in its plain form (eat, give, …)" +
                      in_.found());
    }
    if (in_.peek() != verbs()[v].en_base) {
      return in_.fail("a command takes the verb's plain form: " + quoted(verbs()[v].en_base) + ", not " +
                      quoted(in_.peek()));
    }
    if (!verbs()[v].commands()) {
      return in_.fail(quoted(in_.peek()) + " is not one of the grammar's commands (eat, give, go, sleep, …)");
    }
    s.verb = v;
    in_.advance();
    if (!complements(s)) return std::nullopt;
    return finish(s);
  }

  // A statement's verb after its subject: "does not eat", "ate", "eats".
  bool verb(Sentence& s) {
    const bool third_singular = s.third_singular_subject();
    const std::string& w = in_.peek();
    if (w == "do" || w == "does" || w == "did") {
      if (w != "did" && (w == "does") != third_singular) {
        const std::string what = s.subject.is_plural() ? " is plural" : third_singular ? " is singular" : "";
        in_.fail((what.empty() ? "with " + quoted(subject_text_) + ":" : quoted(subject_text_) + what + ":") +
                 (third_singular ? " “does not”, not “do not”" : " “do not”, not “does not”"));
        return false;
      }
      s.tense = w == "did" ? Tense::past : Tense::present;
      in_.advance();
      if (in_.peek() != "not") {
        in_.fail(quoted(w) + " must be followed by “not” and a verb");
        return false;
      }
      in_.advance();
      s.negated = true;
      s.verb = find(verbs(), &Verb::en_base, in_.peek());
      if (s.verb < 0) {
        in_.fail("after " + quoted(in_.so_far()) +
                 " the grammar expects a verb in its plain form (see, eat, sleep, …)" + in_.found());
        return false;
      }
      in_.advance();
      return true;
    }
    s.verb = any_verb_form(w);
    if (s.verb < 0) {
      in_.fail("after the subject " + quoted(subject_text_) +
               " the grammar expects a verb (sees, ate, sleeps, …) or “is”, “are”, “was”, “were”" + in_.found());
      return false;
    }
    const Verb& v = verbs()[s.verb];
    // "read" is its own past: after "i", "you", "we", "they" or a plural it is the present.
    const bool present = w == (third_singular ? v.en_third_singular : v.en_base);
    s.tense = present ? Tense::present : Tense::past;
    if (!present && w != v.en_past) {
      const std::string expected = third_singular ? v.en_third_singular : v.en_base;
      in_.fail("with " + subject_phrase(s.subject, subject_text_) + " the verb is " + quoted(expected) + ", not " +
               quoted(w));
      return false;
    }
    in_.advance();
    return true;
  }

  // What the verb takes after it, by its valency, and a prepositional phrase.
  bool complements(Sentence& s) {
    const Verb& v = verbs()[s.verb];
    const std::string verb = in_.previous();
    if (v.valency == Valency::transitive) {
      s.object.emplace();
      if (in_.at_end()) {
        in_.fail(quoted(verb) + " needs an object: say what, e.g. " + quoted(in_.so_far() + " the apple"));
        return false;
      }
      if (!in_.noun_phrase(*s.object, Case::object, quoted(verb) + " needs an object")) return false;
    } else if (v.valency == Valency::ditransitive && !ditransitive(s, verb)) {
      return false;
    }
    if (in_.at_end()) {
      if (v.destination != Verb::goes_to) return true;
      in_.fail(quoted(verb) + " needs a destination: e.g. " + quoted(in_.so_far() + " to the park"));
      return false;
    }
    s.preposition = find(prepositions(), &Preposition::en, in_.peek());
    const bool to = s.preposition == kTo;
    if (s.preposition < 0 || (to && v.destination == Verb::no_destination) || (!to && v.destination == Verb::goes_to)) {
      if (v.destination == Verb::goes_to)
        in_.fail("after " + quoted(verb) + " the grammar expects “to” and a place" + in_.found());
      else if (to)
        in_.fail("“to” follows “go” or “come” (“go to the park”) or a thing given (“give the book to maria”)");
      else if (v.valency == Valency::intransitive)
        in_.fail(quoted(verb) + " takes no object; after it only a preposition (" + prepositions_list(false) +
                 ") may follow" + in_.found());
      else
        in_.fail("after " + quoted(in_.so_far()) + " only a preposition (" + prepositions_list(false) + ") may follow" +
                 in_.found());
      return false;
    }
    in_.advance();
    return in_.noun_phrase(s.prepositional_object, Case::object, quoted(in_.previous()) + " needs a noun phrase");
  }

  // "gives the girl the book" or "gives the book to the girl".
  bool ditransitive(Sentence& s, const std::string& verb) {
    const std::string example =
        quoted(in_.so_far() + " the book to maria") + " or " + quoted(in_.so_far() + " maria the book");
    if (in_.at_end()) {
      in_.fail(quoted(verb) + " needs what and to whom: e.g. " + example);
      return false;
    }
    NounPhrase first;
    if (!in_.noun_phrase(first, Case::object, quoted(verb) + " needs what and to whom")) return false;
    if (in_.peek() == "to") {
      s.object = first;
      s.recipient_after_to = true;
      in_.advance();
      s.recipient.emplace();
      return in_.noun_phrase(*s.recipient, Case::object, "“to” needs someone to receive");
    }
    s.recipient = first;
    s.object.emplace();
    if (in_.at_end() || find(prepositions(), &Preposition::en, in_.peek()) >= 0) {
      in_.fail(quoted(verb) + " needs what and to whom: e.g. " + example);
      return false;
    }
    return in_.noun_phrase(*s.object, Case::object, "after " + quoted(in_.so_far()) + " the thing given");
  }

  std::optional<Sentence> copula(Sentence& s) {
    s.clause = Clause::copula;
    const std::string be = in_.peek();
    if (!copula_agrees(s, be)) return std::nullopt;
    s.tense = be == "was" || be == "were" ? Tense::past : Tense::present;
    in_.advance();
    if (in_.peek() == "not") {
      s.negated = true;
      in_.advance();
    }
    const std::string expects = "after " + quoted(in_.so_far()) + " the grammar expects an adjective (" +
                                examples(adjectives(), &Adjective::en) +
                                "), a profession (“a teacher”) or a "
                                "place (" +
                                prepositions_list(true) + " and a noun phrase)";
    if (in_.peek() == "very") {
      s.very = true;
      in_.advance();
    }
    s.adjective = find(adjectives(), &Adjective::en, in_.peek());
    if (s.adjective >= 0) {
      in_.advance();
      return finish(s);
    }
    if (s.very) return in_.fail("“very” must be followed by an adjective (big, small, red, …)" + in_.found());
    if (find(determiners(), &Determiner::en, in_.peek()) == kA ||
        find(determiners(), &Determiner::en_before_vowel, in_.peek()) == kA) {
      return profession(s, false);
    }
    if (const int p = find(nouns(), &Noun::en_plural, in_.peek()); p >= 0 && nouns()[p].kind == Kind::profession)
      return profession(s, true);
    s.preposition = find(prepositions(), &Preposition::en, in_.peek());
    if (s.preposition < 0 || !prepositions()[s.preposition].place) return in_.fail(expects + in_.found());
    in_.advance();
    if (!in_.noun_phrase(s.prepositional_object, Case::object, quoted(in_.previous()) + " needs a noun phrase"))
      return std::nullopt;
    return finish(s);
  }

  // "is a teacher", "are teachers": the profession's number is the subject's.
  std::optional<Sentence> profession(Sentence& s, bool plural) {
    const std::string article = plural ? "" : in_.peek();
    if (!plural) in_.advance();
    const int n = find(nouns(), plural ? &Noun::en_plural : &Noun::en_singular, in_.peek());
    if (n < 0 || nouns()[n].kind != Kind::profession) {
      return in_.fail("after " + quoted(in_.so_far()) + " the grammar expects a profession (teacher, doctor, …)" +
                      in_.found());
    }
    if (plural != s.subject.is_plural()) {
      const Noun& noun = nouns()[n];
      const std::string one = std::string(starts_with_vowel(noun.en_singular) ? "an " : "a ") + noun.en_singular;
      return in_.fail(quoted(subject_text_) + (plural
                                                   ? " is singular: " + quoted(one) + ", not " + quoted(noun.en_plural)
                                                   : " is plural: " + quoted(noun.en_plural) + ", not " + quoted(one)));
    }
    if (!plural && (article == "an") != starts_with_vowel(in_.peek())) {
      return in_.fail("before " + quoted(in_.peek()) + " the article is " +
                      quoted(starts_with_vowel(in_.peek()) ? "an" : "a") + ", not " + quoted(article));
    }
    s.profession = n;
    in_.advance();
    return finish(s);
  }

  std::optional<Sentence> finish(Sentence& s) {
    if (!in_.at_end()) return in_.fail("the grammar's sentences end after " + quoted(in_.so_far()) + in_.found());
    const std::string problem = english_problem(s);
    if (!problem.empty()) return in_.fail(problem);
    return s;
  }

  Reader in_;
  std::string subject_text_;
};

}  // namespace

std::optional<Sentence> parse(const std::vector<std::string>& english, std::string* problem) {
  Parser parser(english);
  std::optional<Sentence> tree = parser.sentence();
  if (!tree && problem) *problem = english.empty() ? "the sentence has no words" : parser.problem();
  return tree;
}

}  // namespace attn::corpus::grammar
