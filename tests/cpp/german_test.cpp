// The toy English → German pair: hand-checked translations of each construction (the finite verb second, the
// perfect's participle last, "kein" for a negated "a", agreement in gender, number and case), alignments to the
// English word each German word translates, and on 5,000 generated pairs every target word in its vocabulary.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "attn/corpus.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

std::string german_of(const std::string& english) { return testing::translation(english, Language::german); }

TEST(German, HandCheckedTranslations) {
  EXPECT_EQ(german_of("the dog sees the cat"), "der hund sieht die katze");
  EXPECT_EQ(german_of("the man saw the small cat in the garden"),
            "der mann hat die kleine katze im garten gesehen");  // the participle last
  EXPECT_EQ(german_of("my old dog does not eat the apple"), "mein alter hund isst den apfel nicht");
  EXPECT_EQ(german_of("i did not see a dog"), "ich habe keinen hund gesehen");
  EXPECT_EQ(german_of("the women read a new book in my house"), "die frauen lesen ein neues buch in meinem haus");
  EXPECT_EQ(german_of("read the very old book"), "lies das sehr alte buch");
  EXPECT_EQ(german_of("do not eat the apples"), "iss die äpfel nicht");
  EXPECT_EQ(german_of("you love him"), "du liebst ihn");
  EXPECT_EQ(german_of("we slept in the big houses"), "wir haben in den großen häusern geschlafen");
  EXPECT_EQ(german_of("the girl is a teacher"), "das mädchen ist lehrerin");
  EXPECT_EQ(german_of("they were not teachers"), "sie waren keine lehrer");
  EXPECT_EQ(german_of("the cat is not very big"), "die katze ist nicht sehr groß");
  EXPECT_EQ(german_of("where is my book"), "wo ist mein buch");
  EXPECT_EQ(german_of("the dog is in a garden"), "der hund ist in einem garten");
}

TEST(German, AlignsEachWordToTheEnglishItTranslates) {
  EXPECT_EQ(testing::aligned("the man saw the dog", Language::german),
            "der:the mann:man hat:saw den:the hund:dog gesehen:saw");
  EXPECT_EQ(testing::aligned("i do not eat an apple", Language::german), "ich:i esse:eat keinen:not apfel:apple");
  EXPECT_EQ(testing::aligned("juan sleeps in the house", Language::german),
            "juan:juan schläft:sleeps im:in haus:house");
}

TEST(German, LeavesOutWhatItsWordsCannotSay) {
  EXPECT_EQ(german_of("the horse sees the cat"), "<not said>");  // "horse" is not among its nouns
  EXPECT_EQ(german_of("juan walks with the dogs"), "<not said>");
}

TEST(German, GeneratedPairsUseItsVocabularyAndAlignEveryWord) {
  const auto& vocabulary = target_words(Language::german);
  TrainingStream stream(3, Language::german);
  for (int i = 0; i < 5000; ++i) {
    const SentencePair pair = stream.next();
    ASSERT_EQ(pair.alignment.size(), pair.target.size());
    for (std::size_t t = 0; t < pair.target.size(); ++t) {
      EXPECT_TRUE(std::binary_search(vocabulary.begin(), vocabulary.end(), pair.target[t])) << pair.target[t];
      EXPECT_GE(pair.alignment[t], 0) << join(pair.source) << " → " << join(pair.target);
    }
  }
}

}  // namespace
}  // namespace attn::corpus
