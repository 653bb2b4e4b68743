// The grammar's Spanish, which says every tree of the grammar:
//   - articles and adjectives agree with their noun in gender and number, adjectives follow the noun;
//   - verbs agree with their subject (yo como, tú comes, él come, nosotros comemos, ellos comen), in the
//     present or the past (the preterite; the imperfect for verbs of state); subject pronouns are left out;
//   - object pronouns go before the verb ("you see me" → "me ves", "he did not see her" → "no la vio"), or
//     are joined to a command ("eat it" → "cómelo", "give me the book" → "dame el libro"); a recipient noun
//     phrase is doubled by "le"/"les" ("le da el libro a la niña"); "it" given comes after the recipient's
//     clitic, which is "se" for le and les ("me lo da", "se lo da a la niña", "dámelo", "dáselo"); after a
//     preposition: mí, ti, él, ella, conmigo, contigo;
//   - "a" before animate direct objects (not after tener and querer), "a el"/"de el" contract to "al"/"del",
//     "does not V" → "no V", negative commands in the subjunctive ("do not eat it" → "no lo comas");
//   - the copula: ser for what a thing is ("es grande", "soy profesor": no article before an unmodified
//     profession), estar for where it is and for states ("está en el jardín", "está cansado"), both in the
//     imperfect in the past ("era", "estaba"); "where is the book" → "¿ dónde está el libro ?";
//   - questions between "¿" and "?", tokens of their own (the English side has no "?": its tokenizer drops it), the
//     statement's order within: "do you see the bird" → "¿ ves al pájaro ?", "is the dog big" → "¿ el perro es
//     grande ?";
//   - adverbs last: "vi a mi amigo ayer", "vamos al parque ahora", "no está aquí" (estar), "ven aquí";
//   - greetings as set phrases, the name after them: "buenos días juan", "hola ¿ cómo estás ?", "muchas gracias".
// Unknown genders take the masculine: I, you, we, they, it ("i am tired" → "estoy cansado").
//
// Alignment: each word aligns to the English word it translates; a pronoun joined to a command ("dame") is
// one word, aligned to the verb; "con" joined to a pronoun ("conmigo") aligns to the pronoun, as a noun with
// its case ending does in Marathi ("with" then aligns to nothing). The personal "a" and the doubling
// "le"/"les" (or "se") align to nothing; a recipient's "a" aligns to "to" when the English has one, else to nothing.
// "¿" and "?" align to the word that makes the English a question: "where", the question's "do" or its copula, the
// "how" of "how are you". A set phrase's words align as its table says (lexicon.cpp: "buenos:good días:morning").
#include <set>

#include "spanish.h"

namespace attn::corpus::grammar {
namespace {

namespace forms = spanish_forms;

class SpanishRenderer {
 public:
  SentencePair pair;

  void word(const std::string& w, int aligned_to) {
    pair.target.push_back(w);
    pair.alignment.push_back(aligned_to);
  }

  // `particle` ("a" or "de", aligned to `particle_aligned_to`) precedes the phrase; with the article "el"
  // it contracts ("al", "del"), and the contraction aligns with "the". Pronouns take their form after a
  // preposition (mí, él); "con" joins with mí and ti.
  void noun_phrase(const NounPhrase& np, const EnglishNounPhrase& at, const char* particle = nullptr,
                   int particle_aligned_to = kUnaligned) {
    if (np.is_pronoun()) {
      if (particle) word(particle, particle_aligned_to);
      word(pronouns()[np.pronoun].es_after_preposition, at.head);
      return;
    }
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

  void prepositional_phrase(const Sentence& s, const EnglishSentence& en) {
    if (s.preposition < 0) return;
    const Preposition& p = prepositions()[s.preposition];
    const NounPhrase& np = s.prepositional_object;
    if (p.es && std::string(p.es) == "con" && np.is_pronoun() && np.person() != Person::third && !np.is_plural()) {
      word(np.person() == Person::first ? "conmigo" : "contigo", en.prepositional_object.head);
      return;
    }
    if (p.es) word(p.es, en.preposition);
    noun_phrase(np, en.prepositional_object, p.es_particle, en.preposition);
  }

  // A recipient's clitic: its pronoun, or "le"/"les" doubling its noun phrase; both "se" before "lo" ("se lo
  // da", "dáselo").
  static std::string indirect_clitic(const NounPhrase& recipient, bool before_direct) {
    const std::string le = recipient.is_pronoun()  ? pronouns()[recipient.pronoun].es_indirect
                           : recipient.is_plural() ? "les"
                                                   : "le";
    return before_direct && (le == "le" || le == "les") ? "se" : le;
  }

  // The clitics before a conjugated verb or a negative command: the recipient's, then the object pronoun's ("me
  // lo da": only "it" is given as a pronoun).
  void clitics(const Sentence& s, const EnglishSentence& en) {
    const bool object_pronoun = s.object && s.object->is_pronoun();
    if (s.recipient)
      word(indirect_clitic(*s.recipient, object_pronoun), s.recipient->is_pronoun() ? en.recipient.head : kUnaligned);
    if (object_pronoun) word(pronouns()[s.object->pronoun].es_direct, en.object.head);
  }

  // An affirmative command with its clitics joined: "dame", "cómelo", "dale" doubling "a la niña", "dámelo".
  static std::string joined_command(const Verb& verb, const Sentence& s) {
    const bool object_pronoun = s.object && s.object->is_pronoun();
    const std::string direct = object_pronoun ? pronouns()[s.object->pronoun].es_direct : "";
    if (s.recipient && object_pronoun) return forms::joined(verb, indirect_clitic(*s.recipient, true), direct);
    const std::string clitic = s.recipient ? indirect_clitic(*s.recipient, false) : direct;
    return clitic.empty() ? forms::command(verb).plain : forms::joined(verb, clitic);
  }

  void verb_and_complements(const Sentence& s, const EnglishSentence& en) {
    const Verb& verb = verbs()[s.verb];
    if (s.negated) word("no", en.negation);
    if (s.clause == Clause::command && !s.negated) {
      word(joined_command(verb, s), en.verb);
    } else {
      clitics(s, en);
      word(s.clause == Clause::command ? forms::command(verb).negative
                                       : forms::verb(verb, s.tense, forms::person(s.subject)),
           en.verb);
    }
    if (s.object && !s.object->is_pronoun()) {
      // A ditransitive verb's thing given takes no personal "a": the recipient's "a" is the one.
      const bool personal_a = s.object->animate() && verb.valency == Valency::transitive && !verb.es_without_personal_a;
      noun_phrase(*s.object, en.object, personal_a ? "a" : nullptr);
    }
    if (s.recipient && !s.recipient->is_pronoun()) {
      noun_phrase(*s.recipient, en.recipient, "a", s.recipient_after_to ? en.to : kUnaligned);
    }
  }

  void copula(const Sentence& s, const EnglishSentence& en) {
    const int person = forms::person(s.subject);
    const int form = (s.subject.is_plural() ? 2 : 0) + (s.subject.feminine() ? 1 : 0);
    if (s.negated) word("no", en.negation);
    if (s.adjective >= 0) {
      const Adjective& a = adjectives()[s.adjective];
      word(forms::copula(a.es_estar, s.tense, person), en.verb);
      if (s.very) word("muy", en.very);
      word(a.es[form], en.adjective);
    } else if (s.profession >= 0) {
      const Noun& n = nouns()[s.profession];
      const bool plural = s.subject.is_plural(), feminine = s.subject.feminine() && n.es_feminine_singular;
      word(forms::copula(false, s.tense, person), en.verb);
      word(feminine ? (plural ? n.es_feminine_plural : n.es_feminine_singular) : (plural ? n.es_plural : n.es_singular),
           en.profession);
    } else {
      word(forms::copula(true, s.tense, person), en.verb);
      prepositional_phrase(s, en);
    }
  }

  // "hola juan ¿ cómo estás ?": the phrase, the name, the question.
  void greeting(const Sentence& s, const EnglishSentence& en) {
    phrase(s.greeting, en.greeting);
    if (s.addressee >= 0) word(names()[s.addressee].es, en.addressee);
    if (s.how_are_you) phrase(kHowAreYou, en.how_are_you);
  }

  void phrase(int g, int en_first) {
    const Greeting& greeting = greetings()[g];
    phrase_words({greeting.en, greeting.es, greeting.es_aligned}, en_first, pair);
  }
};

class Spanish final : public TargetLanguage {
 public:
  SentencePair render(const Sentence& s) const override {
    EnglishSentence en = render_english(s);
    SpanishRenderer r;
    if (s.clause == Clause::greeting) {
      r.greeting(s, en);
      r.pair.source = std::move(en.words);
      return std::move(r.pair);
    }
    if (en.question >= 0) r.word("¿", en.question);
    if (s.clause == Clause::where) {
      r.word("dónde", en.where);
      r.word(forms::copula(true, s.tense, forms::person(s.subject)), en.verb);
    }
    if (s.clause != Clause::command && !s.subject.is_pronoun()) r.noun_phrase(s.subject, en.subject);
    if (s.clause == Clause::copula) r.copula(s, en);
    if (s.clause == Clause::statement || s.clause == Clause::command) {
      r.verb_and_complements(s, en);
      r.prepositional_phrase(s, en);
    }
    if (s.place_adverb >= 0) r.word(adverbs()[s.place_adverb].es, en.place_adverb);
    if (s.time_adverb >= 0) r.word(adverbs()[s.time_adverb].es, en.time_adverb);
    if (en.question >= 0) r.word("?", en.question);
    r.pair.source = std::move(en.words);
    return std::move(r.pair);
  }

  const char* code() const override { return "es"; }

  const std::vector<std::string>& words() const override {
    static const std::vector<std::string> sorted = words_of(LexiconRows::whole());
    return sorted;
  }

  std::vector<std::string> words_of(const LexiconRows& rows) const override {
    std::set<std::string> w = {"muy", "no",    "a",       "al",      "de", "del", "le",
                               "les", "dónde", "conmigo", "contigo", "se", "¿",   "?"};
    for (std::size_t i = 0; i < nouns().size(); ++i) {
      if (!rows.nouns[i]) continue;
      const Noun& n = nouns()[i];
      w.insert({n.es_singular, n.es_plural});
      if (n.es_feminine_singular) w.insert({n.es_feminine_singular, n.es_feminine_plural});
    }
    for (std::size_t i = 0; i < adjectives().size(); ++i)
      if (rows.adjectives[i]) w.insert(std::begin(adjectives()[i].es), std::end(adjectives()[i].es));
    for (std::size_t i = 0; i < verbs().size(); ++i) {
      if (!rows.verbs[i]) continue;
      const Verb& v = verbs()[i];
      for (int p = 0; p < forms::kPersons; ++p)
        for (Tense t : {Tense::present, Tense::past}) w.insert(forms::verb(v, t, p));
      if (!v.commands()) continue;
      const forms::Command c = forms::command(v);
      w.insert({c.plain, c.negative});
      if (v.valency != Valency::intransitive)
        for (const std::string& clitic : forms::joinable_pronouns(v.valency)) w.insert(forms::joined(v, clitic));
      if (v.valency == Valency::ditransitive)
        for (const std::string& indirect : forms::indirect_pronouns_before_lo())
          w.insert(forms::joined(v, indirect, "lo"));
    }
    for (int p = 0; p < forms::kPersons; ++p)
      for (bool estar : {false, true})
        for (Tense t : {Tense::present, Tense::past}) w.insert(forms::copula(estar, t, p));
    for (const auto& d : determiners())
      for (const char* form : d.es)
        if (*form) w.insert(form);
    for (const auto& n : names()) w.insert(n.es);
    for (const auto& p : prepositions())
      if (p.es) w.insert(p.es);
    for (const auto& p : pronouns()) w.insert({p.es_direct, p.es_indirect, p.es_after_preposition});
    for (const auto& a : adverbs()) w.insert(a.es);
    for (const auto& g : greetings())
      for (auto& word : split(g.es)) w.insert(std::move(word));
    return std::vector<std::string>(w.begin(), w.end());
  }
};

}  // namespace

const TargetLanguage& spanish() {
  static const Spanish language;
  return language;
}

}  // namespace attn::corpus::grammar
