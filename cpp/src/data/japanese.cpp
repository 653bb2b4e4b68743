// The grammar's Japanese (Hepburn romanization, plain forms), for the part of the grammar it says correctly:
//
//   subject wa  [place-or-companion]  [object o]  verb          maria wa niwa de ringo o taberu
//
// Subject-object-verb order; no articles ("the", "a" translate to nothing); the topic particle "wa" after
// the subject and "o" after the object; adjectives and "totemo" (very) before the noun; plural unmarked
// ("the dogs" and "the dog" are both "inu"); negation in the verb (miru → minai). Places take "de" with
// verbs of action and "ni" with "sunde iru" (lives): "ie de neru", "machi ni sunde iru"; "near"/"behind"
// are nouns of place after "no": "ki no chikaku de", "ie no ushiro ni".
//
// What it leaves out, because its Japanese would need more grammar than a toy should have: numbers (their
// counters depend on the noun: ni-hiki, ni-satsu, futari), "some", the verbs has/wants/loves (ga, -tai,
// -te iru forms), the adjectives old/tall/happy/green/pretty (furui and takai do not fit people; the others
// are na-adjectives or nouns with "no"), "without", "in" anything but a house, a city or a garden, and "with"
// anything but a person or an animal ("to" is "together with").
//
// Alignment: every word but the particles aligns to the English word it translates: "watashi" to "my", "kono"
// to "this"/"these", "chikaku"/"ushiro" to "near"/"behind", the verb (both words of "sunde iru", negative or
// not) to the English verb. The particles wa, o, no, de, ni and to align to nothing: they mark a phrase's role
// rather than translate a word ("de" and "to" carry the meaning of "in" and "with", but a learner reading the
// map should see where the content words went).
#include <iterator>
#include <set>

#include "grammar.h"

namespace attn::corpus::grammar {
namespace {

// Parallel to the English tables (lexicon.cpp), in the same order; nullptr: not said in Japanese.
const char* const kNouns[] = {"inu",  "neko",   "tori",      "uma",  "ushi",   "shōnen", "shōjo",  "otoko",
                              "onna", "sensei", "tomodachi", "ie",   "kuruma", "hon",    "tēburu", "ringo",
                              "ki",   "machi",  "niwa",      "hana", "mado",   "tegami"};
const char* const kAdjectives[] = {"ōkii",      "chiisai", "akai",  "kuroi", "shiroi", nullptr,
                                   "atarashii", nullptr,   nullptr, nullptr, nullptr,  "wakai"};
struct VerbForms {
  const char *plain, *negative;  // several words are separated by a space
};
const VerbForms kVerbs[] = {{"miru", "minai"},           {"taberu", "tabenai"}, {nullptr, nullptr},
                            {nullptr, nullptr},          {"yomu", "yomanai"},   {"kau", "kawanai"},
                            {"mitsukeru", "mitsukenai"}, {nullptr, nullptr},    {"neru", "nenai"},
                            {"hashiru", "hashiranai"},   {"aruku", "arukanai"}, {"sunde iru", "sunde inai"}};
const int kLives = 11;  // takes "ni" for its place, and needs one
const char* const kDeterminers[] = {"",     "",      "watashi", "kono",
                                    "kono", nullptr, nullptr,   nullptr};  // + "no" after watashi
const int kMy = 2;
const char* const kNames[] = {"maria", "fuan", "ana", "pedoro"};
// The nouns of place the renderer puts between "no" and "de"/"ni" ("in": the particle alone; "with": "to").
const char* const kPrepositions[] = {"", "", nullptr, "chikaku", "ushiro"};
const int kIn = 0, kWith = 1;
const char* const kPlaces[] = {"house", "city", "garden"};  // what "in" takes

// The tables follow lexicon.cpp's order and sizes; a table that grows there must grow here.
static_assert(std::size(kNouns) == 22 && std::size(kAdjectives) == 12 && std::size(kVerbs) == 12 &&
              std::size(kDeterminers) == 8 && std::size(kNames) == 4 && std::size(kPrepositions) == 5);

// The words of a table entry ("sunde iru" is two). By hand: <sstream> would bring iostreams into the wasm.
std::vector<std::string> split(const char* words) {
  std::vector<std::string> out;
  for (const char* at = words; *at;) {
    const char* end = at;
    while (*end && *end != ' ') ++end;
    if (end > at) out.emplace_back(at, end);
    at = *end ? end + 1 : end;
  }
  return out;
}

class JapaneseRenderer {
 public:
  SentencePair pair;

  void words(const char* text, int aligned_to) {
    for (auto& w : split(text)) {
      pair.target.push_back(std::move(w));
      pair.alignment.push_back(aligned_to);
    }
  }

  void noun_phrase(const NounPhrase& np, const EnglishNounPhrase& at) {
    if (np.is_name()) return words(kNames[np.name], at.head);
    words(kDeterminers[np.determiner], at.determiner);
    if (np.determiner == kMy) words("no", kUnaligned);
    if (np.very) words("totemo", at.very);
    if (np.adjective >= 0) words(kAdjectives[np.adjective], at.adjective);
    words(kNouns[np.noun], at.head);
  }
};

class Japanese final : public TargetLanguage {
 public:
  bool says_determiner(int d) const override { return kDeterminers[d] != nullptr; }
  bool says_adjective(int a) const override { return kAdjectives[a] != nullptr; }
  bool says_verb(int v) const override { return kVerbs[v].plain != nullptr; }
  bool says_preposition(int p) const override { return kPrepositions[p] != nullptr; }
  bool says_prepositional_object(int p, const NounPhrase& np) const override {
    if (p == kWith) return np.animate();
    if (p != kIn) return true;
    if (np.is_name()) return false;
    for (const char* place : kPlaces)
      if (std::string(nouns()[np.noun].en_singular) == place) return true;
    return false;
  }
  bool needs_place(int v) const override { return v == kLives; }

  SentencePair render(const Sentence& s) const override {
    EnglishSentence en = render_english(s);
    JapaneseRenderer r;
    r.noun_phrase(s.subject, en.subject);
    r.words("wa", kUnaligned);
    if (s.preposition >= 0) {
      r.noun_phrase(s.prepositional_object, en.prepositional_object);
      if (s.preposition == kWith) {
        r.words("to", kUnaligned);
      } else {
        if (*kPrepositions[s.preposition]) {
          r.words("no", kUnaligned);
          r.words(kPrepositions[s.preposition], en.preposition);
        }
        r.words(s.verb == kLives ? "ni" : "de", kUnaligned);
      }
    }
    if (s.object) {
      r.noun_phrase(*s.object, en.object);
      r.words("o", kUnaligned);
    }
    r.words(s.negated ? kVerbs[s.verb].negative : kVerbs[s.verb].plain, en.verb);
    r.pair.source = std::move(en.words);
    return std::move(r.pair);
  }

  const char* name() const override { return "Japanese"; }

  const std::vector<std::string>& words() const override {
    static const std::vector<std::string> sorted = [] {
      std::set<std::string> w = {"wa", "o", "no", "de", "ni", "to", "totemo"};
      auto add = [&](const char* text) {
        if (text)
          for (auto& word : split(text)) w.insert(std::move(word));
      };
      for (const char* t : kNouns) add(t);
      for (const char* t : kAdjectives) add(t);
      for (const VerbForms& v : kVerbs) add(v.plain), add(v.negative);
      for (const char* t : kDeterminers) add(t);
      for (const char* t : kNames) add(t);
      for (const char* t : kPrepositions) add(t);
      return std::vector<std::string>(w.begin(), w.end());
    }();
    return sorted;
  }
};

}  // namespace

const TargetLanguage& japanese() {
  static const Japanese language;
  return language;
}

}  // namespace attn::corpus::grammar
