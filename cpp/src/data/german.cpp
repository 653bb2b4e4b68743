// The grammar's German (lower case, with ß and umlauts), for a small part of it: ten nouns (a profession among them),
// four adjectives, six verbs, "the", "a" and "my", and "in" a house or a garden. Its own word order is the point:
//
//   subject  verb  [object]  [nicht]  [in place]                   der hund sieht die katze nicht im garten
//   subject  hat   [object]  [nicht]  [in place]  participle       der mann hat das buch gelesen (the man read …)
//   verb  [object]  [nicht]  [in place]                            iss den apfel (eat the apple)
//   subject  ist  [nicht] [sehr] adjective | [kein] profession | [nicht] in place
//   wo  ist  subject                                               wo ist mein buch
//
// The finite verb comes second and the past's participle last (the perfect: "hat … gesehen"), so the English
// verb's translation is split in two around the object. Articles, "my" and adjectives agree with the noun's
// gender, number and case (nominative subject, accusative object, dative after "in"; "in dem" is "im");
// adjectives after "the" take the weak endings (der große hund, den großen hund), after "my" the mixed ones
// (mein großer hund); "you" is "du" (the grammar's "you" is singular); a command is du's imperative (iss, lies);
// "is a teacher" has no article (ist lehrer, ist lehrerin, ist kein lehrer).
//
// Alignment: each word to the English word it translates; the finite "hat" and the participle both to the verb,
// "nicht" and "kein" to "not" (a negated "a" becomes "kein": ich sehe keinen hund), "im" to "in" (its article
// joined to it); nothing is left unaligned.
#include <set>

#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

enum Column { masculine, feminine, neuter, plural };  // an article's column: the gender, or the plural
enum Case { nominative, accusative, dative };

struct GermanNoun {
  const char* en;
  Column gender;
  const char *singular, *plural, *dative_plural;
};
struct GermanProfession {
  const char *en, *masculine, *feminine, *masculine_plural, *feminine_plural;
};
struct GermanAdjective {
  const char *en, *stem;  // after "is" as it is; before a noun with its ending
};
struct GermanDeterminer {
  const char* en;
  const char* forms[3][4];  // by case, then column
  bool weak;                // the adjective after it takes the weak endings ("the"), else the mixed ones ("a", "my")
};
struct GermanVerb {
  const char *en, *present, *participle, *command;  // present: ich, du, er/sie/es, wir, sie
};

// clang-format off: a row per entry, its columns aligned by hand
const GermanNoun kNouns[] = {
    {"dog", masculine, "hund", "hunde", "hunden"},     {"cat", feminine, "katze", "katzen", "katzen"},
    {"girl", neuter, "mädchen", "mädchen", "mädchen"}, {"man", masculine, "mann", "männer", "männern"},
    {"woman", feminine, "frau", "frauen", "frauen"},   {"book", neuter, "buch", "bücher", "büchern"},
    {"apple", masculine, "apfel", "äpfel", "äpfeln"},  {"house", neuter, "haus", "häuser", "häusern"},
    {"garden", masculine, "garten", "gärten", "gärten"}, {"teacher", masculine, "lehrer", "lehrer", "lehrern"},
};
const GermanProfession kProfessions[] = {{"teacher", "lehrer", "lehrerin", "lehrer", "lehrerinnen"}};
const GermanAdjective kAdjectives[] = {{"big", "groß"}, {"small", "klein"}, {"old", "alt"}, {"new", "neu"}};
const GermanDeterminer kDeterminers[] = {
    {"the", {{"der", "die", "das", "die"}, {"den", "die", "das", "die"}, {"dem", "der", "dem", "den"}}, true},
    {"a", {{"ein", "eine", "ein", ""}, {"einen", "eine", "ein", ""}, {"einem", "einer", "einem", ""}}, false},
    {"my", {{"mein", "meine", "mein", "meine"}, {"meinen", "meine", "mein", "meine"},
            {"meinem", "meiner", "meinem", "meinen"}}, false},
};
const GermanVerb kVerbs[] = {
    {"see", "sehe siehst sieht sehen sehen", "gesehen", "sieh"},
    {"eat", "esse isst isst essen essen", "gegessen", "iss"},
    {"read", "lese liest liest lesen lesen", "gelesen", "lies"},
    {"find", "finde findest findet finden finden", "gefunden", "finde"},
    {"love", "liebe liebst liebt lieben lieben", "geliebt", "liebe"},
    {"sleep", "schlafe schläfst schläft schlafen schlafen", "geschlafen", "schlaf"},
};
// clang-format on
const char* const kHave = "habe hast hat haben haben";
const char* const kBe = "bin bist ist sind sind";
const char* const kWas = "war warst war waren waren";
// The lexicon's pronouns, in its order: i, you, he, she, it, we, they.
const char* const kSubjectPronouns[] = {"ich", "du", "er", "sie", "es", "wir", "sie"};
const char* const kObjectPronouns[] = {"mich", "dich", "ihn", "sie", "es", "uns", "sie"};

// The German entry of an English word, or null.
template <typename Entry, std::size_t N>
const Entry* find(const Entry (&entries)[N], const char* english) {
  for (const Entry& entry : entries)
    if (std::string(entry.en) == english) return &entry;
  return nullptr;
}
const GermanNoun* noun(int n) { return find(kNouns, nouns()[n].en_singular); }
const GermanProfession* profession(int n) { return find(kProfessions, nouns()[n].en_singular); }
const GermanAdjective* adjective(int a) { return find(kAdjectives, adjectives()[a].en); }
const GermanDeterminer* determiner(int d) { return find(kDeterminers, determiners()[d].en); }
const GermanVerb* verb(int v) { return find(kVerbs, verbs()[v].en_base); }
bool is_a(int d) { return std::string(determiners()[d].en) == "a"; }

// The form of a person and number in a list of five ("sehe siehst sieht sehen sehen").
std::string conjugated(const char* forms, const NounPhrase& subject) {
  const bool plural_subject = subject.is_plural();
  const int at = subject.person() == Person::first    ? (plural_subject ? 3 : 0)
                 : subject.person() == Person::second ? 1
                                                      : (plural_subject ? 4 : 2);
  return split(forms)[static_cast<std::size_t>(at)];
}

std::string adjective_ending(bool weak, Case c, Column column) {
  if (column == plural || c == dative || (c == accusative && column == masculine)) return "en";
  if (weak) return "e";
  return column == masculine ? "er" : column == feminine ? "e" : "es";
}

class GermanRenderer {
 public:
  SentencePair pair;

  void word(std::string text, int aligned_to) {
    pair.target.push_back(std::move(text));
    pair.alignment.push_back(aligned_to);
  }

  // `no`: "not" said by the article, "a" becoming "kein" (ich sehe keinen hund), aligned to `no`.
  void noun_phrase(const NounPhrase& np, const EnglishNounPhrase& at, Case c, int no = kUnaligned) {
    if (np.is_pronoun()) return word((c == nominative ? kSubjectPronouns : kObjectPronouns)[np.pronoun], at.head);
    if (np.is_name()) return word(names()[np.name].en, at.head);
    const GermanNoun& n = *noun(np.noun);
    const Column column = np.plural ? plural : n.gender;
    const GermanDeterminer& d = *determiner(np.determiner);
    if (no != kUnaligned)
      word(std::string("k") + d.forms[c][column], no);
    else
      word(d.forms[c][column], at.determiner);
    if (np.very) word("sehr", at.very);
    if (np.adjective >= 0) word(adjective(np.adjective)->stem + adjective_ending(d.weak, c, column), at.adjective);
    word(!np.plural ? n.singular : c == dative ? n.dative_plural : n.plural, at.head);
  }

  // "in" and its place, in the dative; "in dem" is "im".
  void place(const Sentence& s, const EnglishSentence& en) {
    const std::size_t in = pair.target.size();
    word("in", en.preposition);
    noun_phrase(s.prepositional_object, en.prepositional_object, dative);
    if (pair.target[in + 1] != "dem") return;
    pair.target[in] = "im";
    pair.target.erase(pair.target.begin() + static_cast<std::ptrdiff_t>(in) + 1);
    pair.alignment.erase(pair.alignment.begin() + static_cast<std::ptrdiff_t>(in) + 1);
  }

  void copula_complement(const Sentence& s, const EnglishSentence& en) {
    if (s.profession >= 0) {
      const GermanProfession& p = *profession(s.profession);
      const bool feminine_subject = s.subject.feminine(), plural_subject = s.subject.is_plural();
      if (s.negated) word(feminine_subject || plural_subject ? "keine" : "kein", en.negation);
      return word(plural_subject ? (feminine_subject ? p.feminine_plural : p.masculine_plural)
                                 : (feminine_subject ? p.feminine : p.masculine),
                  en.profession);
    }
    if (s.negated) word("nicht", en.negation);
    if (s.adjective < 0) return place(s, en);
    if (s.very) word("sehr", en.very);
    word(adjective(s.adjective)->stem, en.adjective);
  }
};

class German final : public TargetLanguage {
 public:
  bool says_noun(int n) const override { return noun(n) != nullptr; }  // a profession is a noun too
  bool says_determiner(int d) const override { return determiner(d) != nullptr; }
  bool says_adjective(int a) const override { return adjective(a) != nullptr; }
  bool says_verb(int v) const override { return verb(v) != nullptr; }
  bool says_preposition(int p) const override { return std::string(prepositions()[p].en) == "in"; }
  bool says_prepositional_object(int, const NounPhrase& np) const override {
    return np.is_common() && nouns()[np.noun].kind == Kind::place;
  }

  SentencePair render(const Sentence& s) const override {
    EnglishSentence en = render_english(s);
    GermanRenderer r;
    if (s.clause == Clause::where) {
      r.word("wo", en.where);
      r.word(conjugated(s.tense == Tense::past ? kWas : kBe, s.subject), en.verb);
      r.noun_phrase(s.subject, en.subject, nominative);
    } else if (s.clause == Clause::copula) {
      r.noun_phrase(s.subject, en.subject, nominative);
      r.word(conjugated(s.tense == Tense::past ? kWas : kBe, s.subject), en.verb);
      r.copula_complement(s, en);
    } else {
      const GermanVerb& v = *verb(s.verb);
      const bool past = s.tense == Tense::past;
      if (s.clause == Clause::command) {
        r.word(v.command, en.verb);
      } else {
        r.noun_phrase(s.subject, en.subject, nominative);
        r.word(conjugated(past ? kHave : v.present, s.subject), en.verb);
      }
      // A negated indefinite object takes "kein" instead of "nicht": ich sehe keinen hund.
      const bool kein = s.negated && s.object && s.object->is_common() && is_a(s.object->determiner);
      if (s.object) r.noun_phrase(*s.object, en.object, accusative, kein ? en.negation : kUnaligned);
      if (s.negated && !kein) r.word("nicht", en.negation);
      if (s.preposition >= 0) r.place(s, en);
      if (past) r.word(v.participle, en.verb);
    }
    r.pair.source = std::move(en.words);
    return std::move(r.pair);
  }

  const char* code() const override { return "de"; }

  const std::vector<std::string>& words() const override {
    static const std::vector<std::string> sorted = [] {
      std::set<std::string> w = {"in", "im", "sehr", "nicht", "kein", "keine", "keinen", "wo"};
      auto add = [&](const char* text) {
        for (auto& each : split(text)) w.insert(std::move(each));
      };
      for (const char* forms : {kHave, kBe, kWas}) add(forms);
      for (const char* pronoun : kSubjectPronouns) add(pronoun);
      for (const char* pronoun : kObjectPronouns) add(pronoun);
      for (const auto& name : names()) add(name.en);
      for (const auto& n : kNouns) add(n.singular), add(n.plural), add(n.dative_plural);
      for (const auto& p : kProfessions)
        add(p.masculine), add(p.feminine), add(p.masculine_plural), add(p.feminine_plural);
      for (const auto& d : kDeterminers)
        for (const auto& by_case : d.forms)
          for (const char* form : by_case) add(form);  // "" adds nothing
      for (const auto& a : kAdjectives) {
        add(a.stem);
        for (const char* ending : {"e", "en", "er", "es"}) w.insert(std::string(a.stem) + ending);
      }
      for (const auto& v : kVerbs) add(v.present), add(v.participle), add(v.command);
      return std::vector<std::string>(w.begin(), w.end());
    }();
    return sorted;
  }
};

}  // namespace

const TargetLanguage& german() {
  static const German language;
  return language;
}

}  // namespace attn::corpus::grammar
