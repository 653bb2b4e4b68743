// The English side shared by every target language: a tree's English words (and where each went), what makes
// a tree not the grammar's English, and whether a language can say a whole tree.
#include <algorithm>

#include "attn/registry.h"
#include "grammar.h"

namespace attn::corpus::grammar {

bool starts_with_vowel(const std::string& word) {
  // By letter: the lexicon has no word whose first letter misleads ("hour", "university").
  return !word.empty() && std::string("aeiou").find(word[0]) != std::string::npos;
}

namespace {

class EnglishRenderer {
 public:
  EnglishSentence out;

  int word(const std::string& w) {
    out.words.push_back(w);
    return static_cast<int>(out.words.size()) - 1;
  }

  // A set phrase's words; returns where its first went.
  int phrase(const char* words) {
    const int first = static_cast<int>(out.words.size());
    for (auto& w : split(words)) out.words.push_back(std::move(w));
    return first;
  }

  // "a" becomes "an" before a vowel: the word after it decides.
  int article(const Determiner& d, const std::string& next) {
    return word(d.en_before_vowel && starts_with_vowel(next) ? d.en_before_vowel : d.en);
  }

  EnglishNounPhrase noun_phrase(const NounPhrase& np, bool subject) {
    EnglishNounPhrase at;
    if (np.is_pronoun()) {
      const Pronoun& p = pronouns()[np.pronoun];
      at.head = word(subject ? p.en_subject : p.en_object);
      return at;
    }
    if (np.is_name()) {
      at.head = word(names()[np.name].en);
      return at;
    }
    const Noun& noun = nouns()[np.noun];
    const std::string head = np.plural ? noun.en_plural : noun.en_singular;
    const std::string after = np.very ? "very" : np.adjective >= 0 ? adjectives()[np.adjective].en : head;
    at.determiner = article(determiners()[np.determiner], after);
    if (np.very) at.very = word("very");
    if (np.adjective >= 0) at.adjective = word(adjectives()[np.adjective].en);
    at.head = word(head);
    return at;
  }

  int copula(const Sentence& s) {
    const bool past = s.tense == Tense::past;
    if (s.subject.is_pronoun() && s.subject.person() == Person::first && !s.subject.is_plural())
      return word(past ? "was" : "am");
    return word(s.third_singular_subject() ? (past ? "was" : "is") : (past ? "were" : "are"));
  }

  int auxiliary(const Sentence& s) {
    return word(s.tense == Tense::past ? "did" : s.third_singular_subject() ? "does" : "do");
  }

  void verb_and_complements(const Sentence& s) {
    const Verb& verb = verbs()[s.verb];
    if (s.negated) {
      out.auxiliary = auxiliary(s);
      out.negation = word("not");
      out.verb = word(verb.en_base);
    } else if (s.question) {  // its auxiliary went before the subject
      out.verb = word(verb.en_base);
    } else {
      out.verb = word(s.tense == Tense::past       ? verb.en_past
                      : s.third_singular_subject() ? verb.en_third_singular
                                                   : verb.en_base);
    }
    if (s.recipient && !s.recipient_after_to) out.recipient = noun_phrase(*s.recipient, false);
    if (s.object) out.object = noun_phrase(*s.object, false);
    if (s.recipient && s.recipient_after_to) {
      out.to = word("to");
      out.recipient = noun_phrase(*s.recipient, false);
    }
  }

  void prepositional_phrase(const Sentence& s) {
    if (s.preposition < 0) return;
    out.preposition = word(prepositions()[s.preposition].en);
    out.prepositional_object = noun_phrase(s.prepositional_object, false);
  }

  // Last in the sentence: "here" in place of a prepositional phrase, then "yesterday".
  void adverbs_of(const Sentence& s) {
    if (s.place_adverb >= 0) out.place_adverb = word(adverbs()[s.place_adverb].en);
    if (s.time_adverb >= 0) out.time_adverb = word(adverbs()[s.time_adverb].en);
  }
};

// The first word of a noun phrase the language does not say, or nothing.
const char* unsaid_word(const TargetLanguage& language, const NounPhrase& np) {
  if (!np.is_common()) return nullptr;
  if (!language.says_determiner(np.determiner)) return determiners()[np.determiner].en;
  if (np.adjective >= 0 && !language.says_adjective(np.adjective)) return adjectives()[np.adjective].en;
  if (!language.says_noun(np.noun)) return nouns()[np.noun].en_singular;
  return nullptr;
}

}  // namespace

EnglishSentence render_english(const Sentence& s) {
  EnglishRenderer r;
  switch (s.clause) {
    case Clause::where:
      r.out.question = r.out.where = r.word("where");
      r.out.verb = r.copula(s);
      r.out.subject = r.noun_phrase(s.subject, true);
      break;
    case Clause::copula:
      if (s.question) {
        r.out.question = r.out.verb = r.copula(s);
        r.out.subject = r.noun_phrase(s.subject, true);
      } else {
        r.out.subject = r.noun_phrase(s.subject, true);
        r.out.verb = r.copula(s);
      }
      if (s.negated) r.out.negation = r.word("not");
      if (s.adjective >= 0) {
        if (s.very) r.out.very = r.word("very");
        r.out.adjective = r.word(adjectives()[s.adjective].en);
      } else if (s.profession >= 0) {
        const Noun& noun = nouns()[s.profession];
        if (s.subject.is_plural()) {
          r.out.profession = r.word(noun.en_plural);
        } else {
          r.out.article = r.article(determiners()[kA], noun.en_singular);
          r.out.profession = r.word(noun.en_singular);
        }
      }
      r.prepositional_phrase(s);
      break;
    case Clause::command:  // "you" understood: "do not" and the plain form, as after "you"
    case Clause::statement:
      if (s.question) r.out.question = r.out.auxiliary = r.auxiliary(s);
      if (s.clause == Clause::statement) r.out.subject = r.noun_phrase(s.subject, true);
      r.verb_and_complements(s);
      r.prepositional_phrase(s);
      break;
    case Clause::greeting:  // "hello john how are you": "how" makes it a question (¿ ?)
      r.out.greeting = r.phrase(greetings()[s.greeting].en);
      if (s.addressee >= 0) r.out.addressee = r.word(names()[s.addressee].en);
      if (s.greeting == kHowAreYou) r.out.how_are_you = r.out.greeting;
      if (s.how_are_you) r.out.how_are_you = r.phrase(greetings()[kHowAreYou].en);
      r.out.question = r.out.how_are_you;
      break;
  }
  r.adverbs_of(s);
  return std::move(r.out);
}

void phrase_words(const PhraseWords& phrase, int en, SentencePair& out) {
  const std::vector<std::string> english = split(phrase.en), aligned = split(phrase.aligned);
  const std::vector<std::string> target = split(phrase.target);
  if (aligned.size() != target.size()) std::abort();  // a typo in a table, found by the first test that runs
  for (std::size_t t = 0; t < target.size(); ++t) {
    int at = kUnaligned;
    if (aligned[t] != "-") {
      const auto found = std::find(english.begin(), english.end(), aligned[t]);
      if (found == english.end()) std::abort();
      at = en + static_cast<int>(found - english.begin());
    }
    out.target.push_back(target[t]);
    out.alignment.push_back(at);
  }
}

GrammarProblem english_problem(const Sentence& s) {
  if (s.clause == Clause::greeting) return {};  // a set phrase, and a name
  // A person named twice in a clause is "myself" or "yourself"; a command's subject is "you".
  int first = 0, second = s.clause == Clause::command ? 1 : 0;
  auto count = [&](const NounPhrase& np) {
    first += np.is_pronoun() && np.person() == Person::first;
    second += np.is_pronoun() && np.person() == Person::second;
  };
  if (s.clause != Clause::command) count(s.subject);
  if (s.object) count(*s.object);
  if (s.recipient) count(*s.recipient);
  if (s.preposition >= 0) count(s.prepositional_object);
  if (first > 1 || second > 1) {
    return Problem(GrammarProblemKind::no_reflexive).person(first > 1 ? "first" : "second");
  }
  if (s.preposition >= 0) {
    const Preposition& p = prepositions()[s.preposition];
    if (s.prepositional_object.is_pronoun() && !p.takes_pronoun) {
      return Problem(GrammarProblemKind::pronoun_after_preposition)
          .word(p.en)
          .found(pronouns()[s.prepositional_object.pronoun].en_object);
    }
  }
  if (s.clause == Clause::statement && s.tense == Tense::past && !s.negated && !s.third_singular_subject() &&
      std::string(verbs()[s.verb].en_past) == verbs()[s.verb].en_base) {
    return Problem(GrammarProblemKind::past_same_as_present)
        .word(verbs()[s.verb].en_past)
        .expected(verbs()[s.verb].en_base);
  }
  // "give it to me": "it" is given before "to" ("give me it" is not the grammar's); a person is not given.
  if (s.object && s.object->is_pronoun() && s.recipient &&
      (pronouns()[s.object->pronoun].animate || !s.recipient_after_to)) {
    return Problem(GrammarProblemKind::gives_pronoun).found(pronouns()[s.object->pronoun].en_object);
  }
  if (s.time_adverb >= 0) {
    const Adverb& a = adverbs()[s.time_adverb];
    const bool past = s.tense == Tense::past;
    if ((a.past_only && !past) || (a.present_only && past)) {
      const EnglishSentence en = render_english(s);
      return Problem(past ? GrammarProblemKind::adverb_needs_present : GrammarProblemKind::adverb_needs_past)
          .word(a.en)
          .found(en.words[static_cast<std::size_t>(en.auxiliary >= 0 ? en.auxiliary : en.verb)]);
    }
  }
  return {};
}

GrammarProblem TargetLanguage::unsaid(const Sentence& s) const {
  GrammarProblem problem = unsaid_in_english(s);
  if (problem) problem.language = code();
  return problem;
}

// A word the language does not say is one its sentences never have, so the English side of its vocabulary
// (english_words(), which a model's is built from) lacks it too: the learner is told that, not that the
// language "leaves it out".
GrammarProblem TargetLanguage::unsaid_in_english(const Sentence& s) const {
  if (s.clause == Clause::greeting) return {};  // every language says every greeting
  const auto not_in_vocabulary = [](const std::string& word) {
    return Problem(GrammarProblemKind::not_in_vocabulary).word(word);
  };
  const bool has_subject = s.clause != Clause::command;
  for (const NounPhrase* np : {has_subject ? &s.subject : nullptr, s.recipient ? &*s.recipient : nullptr,
                               s.object ? &*s.object : nullptr, s.preposition >= 0 ? &s.prepositional_object : nullptr})
    if (np)
      if (const char* word = unsaid_word(*this, *np)) return not_in_vocabulary(word);
  if (s.adjective >= 0 && !says_adjective(s.adjective)) return not_in_vocabulary(adjectives()[s.adjective].en);
  if (s.profession >= 0 && !says_noun(s.profession)) return not_in_vocabulary(nouns()[s.profession].en_singular);
  const bool has_verb = s.clause == Clause::statement || s.clause == Clause::command;
  if (has_verb && !says_verb(s.verb)) return not_in_vocabulary(verbs()[s.verb].en_third_singular);
  if (s.preposition < 0) {
    if (has_verb && needs_place(s.verb) && s.place_adverb < 0)
      return Problem(GrammarProblemKind::needs_place).word(verbs()[s.verb].en_third_singular);
  } else {
    const Preposition& p = prepositions()[s.preposition];
    if (!says_preposition(s.preposition)) return not_in_vocabulary(p.en);
    if (!says_prepositional_object(s.preposition, s.prepositional_object)) {
      const EnglishSentence en = render_english(s);
      return Problem(GrammarProblemKind::phrase_not_said)
          .word(join(std::vector<std::string>(en.words.begin() + en.preposition, en.words.end())));
    }
  }
  return unsaid_construction(s);
}

const TargetLanguage& target(Language language) { return registry::language_pair(language).grammar(); }

}  // namespace attn::corpus::grammar
