// The grammar's Spanish: articles and adjectives agree with their noun in gender and number, adjectives
// follow the noun, verbs agree with their subject, "a" marks animate direct objects, "a el"/"de el"
// contract to "al"/"del", negation "does not V" becomes "no V". It says every tree of the grammar.
#include <set>

#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

class SpanishRenderer {
 public:
  SentencePair pair;

  void word(const std::string& w, int aligned_to) {
    pair.target.push_back(w);
    pair.alignment.push_back(aligned_to);
  }

  // `particle` ("a" or "de", aligned to `particle_aligned_to`) precedes the phrase; with the article "el"
  // it contracts ("al", "del"), and the contraction aligns with "the".
  void noun_phrase(const NounPhrase& np, const EnglishNounPhrase& at, const char* particle = nullptr,
                   int particle_aligned_to = kUnaligned) {
    if (np.is_name()) {
      if (particle) word(particle, particle_aligned_to);
      word(names()[np.name].es, at.head);
      return;
    }
    const Noun& noun = nouns()[np.noun];
    const int form = (np.plural ? 2 : 0) + (noun.feminine ? 1 : 0);
    const std::string article = determiners()[np.determiner].es[form];
    if (particle && article == "el") {
      word(std::string(particle) == "a" ? "al" : "del", at.determiner);
    } else {
      if (particle) word(particle, particle_aligned_to);
      word(article, at.determiner);
    }
    word(np.plural ? noun.es_plural : noun.es_singular, at.head);
    if (np.very) word("muy", at.very);
    if (np.adjective >= 0) word(adjectives()[np.adjective].es[form], at.adjective);
  }
};

class Spanish final : public TargetLanguage {
 public:
  SentencePair render(const Sentence& s) const override {
    EnglishSentence en = render_english(s);
    SpanishRenderer r;
    const bool plural_subject = !s.subject.is_name() && s.subject.plural;
    const Verb& verb = verbs()[s.verb];
    r.noun_phrase(s.subject, en.subject);
    if (s.negated) r.word("no", en.negation);
    r.word(plural_subject ? verb.es_plural : verb.es_singular, en.verb);
    if (s.object) r.noun_phrase(*s.object, en.object, s.object->animate() ? "a" : nullptr);
    if (s.preposition >= 0) {
      const Preposition& p = prepositions()[s.preposition];
      r.word(p.es, en.preposition);
      r.noun_phrase(s.prepositional_object, en.prepositional_object, p.followed_by_de ? "de" : nullptr, en.preposition);
    }
    r.pair.source = std::move(en.words);
    return std::move(r.pair);
  }

  const char* name() const override { return "Spanish"; }

  const std::vector<std::string>& words() const override {
    static const std::vector<std::string> sorted = [] {
      std::set<std::string> w = {"muy", "no", "a", "al", "de", "del"};
      for (const auto& n : nouns()) w.insert({n.es_singular, n.es_plural});
      for (const auto& a : adjectives()) w.insert(std::begin(a.es), std::end(a.es));
      for (const auto& v : verbs()) w.insert({v.es_singular, v.es_plural});
      for (const auto& d : determiners())
        for (const char* form : d.es)
          if (*form) w.insert(form);
      for (const auto& n : names()) w.insert(n.es);
      for (const auto& p : prepositions()) w.insert(p.es);
      return std::vector<std::string>(w.begin(), w.end());
    }();
    return sorted;
  }
};

}  // namespace

const TargetLanguage& spanish() {
  static const Spanish language;
  return language;
}

}  // namespace attn::corpus::grammar
