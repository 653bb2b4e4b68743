// Renders a grammar tree as an English sentence, its Spanish translation and their word alignment.
#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

struct EnglishPositions {
  int determiner = -1, very = -1, adjective = -1, head = -1;  // head: the noun or the name
};

class Renderer {
 public:
  SentencePair pair;

  int english(const std::string& word) {
    pair.source.push_back(word);
    return static_cast<int>(pair.source.size()) - 1;
  }
  void spanish(const std::string& word, int aligned_to) {
    pair.target.push_back(word);
    pair.alignment.push_back(aligned_to);
  }

  EnglishPositions english_noun_phrase(const NounPhrase& np) {
    EnglishPositions at;
    if (np.is_name()) {
      at.head = english(names()[np.name].en);
      return at;
    }
    const Noun& noun = nouns()[np.noun];
    at.determiner = english(determiners()[np.determiner].en);
    if (np.very) at.very = english("very");
    if (np.adjective >= 0) at.adjective = english(adjectives()[np.adjective].en);
    at.head = english(np.plural ? noun.en_plural : noun.en_singular);
    return at;
  }

  // `particle` ("a" or "de", aligned to `particle_aligned_to`) precedes the phrase; with the article "el"
  // it contracts ("al", "del"), and the contraction aligns with "the".
  void spanish_noun_phrase(const NounPhrase& np, const EnglishPositions& at, const char* particle = nullptr,
                           int particle_aligned_to = kUnaligned) {
    if (np.is_name()) {
      if (particle) spanish(particle, particle_aligned_to);
      spanish(names()[np.name].es, at.head);
      return;
    }
    const Noun& noun = nouns()[np.noun];
    const int form = (np.plural ? 2 : 0) + (noun.feminine ? 1 : 0);
    const std::string article = determiners()[np.determiner].es[form];
    if (particle && article == "el") {
      spanish(std::string(particle) == "a" ? "al" : "del", at.determiner);
    } else {
      if (particle) spanish(particle, particle_aligned_to);
      spanish(article, at.determiner);
    }
    spanish(np.plural ? noun.es_plural : noun.es_singular, at.head);
    if (np.very) spanish("muy", at.very);
    if (np.adjective >= 0) spanish(adjectives()[np.adjective].es[form], at.adjective);
  }
};

}  // namespace

SentencePair render(const Sentence& s) {
  Renderer r;
  const bool plural_subject = !s.subject.is_name() && s.subject.plural;
  const Verb& verb = verbs()[s.verb];

  // English first, remembering where each word went.
  const EnglishPositions subject = r.english_noun_phrase(s.subject);
  int not_at = -1, verb_at;
  if (s.negated) {
    r.english(plural_subject ? "do" : "does");
    not_at = r.english("not");
    verb_at = r.english(verb.en_base);
  } else {
    verb_at = r.english(plural_subject ? verb.en_base : verb.en_third_singular);
  }
  EnglishPositions object, prepositional_object;
  if (s.object) object = r.english_noun_phrase(*s.object);
  int preposition_at = -1;
  if (s.preposition >= 0) {
    preposition_at = r.english(prepositions()[s.preposition].en);
    prepositional_object = r.english_noun_phrase(s.prepositional_object);
  }

  // Spanish, aligned to those positions.
  r.spanish_noun_phrase(s.subject, subject);
  if (s.negated) r.spanish("no", not_at);
  r.spanish(plural_subject ? verb.es_plural : verb.es_singular, verb_at);
  if (s.object) r.spanish_noun_phrase(*s.object, object, s.object->animate() ? "a" : nullptr);
  if (s.preposition >= 0) {
    const Preposition& p = prepositions()[s.preposition];
    r.spanish(p.es, preposition_at);
    r.spanish_noun_phrase(s.prepositional_object, prepositional_object, p.followed_by_de ? "de" : nullptr,
                          preposition_at);
  }
  return std::move(r.pair);
}

}  // namespace attn::corpus::grammar
