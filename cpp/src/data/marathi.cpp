// The grammar's Marathi (Devanagari), the lecture's own pair, for the part of the grammar it says correctly:
//
//   subject [place] [recipient-ला] [object] verb       मुलगी पुस्तक वाचते (the girl reads the book)
//   subject [खूप] adjective | profession | place  आहे    घर मोठे आहे, मी शिक्षक आहे, गाडी बागेत आहे
//   subject कुठे आहे                                     पुस्तक कुठे आहे (where is the book)
//   [place] [recipient-ला] [object] command             मला पुस्तक दे (give me the book)
//   subject [time] ... [का]                               आम्ही आता उद्यानात जातो, कुत्रा मोठा आहे का
//
// Verb-final, no articles ("the" and "a" are nothing); the verb agrees with its subject in person, gender and
// number (मुलगा वाचतो, मुलगी वाचते, बाळ वाचते, ते वाचतात, मी वाचतो, तू वाचतोस), and so do adjectives,
// possessives and demonstratives with their noun (मोठा कुत्रा, मोठी मांजर, मोठे घर, माझ्या मुली), taking their
// oblique form before a case ending (मोठ्या घरात). Case endings are joined to the noun's oblique stem: -ला/-ना
// for a recipient and a person or animal seen, called or washed (मुलीला, मुलांना), -त for "in" and "to"
// (घरात, शाळेत जातो), -वर for "on", -सोबत for "with"; "near", "behind", "under" are words after the genitive
// (घराच्या जवळ, झाडाच्या मागे, टेबलाच्या खाली). Negation: वाचत नाही, झोपला नाही, नाही for आहे, नव्हता for
// होता, a command's नकोस (खाऊ नकोस). The past: होता for the copula, the participle for verbs without an object
// (तो झोपला, ती झोपली, मी झोपलो). The commands and "you" are तू's; I, you, we and they are masculine (the
// language's default), it is neuter. A yes/no question is its statement and का (कुत्रा मोठा आहे का); adverbs of
// time follow the subject (आम्ही आता उद्यानात जातो; a command's come first), "here" and "there" stand where a
// place would (ती इथे नाही, इथे ये); "it" given is ते (मला ते दे); "her" agrees like "his" (तिची गाडी). Greetings are
// set phrases, the name after them (सुप्रभात जॉन, नमस्कार तू कसा आहेस; marathi_lexicon.cpp says which and why).
//
// What it leaves out, rather than say wrong: the past of verbs with an object (ergative: त्याने पुस्तक वाचले,
// the verb agreeing with the object, or with nothing when the object takes -ला) and of sing, work and live (the
// same, or an aspect the English does not show); have, want, love, find, help, visit, hear (other
// constructions); a person or an animal as the object of eat, read, buy, write, open, close, make, break
// (whether it takes -ला depends on more than the grammar knows); "without"; "in" or "to" anything but a place
// or a container one goes into; old and slow; family words, doctor, nurse and a few loanwords (see
// marathi_lexicon.cpp).
//
// Alignment: a noun with its case ending joined aligns to the noun ("in" then to nothing), a postposition word
// to its preposition, every word of a verb to the English verb (विकत घेतो: buys), नाही and नकोस after a verb
// to "not", the copula (आहे, नाही, होता, नव्हता) to "is"/"was", कुठे to "where", का to the word that makes the
// English a question (its "do" or its copula); a set phrase's words as marathi_lexicon.cpp's table says.
#include <set>

#include "marathi.h"

namespace attn::corpus::grammar {
namespace {

using namespace marathi_words;

const int kIn = 0, kTo = grammar::kTo;

struct Agreement {
  Person person;
  bool plural;
  Gender gender;
};

Agreement agreement(const NounPhrase& np) {
  if (np.is_pronoun()) {
    const grammar::Pronoun& p = pronouns()[np.pronoun];
    return {p.person, p.plural, p.feminine ? Gender::feminine : p.animate ? Gender::masculine : Gender::neuter};
  }
  if (np.is_name()) return {Person::third, false, names()[np.name].feminine ? Gender::feminine : Gender::masculine};
  return {Person::third, np.plural, lexicon().nouns[np.noun]->gender};
}

// The participle's ending: झोपला, झोपली, झोपले, झोपल्या; मी झोपलो, तू झोपलास.
std::string past_ending(const Agreement& a, bool negated) {
  if (a.person == Person::first) return "ो";
  if (a.person == Person::second && !negated) return "ास";
  if (a.person == Person::second) return "ा";
  switch (a.gender) {
    case Gender::masculine:
      return a.plural ? "े" : "ा";
    case Gender::feminine:
      return a.plural ? "्या" : "ी";
    case Gender::neuter:
      break;
  }
  return a.plural ? "ी" : "े";
}

std::string present_ending(const Agreement& a) {
  if (a.plural) return a.person == Person::first ? "तो" : "तात";
  if (a.person == Person::second) return "तोस";
  return a.person == Person::third && a.gender != Gender::masculine ? "ते" : "तो";
}

// नाही after a verb, or the copula's negative: नाहीस with तू, नाहीत with a plural.
std::string negative(const Agreement& a) {
  if (a.person == Person::second) return "नाहीस";
  return a.plural && a.person == Person::third ? "नाहीत" : "नाही";
}

std::string copula(const Agreement& a, Tense tense, bool negated) {
  if (tense == Tense::past) return std::string(negated ? "नव्हत" : "होत") + past_ending(a, false);
  if (negated) return negative(a);
  if (a.person == Person::second) return "आहेस";
  if (a.plural) return a.person == Person::first ? "आहोत" : "आहेत";
  return "आहे";
}

bool takes_object_ending(const Sentence& s) {
  return s.object && s.object->animate() && lexicon().verbs[s.verb]->marks_animate_object;
}

class MarathiRenderer {
 public:
  SentencePair pair;

  void words(const std::string& text, int aligned_to) {
    for (auto& w : split(text.c_str())) {
      pair.target.push_back(std::move(w));
      pair.alignment.push_back(aligned_to);
    }
  }

  // `ending`: "" (the direct form), "ला" (the dative: -ना in the plural), "च्या" (the genitive) or a joined
  // postposition ("त", "वर", "सोबत").
  void noun_phrase(const NounPhrase& np, const EnglishNounPhrase& at, const std::string& ending) {
    const bool oblique = !ending.empty();
    if (np.is_pronoun()) {
      const marathi_words::Pronoun& p = *lexicon().pronouns[np.pronoun];
      if (!oblique) return words(p.subject, at.head);
      return words(ending == "ला" ? std::string(p.object) : p.genitive + (ending == "च्या" ? "" : ending), at.head);
    }
    if (np.is_name()) return words(std::string(lexicon().names[np.name]->target) + ending, at.head);
    const marathi_words::Noun& noun = *lexicon().nouns[np.noun];
    words(agree(lexicon().determiners[np.determiner]->forms, noun.gender, np.plural, oblique), at.determiner);
    if (np.very) words("खूप", at.very);
    if (np.adjective >= 0)
      words(agree(lexicon().adjectives[np.adjective]->forms, noun.gender, np.plural, oblique), at.adjective);
    if (!oblique) return words(np.plural ? noun.plural : noun.singular, at.head);
    const std::string stem = np.plural ? noun.oblique_plural : noun.oblique_singular;
    words(stem + (ending == "ला" && np.plural ? "ना" : ending), at.head);
  }

  // An object: with -ला when it is a person or an animal the verb marks; "it" is ते, a thing.
  void object(const Sentence& s, const EnglishSentence& en) {
    // NOLINTNEXTLINE(bugprone-unchecked-optional-access): called for sentences with an object only (render())
    const NounPhrase& o = *s.object;
    noun_phrase(o, en.object, takes_object_ending(s) || (o.is_pronoun() && o.animate()) ? "ला" : "");
  }

  // A place, a destination or a companion, or "here" and "there" (इथे, तिथे).
  void prepositional_phrase(const Sentence& s, const EnglishSentence& en) {
    if (s.place_adverb >= 0) return words(lexicon().adverbs[s.place_adverb]->target, en.place_adverb);
    if (s.preposition < 0) return;
    const Postposition& p = *lexicon().postpositions[s.preposition];
    if (!p.separate) return noun_phrase(s.prepositional_object, en.prepositional_object, p.text);
    noun_phrase(s.prepositional_object, en.prepositional_object, "च्या");
    words(p.text, en.preposition);
  }

  void verb(const Sentence& s, const EnglishSentence& en) {
    const marathi_words::Verb& v = *lexicon().verbs[s.verb];
    if (s.clause == Clause::command) {
      if (!s.negated) return words(v.command, en.verb);
      words(v.negative_command, en.verb);
      return words("नकोस", en.negation);
    }
    const Agreement a = agreement(s.subject);
    if (s.tense == Tense::past) {
      words(std::string(v.past) + past_ending(a, s.negated), en.verb);
    } else {
      words(std::string(v.stem) + (s.negated ? "त" : present_ending(a)), en.verb);
    }
    if (s.negated) words(negative(a), en.negation);
  }

  void complement(const Sentence& s, const EnglishSentence& en) {
    const Agreement a = agreement(s.subject);
    if (s.adjective >= 0) {
      if (s.very) words("खूप", en.very);
      words(agree(lexicon().adjectives[s.adjective]->forms, a.gender, a.plural, false), en.adjective);
    } else if (s.profession >= 0) {
      const marathi_words::Noun& n = *lexicon().nouns[s.profession];
      const bool feminine = a.gender == Gender::feminine && n.feminine_singular;
      words(feminine ? n.feminine_singular : a.plural ? n.plural : n.singular, en.profession);
    } else {
      prepositional_phrase(s, en);
    }
  }

  // "नमस्कार जॉन तू कसा आहेस": the phrase, the name, the question.
  void greeting(const Sentence& s, const EnglishSentence& en) {
    phrase_words(*lexicon().greetings[s.greeting], en.greeting, pair);
    if (s.addressee >= 0) words(lexicon().names[s.addressee]->target, en.addressee);
    if (s.how_are_you) phrase_words(*lexicon().greetings[kHowAreYou], en.how_are_you, pair);
  }
};

class Marathi final : public TargetLanguage {
 public:
  bool says_noun(int n) const override { return lexicon().nouns[n] != nullptr; }
  bool says_determiner(int d) const override { return lexicon().determiners[d] != nullptr; }
  bool says_adjective(int a) const override { return lexicon().adjectives[a] != nullptr; }
  bool says_verb(int v) const override { return lexicon().verbs[v] != nullptr; }
  bool says_preposition(int p) const override { return lexicon().postpositions[p] != nullptr; }
  bool says_prepositional_object(int p, const NounPhrase& np) const override {
    if (p != kIn && p != kTo) return true;
    if (!np.is_common() || !lexicon().nouns[np.noun]->enclosed) return false;
    return p == kIn || nouns()[np.noun].kind == Kind::place;
  }
  GrammarProblem unsaid_construction(const Sentence& s) const override {
    if (s.clause != Clause::statement && s.clause != Clause::command) return {};
    const grammar::Verb& v = verbs()[s.verb];
    if (s.tense == Tense::past && !lexicon().verbs[s.verb]->past) {
      return Problem(v.valency == Valency::intransitive ? GrammarProblemKind::past_not_said
                                                        : GrammarProblemKind::ergative_past)
          .word(v.en_base)
          .found(v.en_past);
    }
    // NOLINTNEXTLINE(bugprone-unchecked-optional-access): a transitive verb's sentence always has its object
    if (v.valency == Valency::transitive && s.object->animate() && !lexicon().verbs[s.verb]->marks_animate_object)
      return Problem(GrammarProblemKind::animate_object).word(v.en_base);
    return {};
  }

  SentencePair render(const Sentence& s) const override {
    EnglishSentence en = render_english(s);
    MarathiRenderer r;
    if (s.clause == Clause::greeting) {
      r.greeting(s, en);
      r.pair.source = std::move(en.words);
      return std::move(r.pair);
    }
    if (s.clause != Clause::command) r.noun_phrase(s.subject, en.subject, "");
    if (s.time_adverb >= 0) r.words(lexicon().adverbs[s.time_adverb]->target, en.time_adverb);
    if (s.clause == Clause::where) {
      r.words("कुठे", en.where);
      r.words(copula(agreement(s.subject), s.tense, false), en.verb);
    } else if (s.clause == Clause::copula) {
      r.complement(s, en);
      r.words(copula(agreement(s.subject), s.tense, s.negated), en.verb);
    } else {
      r.prepositional_phrase(s, en);
      if (s.recipient) r.noun_phrase(*s.recipient, en.recipient, "ला");
      if (s.object) r.object(s, en);
      r.verb(s, en);
    }
    if (s.question) r.words("का", en.question);
    r.pair.source = std::move(en.words);
    return std::move(r.pair);
  }

  const char* code() const override { return "mr"; }

  const std::vector<std::string>& words() const override {
    static const std::vector<std::string> sorted = words_of(LexiconRows::whole());
    return sorted;
  }

  std::vector<std::string> words_of(const LexiconRows& rows) const override {
    std::set<std::string> w = {"खूप", "कुठे", "नकोस", "नाही", "नाहीस", "नाहीत", "आहे", "आहेस", "आहोत", "आहेत", "का"};
    auto add = [&](const std::string& text) {
      for (auto& word : split(text.c_str())) w.insert(std::move(word));
    };
    const Lexicon& l = lexicon();
    const std::vector<std::string> endings = {"सोबत", "वर", "च्या"};  // and ला, and त where enclosed
    for (std::size_t i = 0; i < l.nouns.size(); ++i) {
      const marathi_words::Noun* n = l.nouns[i];
      if (!n || !rows.nouns[i]) continue;
      add(n->singular), add(n->plural), add(std::string(n->oblique_singular) + "ला");
      add(std::string(n->oblique_plural) + "ना");
      if (n->feminine_singular) add(n->feminine_singular);
      for (const char* stem : {n->oblique_singular, n->oblique_plural}) {
        for (const auto& e : endings) add(stem + e);
        if (n->enclosed) add(std::string(stem) + "त");
      }
    }
    for (const Keyed* adverb : l.adverbs) add(adverb->target);
    for (const PhraseWords* g : l.greetings) add(g->target);
    for (const Keyed* name : l.names)
      for (const char* e : {"", "ला", "सोबत", "वर", "च्या"}) add(std::string(name->target) + e);
    for (const marathi_words::Pronoun* p : l.pronouns)
      add(p->subject), add(p->object), add(p->genitive), add(std::string(p->genitive) + "सोबत");
    for (std::size_t i = 0; i < l.adjectives.size(); ++i)
      if (l.adjectives[i] && rows.adjectives[i]) add(l.adjectives[i]->forms);
    for (const Agreeing* a : l.determiners)
      if (a) add(a->forms);
    for (const Postposition* p : l.postpositions)
      if (p && p->separate) add(p->text);
    std::vector<Agreement> agreements;
    for (Person person : {Person::first, Person::second, Person::third})
      for (bool plural : {false, true})
        for (Gender g : {Gender::masculine, Gender::feminine, Gender::neuter})
          agreements.push_back({person, plural, g});
    for (std::size_t i = 0; i < l.verbs.size(); ++i) {
      const marathi_words::Verb* v = l.verbs[i];
      if (!v || !rows.verbs[i]) continue;
      for (const Agreement& a : agreements) {
        add(std::string(v->stem) + present_ending(a));
        if (v->past)
          add(std::string(v->past) + past_ending(a, false)), add(std::string(v->past) + past_ending(a, true));
      }
      add(std::string(v->stem) + "त");
      if (v->command) add(v->command), add(v->negative_command);
    }
    for (const Agreement& a : agreements)
      for (Tense t : {Tense::present, Tense::past}) add(copula(a, t, false)), add(copula(a, t, true));
    return std::vector<std::string>(w.begin(), w.end());
  }
};

}  // namespace

const TargetLanguage& marathi() {
  static const Marathi language;
  return language;
}

}  // namespace attn::corpus::grammar
