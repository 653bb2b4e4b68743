// The grammar's Japanese (Hepburn romanization, plain forms), for the part of the grammar it says correctly:
//
//   subject wa  [place] [recipient ni] [object o]  verb        maria wa niwa de ringo o taberu
//   subject wa  adjective | noun da | place ni aru/iru         ie wa ōkii, watashi wa sensei da, neko wa niwa ni iru
//   subject wa  doko ni aru/iru                                 hon wa doko ni aru (where is the book)
//   [place] [recipient ni] [object o]  verb-te kudasai          ringo o tabete kudasai (eat the apple)
//   subject wa  [time] ...  [ka]                                watashitachi wa ima kōen ni iku, inu wa ōkii ka
//
// Subject-object-verb order; no articles; the topic particle "wa" after the subject, "o" after the object,
// "ni" after a recipient; pronouns are words like nouns (watashi, anata, kare, kanojo, sore, watashitachi,
// karera; "my" is "watashi no"); adjectives and "totemo" (very) before the noun; plural unmarked; negation
// and the past in the verb (miru, minai, mita, minakatta) and in the i-adjective (ōkii, ōkikunai, ōkikatta,
// ōkikunakatta; "not very big" is "amari ōkikunai"); the copula da, ja nai, datta, ja nakatta after a noun;
// aru for where things are, iru for people and animals. Places take "de" with verbs of action and "ni" with
// "sunde iru" (lives), the copula and "to" (iku, kuru); "near", "behind", "on", "under" are nouns of place
// after "no": "ki no chikaku de", "tēburu no ue ni aru". "Give" is ageru, or kureru toward the speaker ("he
// gives me the book": kare wa watashi ni hon o kureru). Commands are polite requests, one register for all:
// te-form and "kudasai" (tabete kudasai), negative -naide kudasai, "give me" is "kudasai" alone ("give me the
// book": watashi ni hon o kudasai). There is no "?": "where" questions end in the plain verb, yes/no questions in
// "ka" after the plain form (tori o miru ka, inu wa ōkii ka, neko wa ie ni ita ka) but a noun's, which asks with
// desu ("da ka" is no Japanese: anata wa gakusei desu ka). Adverbs of time follow the topic (watashi wa kinō …;
// a command's come first), "here" and "there" are places (koko, soko) with a place's particle (koko ni inai,
// koko ni kite kudasai, koko de taberu); "her" is "kanojo no" like the other possessives. Greetings are set phrases
// in their polite form (ohayō gozaimasu, dōmo arigatō gozaimasu), a name before them with "san" (jon san
// konnichiwa ogenki desu ka): to call someone by the bare name is for family and close friends.
//
// What it leaves out, because its Japanese would need more grammar than a toy should have: numbers and
// "some", family words, have/want/love/hear, old/tall/happy/green/pretty/clean/tired/wet/rich, "without",
// "in" anything but a place, "with" anything but a person or an animal, "to" anything but a place, someone
// else giving to "you" (ageru or kureru depends on whose side the speaker takes) and "do not give me"
// (kurenaide).
//
// Alignment: every word but the particles aligns to the English word it translates: "watashi" (of "watashi
// no") to "my", "kono" to "this"/"these", "chikaku"/"ushiro" to "near"/"behind", "doko" to "where", the verb
// (all its words: "sunde iru", "tabete kudasai") to the English verb, the copula (da, ja nai, aru, iru) to
// "is"; an i-adjective predicate to its adjective ("is" and "not" then align to nothing). The particles wa,
// o, no, de, ni and to align to nothing: they mark a phrase's role rather than translate a word. A question's "ka"
// aligns to the word that makes the English a question (its "do" or its copula, the "how" of "how are you"), as
// Spanish's ¿ ? do; "san" to the name it follows; a set phrase's words as japanese_lexicon.cpp's table says.
#include <set>

#include "japanese.h"

namespace attn::corpus::grammar {
namespace {

using japanese_words::lexicon;
using japanese_words::VerbForms;

const int kLives = verb_named("live");  // its place takes "ni", and it needs one
const int kGive = verb_named("give");
const int kWith = 1, kIn = 0;
const std::set<std::string> kParticles = {"wa", "o", "no", "de", "ni", "to"};

bool is_give(int verb) { return verb == kGive; }
bool to_speaker(const Sentence& s) {
  return is_give(s.verb) && s.recipient && s.recipient->is_pronoun() && s.recipient->person() == Person::first;
}

class JapaneseRenderer {
 public:
  SentencePair pair;

  // The words of `text`, aligned to `aligned_to`, but a particle (the "no" of "watashi no") to nothing.
  void words(const std::string& text, int aligned_to) {
    for (auto& w : split(text.c_str())) {
      const int at = kParticles.count(w) ? kUnaligned : aligned_to;
      pair.target.push_back(std::move(w));
      pair.alignment.push_back(at);
    }
  }

  void noun_phrase(const NounPhrase& np, const EnglishNounPhrase& at) {
    if (np.is_pronoun()) return words(lexicon().pronouns[np.pronoun]->target, at.head);
    if (np.is_name()) return words(lexicon().names[np.name]->target, at.head);
    words(lexicon().determiners[np.determiner]->target, at.determiner);
    if (np.very) words("totemo", at.very);
    if (np.adjective >= 0) words(lexicon().adjectives[np.adjective]->target, at.adjective);
    words(lexicon().nouns[np.noun]->target, at.head);
  }

  // A place, a destination or a companion, or "here" and "there" (koko, soko, nouns of place), with its
  // particle: "ki no chikaku de", "kōen ni", "inu to", "koko ni".
  void place(const Sentence& s, const EnglishSentence& en) {
    if (s.place_adverb >= 0) {
      words(lexicon().adverbs[s.place_adverb]->target, en.place_adverb);
      const bool ni =
          s.clause == Clause::copula || verbs()[s.verb].destination != Verb::no_destination || s.verb == kLives;
      return words(ni ? "ni" : "de", kUnaligned);
    }
    if (s.preposition >= 0) prepositional_phrase(s, en);
  }

  void prepositional_phrase(const Sentence& s, const EnglishSentence& en) {
    noun_phrase(s.prepositional_object, en.prepositional_object);
    if (s.preposition == kWith) return words("to", kUnaligned);
    const char* place_noun = lexicon().prepositions[s.preposition]->target;
    if (*place_noun) {
      words("no", kUnaligned);
      words(place_noun, en.preposition);
    }
    const bool ni = s.clause == Clause::copula || s.preposition == kTo || s.verb == kLives;
    words(ni ? "ni" : "de", kUnaligned);
  }

  void verb(const Sentence& s, const EnglishSentence& en) {
    const VerbForms& v = to_speaker(s) ? japanese_words::give_to_speaker() : *lexicon().verbs[s.verb];
    if (s.clause == Clause::command) {
      if (to_speaker(s)) return words("kudasai", en.verb);
      words(s.negated ? std::string(v.negative) + "de" : v.te, en.verb);
      return words("kudasai", en.verb);
    }
    if (s.tense == Tense::present) return words(s.negated ? v.negative : v.plain, en.verb);
    words(s.negated ? japanese_words::negative_past(v.negative) : v.past, en.verb);
  }

  // aru or iru, in its tense, negative or not.
  void existence(const Sentence& s, const EnglishSentence& en) {
    const VerbForms aru = {"", "aru", "nai", "atta", nullptr}, iru = {"", "iru", "inai", "ita", nullptr};
    const VerbForms& v = s.subject.animate() ? iru : aru;
    const bool past = s.tense == Tense::past;
    words(s.negated ? (past ? japanese_words::negative_past(v.negative) : v.negative) : (past ? v.past : v.plain),
          en.verb);
  }

  void copula(const Sentence& s, const EnglishSentence& en) {
    const bool past = s.tense == Tense::past;
    if (s.adjective >= 0) {
      if (s.very) words(s.negated ? "amari" : "totemo", en.very);
      return words(japanese_words::adjective(lexicon().adjectives[s.adjective]->target, s.tense, s.negated),
                   en.adjective);
    }
    if (s.profession >= 0) {
      words(lexicon().nouns[s.profession]->target, en.profession);
      // A question asks with desu: "da ka" is no Japanese ("gakusei desu ka").
      if (s.question) return words(past ? "deshita" : "desu", en.verb);
      return words(s.negated ? (past ? "ja nakatta" : "ja nai") : (past ? "datta" : "da"), en.verb);
    }
    place(s, en);
    existence(s, en);
  }

  // "jon san konnichiwa ogenki desu ka": the name first, with "san", then the phrase and the question.
  void greeting(const Sentence& s, const EnglishSentence& en) {
    if (s.addressee >= 0) {
      words(lexicon().names[s.addressee]->target, en.addressee);
      words("san", en.addressee);
    }
    phrase_words(*lexicon().greetings[s.greeting], en.greeting, pair);
    if (s.how_are_you) phrase_words(*lexicon().greetings[kHowAreYou], en.how_are_you, pair);
  }
};

class Japanese final : public TargetLanguage {
 public:
  bool says_noun(int n) const override { return lexicon().nouns[n] != nullptr; }
  bool says_determiner(int d) const override { return lexicon().determiners[d] != nullptr; }
  bool says_adjective(int a) const override { return lexicon().adjectives[a] != nullptr; }
  bool says_verb(int v) const override { return lexicon().verbs[v] != nullptr; }
  bool says_preposition(int p) const override { return lexicon().prepositions[p] != nullptr; }
  bool says_prepositional_object(int p, const NounPhrase& np) const override {
    if (p == kWith) return np.animate();
    if (p != kIn && p != kTo) return true;
    return np.is_common() && nouns()[np.noun].kind == Kind::place;
  }
  bool needs_place(int v) const override { return v == kLives; }
  GrammarProblem unsaid_construction(const Sentence& s) const override {
    const bool to_you = s.recipient && s.recipient->is_pronoun() && s.recipient->person() == Person::second;
    const bool from_speaker = s.clause == Clause::statement && s.subject.person() == Person::first;
    if (s.clause != Clause::copula && s.clause != Clause::where && is_give(s.verb) && to_you && !from_speaker)
      return Problem(GrammarProblemKind::giving_to_you);
    if (s.clause == Clause::command && s.negated && to_speaker(s)) return Problem(GrammarProblemKind::do_not_give_me);
    return {};
  }

  SentencePair render(const Sentence& s) const override {
    EnglishSentence en = render_english(s);
    JapaneseRenderer r;
    if (s.clause == Clause::greeting) {
      r.greeting(s, en);
      r.pair.source = std::move(en.words);
      return std::move(r.pair);
    }
    if (s.clause != Clause::command) {
      r.noun_phrase(s.subject, en.subject);
      r.words("wa", kUnaligned);
    }
    if (s.time_adverb >= 0) r.words(lexicon().adverbs[s.time_adverb]->target, en.time_adverb);
    if (s.clause == Clause::where) {
      r.words("doko", en.where);
      r.words("ni", kUnaligned);
      r.existence(s, en);
    } else if (s.clause == Clause::copula) {
      r.copula(s, en);
    } else {
      r.place(s, en);
      if (s.recipient) {
        r.noun_phrase(*s.recipient, en.recipient);
        r.words("ni", kUnaligned);
      }
      if (s.object) {
        r.noun_phrase(*s.object, en.object);
        r.words("o", kUnaligned);
      }
      r.verb(s, en);
    }
    if (s.question) r.words("ka", en.question);
    r.pair.source = std::move(en.words);
    return std::move(r.pair);
  }

  const char* code() const override { return "ja"; }

  const std::vector<std::string>& words() const override {
    static const std::vector<std::string> sorted = words_of(LexiconRows::whole());
    return sorted;
  }

  std::vector<std::string> words_of(const LexiconRows& rows) const override {
    std::set<std::string> w = {"wa",      "o",   "no",       "de",  "ni",    "to",      "totemo", "amari", "doko",
                               "kudasai", "da",  "ja",       "nai", "datta", "nakatta", "aru",    "atta",  "iru",
                               "inai",    "ita", "inakatta", "ka",  "desu",  "deshita", "san"};
    auto add = [&](const std::string& text) {
      for (auto& word : split(text.c_str())) w.insert(std::move(word));
    };
    const japanese_words::Lexicon& l = lexicon();
    for (std::size_t i = 0; i < l.nouns.size(); ++i)
      if (l.nouns[i] && rows.nouns[i]) add(l.nouns[i]->target);
    for (const auto* table : {&l.determiners, &l.names, &l.pronouns, &l.prepositions, &l.adverbs})
      for (const Keyed* k : *table)
        if (k) add(k->target);
    for (const PhraseWords* g : l.greetings) add(g->target);
    for (std::size_t i = 0; i < l.adjectives.size(); ++i) {
      const Keyed* k = l.adjectives[i];
      if (!k || !rows.adjectives[i]) continue;
      for (Tense t : {Tense::present, Tense::past})
        for (bool negated : {false, true}) add(japanese_words::adjective(k->target, t, negated));
    }
    for (std::size_t i = 0; i < l.verbs.size(); ++i) {
      const VerbForms* v = l.verbs[i];
      if (!v || !rows.verbs[i]) continue;
      add(v->plain), add(v->negative), add(v->past), add(japanese_words::negative_past(v->negative));
      if (v->te) add(v->te), add(std::string(v->negative) + "de");
    }
    const VerbForms& give = japanese_words::give_to_speaker();
    add(give.plain), add(give.negative), add(give.past), add(japanese_words::negative_past(give.negative));
    return std::vector<std::string>(w.begin(), w.end());
  }
};

}  // namespace

const TargetLanguage& japanese() {
  static const Japanese language;
  return language;
}

}  // namespace attn::corpus::grammar
