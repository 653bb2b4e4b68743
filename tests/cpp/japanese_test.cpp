// The toy English → Japanese pair: hand-checked translations, the rules of its Japanese on 10,000 generated
// pairs (particles, verb last, negation forms), alignments that point at the word each Japanese word
// translates (particles to nothing), and the parser as the generator's inverse.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "../../cpp/src/data/grammar.h"
#include "attn/corpus.h"

namespace attn::corpus {
namespace {

using namespace grammar;

std::vector<std::string> words(const std::string& sentence) {
  std::vector<std::string> out;
  for (std::size_t start = 0; start < sentence.size();) {
    const std::size_t end = std::min(sentence.find(' ', start), sentence.size());
    out.push_back(sentence.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string japanese_of(const std::string& english) {
  const auto pair = translate_by_grammar(words(english), Language::japanese);
  return pair ? join(pair->target) : "<not said>";
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(Japanese, HandCheckedTranslations) {
  EXPECT_EQ(japanese_of("maria eats the apple in the garden"), "maria wa niwa de ringo o taberu");
  EXPECT_EQ(japanese_of("the big dog does not see the white cats"), "ōkii inu wa shiroi neko o minai");
  EXPECT_EQ(japanese_of("my very small friends live in the city"),
            "watashi no totemo chiisai tomodachi wa machi ni sunde iru");
  EXPECT_EQ(japanese_of("this boy reads a new book near the tree"),
            "kono shōnen wa ki no chikaku de atarashii hon o yomu");
  EXPECT_EQ(japanese_of("juan walks with the dogs"), "fuan wa inu to aruku");
  EXPECT_EQ(japanese_of("these girls do not sleep behind the house"), "kono shōjo wa ie no ushiro de nenai");
  EXPECT_EQ(japanese_of("ana does not live behind my house"), "ana wa watashi no ie no ushiro ni sunde inai");
  EXPECT_EQ(japanese_of("a young teacher buys the tables"), "wakai sensei wa tēburu o kau");
}

TEST(Japanese, LeavesOutWhatItCannotSayCorrectly) {
  for (const char* s : {"two dogs sleep", "some cats run", "the dog has a book", "maria wants the apple",
                        "the old man runs", "the happy girl sleeps", "maria runs without the dog",
                        "the dog sleeps in the car", "maria walks with the book", "maria lives"}) {
    EXPECT_EQ(japanese_of(s), "<not said>") << s;
  }
  // ... which Spanish says.
  EXPECT_TRUE(translate_by_grammar(words("two dogs sleep"), Language::spanish));
}

TEST(Japanese, AlignmentOfTheVerbThatMovesToTheEnd) {
  const auto j = translate_by_grammar(words("the man does not see the small tree near my house"), Language::japanese);
  ASSERT_TRUE(j);
  // the(0) man(1) does(2) not(3) see(4) the(5) small(6) tree(7) near(8) my(9) house(10)
  EXPECT_EQ(join(j->target), "otoko wa watashi no ie no chikaku de chiisai ki o minai");
  const int none = kUnaligned;
  EXPECT_EQ(j->alignment, (std::vector<int>{1, none, 9, none, 10, none, 8, none, 6, 7, none, 4}));
}

// What each English word may translate to in Japanese (the lexicon, read independently of the renderer).
std::map<std::string, std::set<std::string>> translations() {
  std::map<std::string, std::set<std::string>> t = {
      {"very", {"totemo"}},   {"my", {"watashi"}},    {"this", {"kono"}}, {"these", {"kono"}},  {"near", {"chikaku"}},
      {"behind", {"ushiro"}}, {"maria", {"maria"}},   {"juan", {"fuan"}}, {"ana", {"ana"}},     {"pedro", {"pedoro"}},
      {"big", {"ōkii"}},      {"small", {"chiisai"}}, {"red", {"akai"}},  {"black", {"kuroi"}}, {"white", {"shiroi"}},
      {"new", {"atarashii"}}, {"young", {"wakai"}},
  };
  const std::pair<const char*, const char*> nouns[] = {
      {"dog", "inu"},          {"cat", "neko"},     {"bird", "tori"},  {"horse", "uma"},   {"cow", "ushi"},
      {"boy", "shōnen"},       {"girl", "shōjo"},   {"man", "otoko"},  {"woman", "onna"},  {"teacher", "sensei"},
      {"friend", "tomodachi"}, {"house", "ie"},     {"car", "kuruma"}, {"book", "hon"},    {"table", "tēburu"},
      {"apple", "ringo"},      {"tree", "ki"},      {"city", "machi"}, {"garden", "niwa"}, {"flower", "hana"},
      {"window", "mado"},      {"letter", "tegami"}};
  for (const auto& [en, ja] : nouns) {
    const auto& noun = *std::find_if(grammar::nouns().begin(), grammar::nouns().end(),
                                     [&](const Noun& n) { return std::string(n.en_singular) == en; });
    t[noun.en_singular] = t[noun.en_plural] = {ja};
  }
  const std::tuple<const char*, const char*, std::set<std::string>> verbs[] = {
      {"sees", "see", {"miru", "minai"}},
      {"eats", "eat", {"taberu", "tabenai"}},
      {"reads", "read", {"yomu", "yomanai"}},
      {"buys", "buy", {"kau", "kawanai"}},
      {"finds", "find", {"mitsukeru", "mitsukenai"}},
      {"sleeps", "sleep", {"neru", "nenai"}},
      {"runs", "run", {"hashiru", "hashiranai"}},
      {"walks", "walk", {"aruku", "arukanai"}},
      {"lives", "live", {"sunde", "iru", "inai"}}};
  for (const auto& [third, base, ja] : verbs) t[third] = t[base] = ja;
  return t;
}

TEST(Japanese, TenThousandPairsObeyTheRules) {
  const auto lexicon = translations();
  const std::set<std::string> japanese_words(target_words(Language::japanese).begin(),
                                             target_words(Language::japanese).end());
  const std::set<std::string> negative = {"minai", "tabenai",    "yomanai",  "kawanai", "mitsukenai",
                                          "nenai", "hashiranai", "arukanai", "inai"};
  const std::set<std::string> particles = {"wa", "o", "no", "de", "ni", "to"};
  std::set<std::string> transitive;
  for (const auto& v : verbs())
    if (v.transitive) transitive.insert({v.en_third_singular, v.en_base});
  auto is_noun_or_name = [&](const std::string& w) {
    return w != "wa" && w != "o" && std::any_of(lexicon.begin(), lexicon.end(), [&](const auto& entry) {
             const auto& en = entry.first;
             const bool noun_or_name =
                 std::any_of(grammar::nouns().begin(), grammar::nouns().end(),
                             [&](const Noun& n) { return en == n.en_singular || en == n.en_plural; }) ||
                 std::any_of(names().begin(), names().end(), [&](const Name& n) { return en == n.en; });
             return noun_or_name && entry.second.count(w);
           });
  };

  TrainingStream stream(31, Language::japanese);
  std::size_t longest = 0, negated = 0, with_place = 0;
  for (int i = 0; i < 10000; ++i) {
    const SentencePair p = stream.next();
    const std::string all = join(p.source) + " → " + join(p.target);
    ASSERT_EQ(p.target.size(), p.alignment.size()) << all;
    longest = std::max(longest, p.target.size());
    for (const auto& w : p.target) ASSERT_TRUE(japanese_words.count(w)) << w << " in " << all;

    // wa: exactly once, after the subject (which starts the sentence and ends in its noun or name).
    ASSERT_EQ(std::count(p.target.begin(), p.target.end(), "wa"), 1) << all;
    const auto wa = std::find(p.target.begin(), p.target.end(), "wa") - p.target.begin();
    ASSERT_GE(wa, 1) << all;
    ASSERT_TRUE(is_noun_or_name(p.target[wa - 1])) << all;

    // The verb is last; negative exactly when the English says "not".
    const bool english_negated = std::count(p.source.begin(), p.source.end(), "not") == 1;
    const std::string& last = p.target.back();
    ASSERT_EQ(negative.count(last) == 1, english_negated) << all;
    negated += english_negated;
    const std::string& english_verb = p.source[static_cast<std::size_t>(p.alignment.back())];
    ASSERT_TRUE(lexicon.at(english_verb).count(last)) << all;
    if (last == "iru" || last == "inai") ASSERT_EQ(p.target[p.target.size() - 2], "sunde") << all;

    // o: once after the object, exactly when the verb is transitive.
    const bool has_object = transitive.count(english_verb) == 1;
    ASSERT_EQ(std::count(p.target.begin(), p.target.end(), "o"), has_object ? 1 : 0) << all;
    if (has_object) {
      const auto o = std::find(p.target.begin(), p.target.end(), "o") - p.target.begin();
      ASSERT_TRUE(is_noun_or_name(p.target[o - 1])) << all;
      ASSERT_LT(wa, o) << all;
    }

    // A place takes ni with "sunde iru", de with every other verb; it comes before the object.
    const bool place = std::any_of(p.source.begin(), p.source.end(),
                                   [](const std::string& w) { return w == "in" || w == "near" || w == "behind"; });
    const bool lives = english_verb == "lives" || english_verb == "live";
    ASSERT_EQ(std::count(p.target.begin(), p.target.end(), "ni"), place && lives ? 1 : 0) << all;
    ASSERT_EQ(std::count(p.target.begin(), p.target.end(), "de"), place && !lives ? 1 : 0) << all;
    if (lives) ASSERT_TRUE(std::count(p.source.begin(), p.source.end(), "with") || place) << all;
    with_place += place;

    // Adjectives (and totemo) come before the noun; no article is translated.
    for (std::size_t t = 0; t + 1 < p.target.size(); ++t) {
      if (p.target[t] == "totemo") ASSERT_FALSE(is_noun_or_name(p.target[t + 1])) << all;
      if (p.target[t] == "watashi") ASSERT_EQ(p.target[t + 1], "no") << all;
      if (p.target[t + 1] == "chikaku" || p.target[t + 1] == "ushiro") {
        ASSERT_EQ(p.target[t], "no") << all;
        ASSERT_TRUE(p.target[t + 2] == "de" || p.target[t + 2] == "ni") << all;
      }
    }
    // Every word but the particles translates the English word it aligns to.
    for (std::size_t t = 0; t < p.target.size(); ++t) {
      const bool particle = particles.count(p.target[t]) == 1;
      ASSERT_EQ(p.alignment[t] == kUnaligned, particle) << all;
      if (particle) continue;
      const std::string& en = p.source[static_cast<std::size_t>(p.alignment[t])];
      ASSERT_TRUE(lexicon.count(en) && lexicon.at(en).count(p.target[t]))
          << en << " → " << p.target[t] << " in " << all;
    }

    // The parser, then the renderer, give the same pair back.
    const auto parsed = translate_by_grammar(p.source, Language::japanese);
    ASSERT_TRUE(parsed) << all;
    ASSERT_EQ(parsed->target, p.target) << all;
    ASSERT_EQ(parsed->alignment, p.alignment) << all;
  }
  EXPECT_LE(longest, 22u);  // + <bos>/<eos> fits the model's 24 positions
  EXPECT_GT(negated, 1500u);
  EXPECT_GT(with_place, 2500u);
}

TEST(Japanese, VocabulariesAndTheSplit) {
  const auto& en = english_words(Language::japanese);
  EXPECT_TRUE(std::includes(english_words().begin(), english_words().end(), en.begin(), en.end()));
  EXPECT_EQ(std::count(en.begin(), en.end(), "two"), 0);
  EXPECT_EQ(grammar_language(en, target_words(Language::japanese)), Language::japanese);
  EXPECT_EQ(grammar_language(english_words(), target_words()), Language::spanish);
  EXPECT_FALSE(grammar_language(en, target_words()));
  for (const auto& p : held_out_set(300, 2, Language::japanese)) {
    ASSERT_TRUE(is_held_out(p.source));
    ASSERT_TRUE(translate_by_grammar(p.source, Language::japanese));
  }
}

}  // namespace
}  // namespace attn::corpus
