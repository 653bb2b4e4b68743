// The parser's noun phrases: a pronoun in its case, a name, or a determiner (with "a"/"an" before the right
// sound), "very", an adjective and a noun agreeing in number with the determiner.
#include "parser.h"

namespace attn::corpus::grammar::parsing {

std::string quoted(const std::string& text) { return "“" + text + "”"; }

std::string Reader::so_far() const {
  return join(std::vector<std::string>(words_.begin(), words_.begin() + static_cast<std::ptrdiff_t>(at_)));
}

bool Reader::starts_noun_phrase() const {
  const std::string& w = peek();
  return find(pronouns(), &Pronoun::en_subject, w) >= 0 || find(pronouns(), &Pronoun::en_object, w) >= 0 ||
         find(names(), &Name::en, w) >= 0 || find(determiners(), &Determiner::en, w) >= 0 ||
         find(determiners(), &Determiner::en_before_vowel, w) >= 0;
}

bool Reader::noun_phrase(NounPhrase& np, Case grammatical_case, const std::string& role) {
  np = NounPhrase{};
  const int subject = find(pronouns(), &Pronoun::en_subject, peek());
  const int object = find(pronouns(), &Pronoun::en_object, peek());
  if (subject >= 0 || object >= 0) {
    const bool wants_subject = grammatical_case == Case::subject;
    np.pronoun = wants_subject ? subject : object;
    if (np.pronoun < 0) {
      const Pronoun& p = pronouns()[wants_subject ? object : subject];
      fail(role + ": " + quoted(peek()) + " is the " + (wants_subject ? "object" : "subject") + " form; here it is " +
           quoted(wants_subject ? p.en_subject : p.en_object));
      return false;
    }
    advance();
    return true;
  }
  np.name = find(names(), &Name::en, peek());
  if (np.name >= 0) {
    advance();
    return true;
  }
  return common_noun_phrase(np, grammatical_case, role);
}

bool Reader::common_noun_phrase(NounPhrase& np, Case grammatical_case, const std::string& role) {
  np.determiner = find(determiners(), &Determiner::en, peek());
  const bool before_vowel = np.determiner < 0;
  if (before_vowel) np.determiner = find(determiners(), &Determiner::en_before_vowel, peek());
  if (np.determiner < 0) {
    fail(role + ": a name (" + examples(names(), &Name::en) + "), a pronoun (" +
         examples(pronouns(), grammatical_case == Case::subject ? &Pronoun::en_subject : &Pronoun::en_object) +
         ") or a determiner (" + examples(determiners(), &Determiner::en, 4) + ") and a noun" + found());
    return false;
  }
  const std::string article = peek();
  advance();
  const std::string after_article = peek();
  if (peek() == "very") {
    np.very = true;
    advance();
  }
  np.adjective = find(adjectives(), &Adjective::en, peek());
  if (np.adjective >= 0) {
    advance();
  } else if (np.very) {
    fail("“very” must be followed by an adjective (" + examples(adjectives(), &Adjective::en) + ")" + found());
    return false;
  }
  np.noun = find(nouns(), &Noun::en_singular, peek());
  np.plural = np.noun < 0;
  if (np.plural) np.noun = find(nouns(), &Noun::en_plural, peek());
  if (np.noun < 0) {
    fail("after " + quoted(so_far()) + " the grammar expects a noun (" + examples(nouns(), &Noun::en_singular) + ")" +
         found());
    return false;
  }
  advance();
  const Determiner& d = determiners()[np.determiner];
  const Number number = d.number;
  if (number != Number::either && (number == Number::plural) != np.plural) {
    const Noun& noun = nouns()[np.noun];
    fail(quoted(article) + " takes a " + (number == Number::plural ? "plural" : "singular") + " noun: " +
         quoted(number == Number::plural ? noun.en_plural : noun.en_singular) + ", not " + quoted(previous()));
    return false;
  }
  if (d.en_before_vowel) {
    const bool vowel = starts_with_vowel(after_article);
    if (vowel != before_vowel) {
      fail("before " + quoted(after_article) + " the article is " + quoted(vowel ? d.en_before_vowel : d.en) +
           ", not " + quoted(article));
      return false;
    }
  }
  return true;
}

}  // namespace attn::corpus::grammar::parsing
