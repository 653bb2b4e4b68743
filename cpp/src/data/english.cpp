// The English side shared by every target language: a tree's English words (and where each went), and
// whether a language can say a whole tree.
#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

class EnglishRenderer {
 public:
  EnglishSentence out;

  int word(const std::string& w) {
    out.words.push_back(w);
    return static_cast<int>(out.words.size()) - 1;
  }

  EnglishNounPhrase noun_phrase(const NounPhrase& np) {
    EnglishNounPhrase at;
    if (np.is_name()) {
      at.head = word(names()[np.name].en);
      return at;
    }
    const Noun& noun = nouns()[np.noun];
    at.determiner = word(determiners()[np.determiner].en);
    if (np.very) at.very = word("very");
    if (np.adjective >= 0) at.adjective = word(adjectives()[np.adjective].en);
    at.head = word(np.plural ? noun.en_plural : noun.en_singular);
    return at;
  }
};

// The first word of a noun phrase the language does not say, or nothing.
const char* unsaid_word(const TargetLanguage& language, const NounPhrase& np) {
  if (np.is_name()) return nullptr;
  if (!language.says_determiner(np.determiner)) return determiners()[np.determiner].en;
  if (np.adjective >= 0 && !language.says_adjective(np.adjective)) return adjectives()[np.adjective].en;
  return nullptr;
}

}  // namespace

EnglishSentence render_english(const Sentence& s) {
  EnglishRenderer r;
  const bool plural_subject = !s.subject.is_name() && s.subject.plural;
  const Verb& verb = verbs()[s.verb];
  r.out.subject = r.noun_phrase(s.subject);
  if (s.negated) {
    r.word(plural_subject ? "do" : "does");
    r.out.negation = r.word("not");
    r.out.verb = r.word(verb.en_base);
  } else {
    r.out.verb = r.word(plural_subject ? verb.en_base : verb.en_third_singular);
  }
  if (s.object) r.out.object = r.noun_phrase(*s.object);
  if (s.preposition >= 0) {
    r.out.preposition = r.word(prepositions()[s.preposition].en);
    r.out.prepositional_object = r.noun_phrase(s.prepositional_object);
  }
  return std::move(r.out);
}

std::string TargetLanguage::unsaid(const Sentence& s) const {
  const std::string leaves_out = std::string("the grammar's ") + name() + " leaves out ";
  for (const NounPhrase* np :
       {&s.subject, s.object ? &*s.object : nullptr, s.preposition >= 0 ? &s.prepositional_object : nullptr})
    if (np)
      if (const char* word = unsaid_word(*this, *np)) return leaves_out + "“" + word + "”";
  if (!says_verb(s.verb)) return leaves_out + "“" + verbs()[s.verb].en_third_singular + "”";
  if (s.preposition < 0) {
    return needs_place(s.verb) ? std::string("in the grammar's ") + name() + " “" + verbs()[s.verb].en_third_singular +
                                     "” needs a place (in, near, behind) or a companion (with)"
                               : "";
  }
  const Preposition& p = prepositions()[s.preposition];
  if (!says_preposition(s.preposition)) return leaves_out + "“" + p.en + "”";
  if (!says_prepositional_object(s.preposition, s.prepositional_object)) {
    const EnglishSentence en = render_english(s);
    return leaves_out + "“" + join(std::vector<std::string>(en.words.begin() + en.preposition, en.words.end())) + "”";
  }
  return "";
}

const TargetLanguage& target(Language language) { return language == Language::japanese ? japanese() : spanish(); }

}  // namespace attn::corpus::grammar
