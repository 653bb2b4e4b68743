// A recursive-descent parser for the English side of the grammar: the inverse of render_english(). A clause's
// first word says which clause it is: a set phrase's (a greeting), "where", a verb or "do not" (a command), "do",
// "does" or "did" (a question), a form of "be" (a copula's question), else its subject. An adverb may end any clause
// ("here" and "there" where a place's prepositional phrase would be).
#include "parser.h"

namespace attn::corpus::grammar {
namespace {

using namespace parsing;

// The number a learner is told a subject has when its verb disagrees: "the plural subject “the dogs”" (a
// pronoun's is its own: "with the subject “we”").
std::string subject_number(const NounPhrase& subject) {
  if (subject.is_pronoun()) return "";
  if (subject.is_plural()) return "plural";
  return subject.person() == Person::third ? "singular" : "";
}

// The prepositions a learner may put after a verb ("to" only goes with go and come), or only those of places.
std::vector<std::string> prepositions_list(bool place_only) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < prepositions().size(); ++i) {
    const Preposition& p = prepositions()[i];
    if (static_cast<int>(i) != kTo && (p.place || !place_only)) out.emplace_back(p.en);
  }
  return out;
}

// The adverbs that may end a clause (yesterday, here, …), named with the prepositions where a sentence went on wrongly.
std::vector<std::string> adverbs_list() {
  std::vector<std::string> out;
  for (const Adverb& a : adverbs()) out.emplace_back(a.en);
  return out;
}

class Parser {
 public:
  explicit Parser(const std::vector<std::string>& words) : in_(words) {}

  std::optional<Sentence> sentence() {
    Sentence s;
    if (const int g = set_phrase(); g >= 0) return greeting(s, g);
    const std::string& first = in_.peek();
    if (first == "where") return where(s);
    // "do not eat", and "do eat" (said to need "not"), are commands; "do you eat" a question.
    if (first == "do" && (in_.next() == "not" || any_verb_form(in_.next()) >= 0)) return command(s);
    if (first == "do" || first == "does" || first == "did") return question(s);
    if (is_copula(first)) return copula_question(s);
    if (any_verb_form(first) >= 0) return command(s);
    if (!in_.starts_noun_phrase()) {
      return in_.fail(Problem(GrammarProblemKind::sentence_start).found(in_.found()));
    }
    if (!in_.noun_phrase(s.subject, Case::subject, NounPhraseRole::subject)) return std::nullopt;
    subject_text_ = in_.so_far();
    if (is_copula(in_.peek())) return copula(s);
    s.clause = Clause::statement;
    if (!verb(s) || !complements(s)) return std::nullopt;
    return finish(s);
  }

  const GrammarProblem& problem() const { return in_.problem(); }

 private:
  static int any_verb_form(const std::string& word) {
    for (auto field : {&Verb::en_base, &Verb::en_third_singular, &Verb::en_past})
      if (int v = find(verbs(), field, word); v >= 0) return v;
    return -1;
  }

  static bool is_copula(const std::string& word) {
    return word == "am" || word == "is" || word == "are" || word == "was" || word == "were";
  }

  // The greeting the words from here start with, the longest ("thank you very much", not "thank you"), or -1.
  int set_phrase() const {
    int longest = -1;
    std::size_t length = 0;
    for (std::size_t g = 0; g < greetings().size(); ++g) {
      const std::vector<std::string> words = split(greetings()[g].en);
      bool match = words.size() > length;
      for (std::size_t i = 0; match && i < words.size(); ++i) match = in_.ahead(i) == words[i];
      if (match) longest = static_cast<int>(g), length = words.size();
    }
    return longest;
  }

  void skip_phrase(int g) {
    for (std::size_t n = split(greetings()[g].en).size(); n > 0; --n) in_.advance();
  }

  // "good morning", "goodbye maria", "hello john how are you", "how are you": a set phrase, then the name of whom
  // it greets, then "how are you" after an opening (hello, good morning); nothing after.
  std::optional<Sentence> greeting(Sentence& s, int g) {
    s.clause = Clause::greeting;
    s.greeting = g;
    skip_phrase(g);
    if (g != kHowAreYou && (s.addressee = find(names(), &Name::en, in_.peek())) >= 0) in_.advance();
    if (greetings()[g].opens && set_phrase() == kHowAreYou) {
      s.how_are_you = true;
      skip_phrase(kHowAreYou);
    }
    if (!in_.at_end())
      return in_.fail(Problem(GrammarProblemKind::sentence_ends).after(in_.so_far()).found(in_.found()));
    return s;
  }

  // Reads the next word into `slot` if it is one of the grammar's adverbs of a place (here, there) or, with `place`
  // false, of a time (yesterday, today, now); else reads nothing.
  bool read_adverb(bool place, int& slot) {
    const int a = find(adverbs(), &Adverb::en, in_.peek());
    if (a < 0 || adverbs()[a].place != place) return false;
    slot = a;
    in_.advance();
    return true;
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
    in_.fail(Problem(GrammarProblemKind::verb_agreement)
                 .subject(subject_text_)
                 .number(subject_number(s.subject))
                 .expected(expected)
                 .found(be));
    return false;
  }

  // Whether the auxiliary ("do", "does"; "did" with any subject) agrees with the subject; else fails saying which
  // (a question's is said as a verb's: "with the subject “you” the verb is “do”, not “does”").
  bool auxiliary_agrees(const Sentence& s, const std::string& auxiliary) {
    const bool third_singular = s.third_singular_subject();
    if (auxiliary == "did" || (auxiliary == "does") == third_singular) return true;
    if (s.question) {
      in_.fail(Problem(GrammarProblemKind::verb_agreement)
                   .subject(subject_text_)
                   .number(subject_number(s.subject))
                   .expected(third_singular ? "does" : "do")
                   .found(auxiliary));
      return false;
    }
    in_.fail(Problem(GrammarProblemKind::auxiliary_agreement)
                 .subject(subject_text_)
                 .number(s.subject.is_plural() ? "plural"
                         : third_singular      ? "singular"
                                               : "")
                 .expected(third_singular ? "does" : "do")
                 .found(auxiliary));
    return false;
  }

  // The subject after "where is", "is" or "do"; a problem names the words before it: "“is” needs a subject".
  bool inverted_subject(Sentence& s) {
    const std::size_t subject_starts = in_.so_far().size();
    if (!in_.noun_phrase(s.subject, Case::subject, NounPhraseRole::where_subject, in_.so_far())) return false;
    subject_text_ = in_.so_far().substr(subject_starts + 1);
    return true;
  }

  std::optional<Sentence> where(Sentence& s) {
    s.clause = Clause::where;
    in_.advance();
    const std::string be = in_.peek();
    if (!is_copula(be)) {
      return in_.fail(Problem(GrammarProblemKind::where_needs_be).found(in_.found()));
    }
    s.tense = be == "was" || be == "were" ? Tense::past : Tense::present;
    in_.advance();
    if (!inverted_subject(s) || !copula_agrees(s, be)) return std::nullopt;
    return finish(s);
  }

  // "do you see the bird", "did they eat the apples": the auxiliary, the subject, the plain verb and what it takes.
  std::optional<Sentence> question(Sentence& s) {
    s.clause = Clause::statement;
    s.question = true;
    const std::string auxiliary = in_.peek();
    s.tense = auxiliary == "did" ? Tense::past : Tense::present;
    in_.advance();
    if (!inverted_subject(s) || !auxiliary_agrees(s, auxiliary)) return std::nullopt;
    s.verb = find(verbs(), &Verb::en_base, in_.peek());
    if (s.verb < 0) {
      return in_.fail(Problem(GrammarProblemKind::expects_plain_verb)
                          .after(in_.so_far())
                          .examples({"see", "eat", "sleep"})
                          .found(in_.found()));
    }
    in_.advance();
    if (!complements(s)) return std::nullopt;
    return finish(s);
  }

  // "is the dog big", "are you a student", "was the cat in the house".
  std::optional<Sentence> copula_question(Sentence& s) {
    s.clause = Clause::copula;
    s.question = true;
    const std::string be = in_.peek();
    s.tense = be == "was" || be == "were" ? Tense::past : Tense::present;
    in_.advance();
    if (!inverted_subject(s) || !copula_agrees(s, be)) return std::nullopt;
    return predicate(s);
  }

  std::optional<Sentence> command(Sentence& s) {
    s.clause = Clause::command;
    if (in_.peek() == "do") {
      in_.advance();
      if (in_.peek() != "not") return in_.fail(Problem(GrammarProblemKind::needs_not).word("do"));
      in_.advance();
      s.negated = true;
    }
    const int v = any_verb_form(in_.peek());
    if (v < 0) {
      return in_.fail(Problem(GrammarProblemKind::expects_plain_verb)
                          .after(in_.so_far())
                          .examples({"eat", "give"})
                          .found(in_.found()));
    }
    if (in_.peek() != verbs()[v].en_base) {
      return in_.fail(Problem(GrammarProblemKind::command_plain_form).expected(verbs()[v].en_base).found(in_.peek()));
    }
    if (!verbs()[v].commands()) {
      return in_.fail(
          Problem(GrammarProblemKind::not_a_command).word(in_.peek()).examples({"eat", "give", "go", "sleep"}));
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
      if (!auxiliary_agrees(s, w)) return false;
      s.tense = w == "did" ? Tense::past : Tense::present;
      in_.advance();
      if (in_.peek() != "not") {
        in_.fail(Problem(GrammarProblemKind::needs_not).word(w));
        return false;
      }
      in_.advance();
      s.negated = true;
      s.verb = find(verbs(), &Verb::en_base, in_.peek());
      if (s.verb < 0) {
        in_.fail(Problem(GrammarProblemKind::expects_plain_verb)
                     .after(in_.so_far())
                     .examples({"see", "eat", "sleep"})
                     .found(in_.found()));
        return false;
      }
      in_.advance();
      return true;
    }
    s.verb = any_verb_form(w);
    if (s.verb < 0) {
      in_.fail(Problem(GrammarProblemKind::expects_verb)
                   .subject(subject_text_)
                   .examples({"sees", "ate", "sleeps"})
                   .found(in_.found()));
      return false;
    }
    const Verb& v = verbs()[s.verb];
    // "read" is its own past: after "i", "you", "we", "they" or a plural it is the present.
    const bool present = w == (third_singular ? v.en_third_singular : v.en_base);
    s.tense = present ? Tense::present : Tense::past;
    if (!present && w != v.en_past) {
      const std::string expected = third_singular ? v.en_third_singular : v.en_base;
      in_.fail(Problem(GrammarProblemKind::verb_agreement)
                   .subject(subject_text_)
                   .number(subject_number(s.subject))
                   .expected(expected)
                   .found(w));
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
        in_.fail(Problem(GrammarProblemKind::needs_object).word(verb).examples({in_.so_far() + " the apple"}));
        return false;
      }
      if (!in_.noun_phrase(*s.object, Case::object, NounPhraseRole::object, verb)) return false;
    } else if (v.valency == Valency::ditransitive && !ditransitive(s, verb)) {
      return false;
    }
    // "here" and "there" stand for a place ("sleep here") or a destination ("come here").
    if (read_adverb(true, s.place_adverb)) return true;
    if (in_.at_end() || find(adverbs(), &Adverb::en, in_.peek()) >= 0) {
      if (v.destination != Verb::goes_to) return true;
      in_.fail(Problem(GrammarProblemKind::needs_destination).word(verb).examples({in_.so_far() + " to the park"}));
      return false;
    }
    s.preposition = find(prepositions(), &Preposition::en, in_.peek());
    const bool to = s.preposition == kTo;
    if (s.preposition < 0 || (to && v.destination == Verb::no_destination) || (!to && v.destination == Verb::goes_to)) {
      if (v.destination == Verb::goes_to)
        in_.fail(Problem(GrammarProblemKind::expects_to_and_place).word(verb).found(in_.found()));
      else if (to)
        in_.fail(Problem(GrammarProblemKind::misplaced_to));
      else if (v.valency == Valency::intransitive)
        in_.fail(Problem(GrammarProblemKind::takes_no_object)
                     .word(verb)
                     .prepositions(prepositions_list(false))
                     .adverbs(adverbs_list())
                     .found(in_.found()));
      else
        in_.fail(Problem(GrammarProblemKind::expects_preposition)
                     .after(in_.so_far())
                     .prepositions(prepositions_list(false))
                     .adverbs(adverbs_list())
                     .found(in_.found()));
      return false;
    }
    in_.advance();
    return in_.noun_phrase(s.prepositional_object, Case::object, NounPhraseRole::preposition_object, in_.previous());
  }

  // "gives the girl the book" or "gives the book to the girl".
  bool ditransitive(Sentence& s, const std::string& verb) {
    const GrammarProblem needs_both =
        Problem(GrammarProblemKind::needs_what_and_to_whom)
            .word(verb)
            .examples({in_.so_far() + " the book to maria", in_.so_far() + " maria the book"});
    if (in_.at_end()) {
      in_.fail(needs_both);
      return false;
    }
    NounPhrase first;
    if (!in_.noun_phrase(first, Case::object, NounPhraseRole::given, verb)) return false;
    if (in_.peek() == "to") {
      s.object = first;
      s.recipient_after_to = true;
      in_.advance();
      s.recipient.emplace();
      return in_.noun_phrase(*s.recipient, Case::object, NounPhraseRole::recipient);
    }
    s.recipient = first;
    s.object.emplace();
    if (in_.at_end() || find(prepositions(), &Preposition::en, in_.peek()) >= 0) {
      in_.fail(needs_both);
      return false;
    }
    return in_.noun_phrase(*s.object, Case::object, NounPhraseRole::thing_given, in_.so_far());
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
    return predicate(s);
  }

  // What a copula says of its subject: "(very) big", "a teacher", "in the garden", "here".
  std::optional<Sentence> predicate(Sentence& s) {
    Problem expects(GrammarProblemKind::expects_complement);
    expects.after(in_.so_far()).examples(examples(adjectives(), &Adjective::en)).prepositions(prepositions_list(true));
    if (in_.peek() == "very") {
      s.very = true;
      in_.advance();
    }
    s.adjective = find(adjectives(), &Adjective::en, in_.peek());
    if (s.adjective >= 0) {
      in_.advance();
      return finish(s);
    }
    if (!s.very && read_adverb(true, s.place_adverb)) return finish(s);
    if (s.very) {
      return in_.fail(Problem(GrammarProblemKind::very_needs_adjective)
                          .examples(examples(adjectives(), &Adjective::en))
                          .found(in_.found()));
    }
    if (find(determiners(), &Determiner::en, in_.peek()) == kA ||
        find(determiners(), &Determiner::en_before_vowel, in_.peek()) == kA) {
      return profession(s, false);
    }
    if (const int p = find(nouns(), &Noun::en_plural, in_.peek()); p >= 0 && nouns()[p].kind == Kind::profession)
      return profession(s, true);
    s.preposition = find(prepositions(), &Preposition::en, in_.peek());
    if (s.preposition < 0 || !prepositions()[s.preposition].place) return in_.fail(expects.found(in_.found()));
    in_.advance();
    if (!in_.noun_phrase(s.prepositional_object, Case::object, NounPhraseRole::preposition_object, in_.previous()))
      return std::nullopt;
    return finish(s);
  }

  // "is a teacher", "are teachers": the profession's number is the subject's.
  std::optional<Sentence> profession(Sentence& s, bool plural) {
    const std::string article = plural ? "" : in_.peek();
    if (!plural) in_.advance();
    const int n = find(nouns(), plural ? &Noun::en_plural : &Noun::en_singular, in_.peek());
    if (n < 0 || nouns()[n].kind != Kind::profession) {
      return in_.fail(Problem(GrammarProblemKind::expects_profession)
                          .after(in_.so_far())
                          .examples({"teacher", "doctor"})
                          .found(in_.found()));
    }
    if (plural != s.subject.is_plural()) {
      const Noun& noun = nouns()[n];
      const std::string one = std::string(starts_with_vowel(noun.en_singular) ? "an " : "a ") + noun.en_singular;
      return in_.fail(Problem(GrammarProblemKind::profession_number)
                          .subject(subject_text_)
                          .number(plural ? "singular" : "plural")
                          .expected(plural ? one : noun.en_plural)
                          .found(plural ? noun.en_plural : one));
    }
    if (!plural && (article == "an") != starts_with_vowel(in_.peek())) {
      return in_.fail(Problem(GrammarProblemKind::article)
                          .word(in_.peek())
                          .expected(starts_with_vowel(in_.peek()) ? "an" : "a")
                          .found(article));
    }
    s.profession = n;
    in_.advance();
    return finish(s);
  }

  // The sentence's end, after an adverb of time.
  std::optional<Sentence> finish(Sentence& s) {
    read_adverb(false, s.time_adverb);
    if (!in_.at_end())
      return in_.fail(Problem(GrammarProblemKind::sentence_ends).after(in_.so_far()).found(in_.found()));
    GrammarProblem problem = english_problem(s);
    if (problem) return in_.fail(std::move(problem));
    return s;
  }

  Reader in_;
  std::string subject_text_;
};

}  // namespace

std::optional<Sentence> parse(const std::vector<std::string>& english, GrammarProblem* problem) {
  Parser parser(english);
  std::optional<Sentence> tree = parser.sentence();
  if (!tree && problem) *problem = english.empty() ? Problem(GrammarProblemKind::empty) : parser.problem();
  return tree;
}

}  // namespace attn::corpus::grammar
