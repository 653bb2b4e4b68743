// The parser's noun phrases: a pronoun in its case, a name, or a determiner (with "a"/"an" before the right
// sound), "very", an adjective and a noun agreeing in number with the determiner. "her" is the determiner when a
// noun phrase's rest follows it ("her car", "her red car"), else the pronoun ("i see her", "give her the book").
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

// Whether `word` goes on with a noun phrase after its determiner: "very", an adjective or a noun.
bool continues_noun_phrase(const std::string& word) {
  return word == "very" || find(adjectives(), &Adjective::en, word) >= 0 ||
         find(nouns(), &Noun::en_singular, word) >= 0 || find(nouns(), &Noun::en_plural, word) >= 0;
}

bool Reader::noun_phrase(NounPhrase& np, Case grammatical_case, NounPhraseRole role, const std::string& role_word) {
  np = NounPhrase{};
  const int subject = find(pronouns(), &Pronoun::en_subject, peek());
  const int object = find(pronouns(), &Pronoun::en_object, peek());
  const bool determiner = find(determiners(), &Determiner::en, peek()) >= 0 && continues_noun_phrase(next());
  if ((subject >= 0 || object >= 0) && !determiner) {
    const bool wants_subject = grammatical_case == Case::subject;
    np.pronoun = wants_subject ? subject : object;
    if (np.pronoun < 0) {
      const Pronoun& p = pronouns()[wants_subject ? object : subject];
      fail(Problem(GrammarProblemKind::pronoun_case)
               .role(role, role_word)
               .form(wants_subject ? "subject" : "object")
               .found(peek())
               .expected(wants_subject ? p.en_subject : p.en_object));
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
  return common_noun_phrase(np, grammatical_case, role, role_word);
}

bool Reader::common_noun_phrase(NounPhrase& np, Case grammatical_case, NounPhraseRole role,
                                const std::string& role_word) {
  np.determiner = find(determiners(), &Determiner::en, peek());
  const bool before_vowel = np.determiner < 0;
  if (before_vowel) np.determiner = find(determiners(), &Determiner::en_before_vowel, peek());
  if (np.determiner < 0) {
    fail(Problem(GrammarProblemKind::expects_noun_phrase)
             .role(role, role_word)
             .names(examples(names(), &Name::en))
             .pronouns(
                 examples(pronouns(), grammatical_case == Case::subject ? &Pronoun::en_subject : &Pronoun::en_object))
             .determiners(examples(determiners(), &Determiner::en, 4))
             .found(found()));
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
    fail(Problem(GrammarProblemKind::very_needs_adjective)
             .examples(examples(adjectives(), &Adjective::en))
             .found(found()));
    return false;
  }
  np.noun = find(nouns(), &Noun::en_singular, peek());
  np.plural = np.noun < 0;
  if (np.plural) np.noun = find(nouns(), &Noun::en_plural, peek());
  if (np.noun < 0) {
    fail(Problem(GrammarProblemKind::expects_noun)
             .after(so_far())
             .examples(examples(nouns(), &Noun::en_singular))
             .found(found()));
    return false;
  }
  advance();
  const Determiner& d = determiners()[np.determiner];
  const Number number = d.number;
  if (number != Number::either && (number == Number::plural) != np.plural) {
    const Noun& noun = nouns()[np.noun];
    fail(Problem(GrammarProblemKind::determiner_number)
             .word(article)
             .number(number == Number::plural ? "plural" : "singular")
             .expected(number == Number::plural ? noun.en_plural : noun.en_singular)
             .found(previous()));
    return false;
  }
  if (d.en_before_vowel) {
    const bool vowel = starts_with_vowel(after_article);
    if (vowel != before_vowel) {
      fail(Problem(GrammarProblemKind::article)
               .word(after_article)
               .expected(vowel ? d.en_before_vowel : d.en)
               .found(article));
      return false;
    }
  }
  return true;
}

}  // namespace attn::corpus::grammar::parsing
