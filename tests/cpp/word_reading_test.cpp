// An unknown word read by kind (attn/word_reading.h): each kind from a word a newcomer types, its base, and the
// known words of the same kind it offers, against a vocabulary that holds exactly what each case needs.
#include "attn/word_reading.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "attn/corpus.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

using Words = std::vector<std::string>;

void expect_reading(const std::string& word, const Words& known, WordKind kind, const std::string& base,
                    const Words& suggestions) {
  const WordReading r = read_unknown_word(word, known);
  EXPECT_EQ(word_kind_name(r.kind), std::string(word_kind_name(kind))) << word;
  EXPECT_EQ(r.base, base) << word;
  EXPECT_EQ(r.suggestions, suggestions) << word;
}

TEST(WordReading, AVerbInAFormTheGrammarDoesNotUseOffersTheFormsItKnows) {
  const Words known = {"<unk>", "the", "eat", "eats", "ate", "go", "went", "is", "was", "write", "wrote"};
  expect_reading("eating", known, WordKind::verb_form, "eat", {"eat", "eats", "ate"});
  expect_reading("eaten", known, WordKind::verb_form, "eat", {"eat", "eats", "ate"});
  expect_reading("goed", known, WordKind::verb_form, "go", {"go", "went"});
  expect_reading("gone", known, WordKind::verb_form, "go", {"go", "went"});
  expect_reading("written", known, WordKind::verb_form, "write", {"write", "wrote"});
  expect_reading("running", known, WordKind::verb_form, "run", {});  // the model lacks every form
  expect_reading("been", known, WordKind::verb_form, "be", {"is", "was"});
  expect_reading("crying", known, WordKind::verb_form, "cry", {});
}

TEST(WordReading, NounsAdjectivesAndTheirForms) {
  const Words known = {"mouse", "mice", "big", "happy", "dog", "cat", "dogs"};
  expect_reading("mouses", known, WordKind::noun_form, "mouse", {"mouse", "mice"});
  expect_reading("mices", known, WordKind::noun_form, "mouse", {"mouse", "mice"});
  expect_reading("bigger", known, WordKind::comparative, "big", {"big"});
  expect_reading("happiest", known, WordKind::comparative, "happy", {"happy"});
  expect_reading("happily", known, WordKind::manner_adverb, "happy", {});
}

// The grammar's own adverbs (yesterday, today, now; here, there), which a model trained before them lacks, are read
// as the grammar's, not as adverbs it lacks, and offered first for the ones it lacks ("tomorrow": yesterday, …).
TEST(WordReading, TheGrammarsOwnAdverbsComeFirst) {
  const Words known = {"the", "yesterday", "today", "now", "here", "there", "very"};
  expect_reading("tomorrow", known, WordKind::time_adverb, "", {"yesterday", "today", "now"});
  expect_reading("outside", known, WordKind::place_adverb, "", {"here", "there"});
  expect_reading("yesterday", {"the", "today", "tonight"}, WordKind::adverb, "", {"today", "tonight"});
  expect_reading("there", {"the", "here"}, WordKind::adverb, "", {"here"});
}

TEST(WordReading, ClosedClassesTheGrammarLacksOfferTheirKnownMembers) {
  const Words known = {"the", "a", "my", "in", "with", "where", "very", "today", "do", "not", "i", "am"};
  expect_reading("tomorrow", known, WordKind::time_adverb, "", {"today"});
  expect_reading("outside", known, WordKind::place_adverb, "", {});
  expect_reading("really", known, WordKind::degree_adverb, "", {"very"});
  expect_reading("every", known, WordKind::determiner, "", {"the", "a", "my"});
  expect_reading("from", known, WordKind::preposition, "", {"in", "with"});
  expect_reading("what", known, WordKind::question_word, "", {"where"});
  expect_reading("myself", known, WordKind::pronoun, "", {"i"});
  expect_reading("because", known, WordKind::conjunction, "", {});
  expect_reading("can", known, WordKind::modal, "", {});
  expect_reading("please", known, WordKind::set_phrase, "", {});
  expect_reading("don't", known, WordKind::contraction, "do not", {"do not"});
  expect_reading("don\u2019t", known, WordKind::contraction, "do not", {"do not"});  // a phone's apostrophe
  expect_reading("im", known, WordKind::contraction, "i am", {"i am"});
  expect_reading("isn't", known, WordKind::contraction, "is not", {});  // the model lacks "is"
}

// A model whose language does not say a grammar word lacks it: known words of its class and kind.
TEST(WordReading, AGrammarWordTheModelLacksOffersItsKind) {
  Words known = english_words(Language::spanish);
  known.erase(std::remove_if(known.begin(), known.end(), [](const std::string& w) { return w == "cat"; }), known.end());
  const WordReading cat = read_unknown_word("cat", known);
  EXPECT_EQ(cat.kind, WordKind::noun);
  ASSERT_FALSE(cat.suggestions.empty());
  EXPECT_EQ(cat.suggestions.front(), "dog");  // an animal, as a cat is
  EXPECT_LE(cat.suggestions.size(), kMaxSuggestions);
}

// Spelling is the last resort, and only within a typo: "yesterday" is never "letters", "weather" never "teacher".
TEST(WordReading, SpellingOnlyWithinATypo) {
  const Words known = english_words(Language::spanish);
  const WordReading dgo = read_unknown_word("dgo", known);
  EXPECT_EQ(dgo.kind, WordKind::misspelling);
  EXPECT_EQ(dgo.suggestions.front(), "dog");
  for (const char* typo : {"teh", "gril", "cta", "elephnat"}) {
    const WordReading r = read_unknown_word(typo, known);
    EXPECT_EQ(r.kind, WordKind::misspelling) << typo;
  }
  // A typo: one edit, two from eight letters up, never the first letter ("weather" is not "teacher").
  const Words teacher = {"teacher"};
  EXPECT_EQ(read_unknown_word("taecher", teacher).kind, WordKind::misspelling);    // a swap
  EXPECT_EQ(read_unknown_word("teachxx", teacher).kind, WordKind::unknown);        // two edits in seven letters
  EXPECT_EQ(read_unknown_word("teacherxx", teacher).kind, WordKind::misspelling);  // two in nine
  EXPECT_EQ(read_unknown_word("peacher", teacher).kind, WordKind::unknown);        // one, but the first letter
  const WordReading made_up = read_unknown_word("zorblax", known);
  EXPECT_EQ(made_up.kind, WordKind::unknown);
  EXPECT_TRUE(made_up.suggestions.empty());
  const WordReading yesterday = read_unknown_word("yesterday", {"letters", "sisters", "letter"});
  EXPECT_EQ(yesterday.kind, WordKind::adverb);
  EXPECT_TRUE(yesterday.suggestions.empty());
  EXPECT_TRUE(read_unknown_word("<unl>", {"<unk>"}).suggestions.empty());  // special tokens are never offered
}

TEST(WordReading, EveryKindHasItsOwnName) {
  std::set<std::string> names;
  for (int k = 0; k <= static_cast<int>(WordKind::set_phrase); ++k)
    names.insert(word_kind_name(static_cast<WordKind>(k)));
  EXPECT_EQ(names.size(), static_cast<std::size_t>(WordKind::set_phrase) + 1);
}

// The page says every kind: its list names each, and each locale has its sentence (a misspelling has none: the
// page's "Did you mean" is all there is to say).
TEST(WordReading, EveryKindIsSaidByThePageInEveryLanguage) {
  using testing::file_text;
  const std::string page = file_text("web/src/translation/word-reading-text.js");
  ASSERT_NE(page.find("wordReadingKinds"), std::string::npos);
  for (const char* locale : {"en", "es", "zh-CN"}) {
    const std::string catalogue = file_text(std::string("web/src/i18n/locales/") + locale + ".json");
    const std::size_t section = catalogue.find("\n    \"wordKind\": {");
    ASSERT_NE(section, std::string::npos) << locale;
    const std::string said = catalogue.substr(section, catalogue.find("\n    }", section + 1) - section);
    for (int k = 0; k <= static_cast<int>(WordKind::set_phrase); ++k) {
      const std::string kind = word_kind_name(static_cast<WordKind>(k));
      EXPECT_NE(page.find("'" + kind + "'"), std::string::npos) << kind;
      if (kind != "misspelling")
        EXPECT_NE(said.find("\n      \"" + kind + "\": \""), std::string::npos) << locale << kind;
    }
  }
}

}  // namespace
}  // namespace attn::corpus
