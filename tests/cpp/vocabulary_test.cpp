// The vocabulary option: a language pair over the commonest N nouns, verbs and adjectives. Its words are those of
// the N, its pairs use no others, a bigger N keeps every word of a smaller one, and at the whole lexicon the task is
// the task without the option, pair for pair (so a shipped model's training does not depend on it).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "attn/kernel_set.h"
#include "attn/tasks.h"
#include "attn/translator.h"

namespace attn::tasks {
namespace {

using corpus::join;
using corpus::Language;

const Language kLanguages[] = {Language::spanish, Language::japanese, Language::marathi};

bool has(const std::vector<std::string>& words, const std::string& word) {
  return std::binary_search(words.begin(), words.end(), word);
}

bool same_pair(const Pair& a, const Pair& b) {
  return a.source == b.source && a.target == b.target && a.alignment == b.alignment;
}

TEST(Vocabulary, TheWholeLexiconIsTheTaskWithoutTheOption) {
  for (Language language : kLanguages) {
    const auto plain = translation_task(7, language);
    for (std::size_t vocabulary : {std::size_t{0}, corpus::lexicon_size(), corpus::lexicon_size() + 100}) {
      const auto task = translation_task(7, language, corpus::kMaxEnglishWords, vocabulary);
      EXPECT_EQ(task->source_words(), plain->source_words());
      EXPECT_EQ(task->target_words(), plain->target_words());
      const auto again = translation_task(7, language);
      for (int i = 0; i < 1000; ++i) ASSERT_TRUE(same_pair(task->next(), again->next())) << i;
      const auto held = task->held_out(200, 2), plain_held = plain->held_out(200, 2);
      ASSERT_EQ(held.size(), plain_held.size());
      for (std::size_t i = 0; i < held.size(); ++i) EXPECT_TRUE(same_pair(held[i], plain_held[i])) << i;
    }
  }
}

TEST(Vocabulary, NamedTasksTakeIt) {
  const auto small = named_task("en-es", {}, 1, corpus::kMaxEnglishWords, 117);
  EXPECT_EQ(small->source_words(), corpus::english_words(Language::spanish, 117));
  EXPECT_LT(small->source_words().size(), corpus::english_words(Language::spanish).size());
}

// The 117 commonest words have "dog" (rank 496 in SUBTLEX-US) and "book"; the rarest words are left out.
TEST(Vocabulary, TheCommonestWordsAndOnlyThose) {
  const auto task = translation_task(3, Language::spanish, corpus::kMaxEnglishWords, 117);
  const auto& english = task->source_words();
  for (const char* word : {"dog", "dogs", "book", "books", "man", "go", "went", "good", "the", "maria", "near"})
    EXPECT_TRUE(has(english, word)) << word;
  for (const char* word : {"pear", "forest", "mouse"}) EXPECT_FALSE(has(english, word)) << word;
  EXPECT_TRUE(has(task->target_words(), "perro"));
  EXPECT_FALSE(has(task->target_words(), "pera"));
  for (Language language : kLanguages) {
    const auto t = translation_task(3, language, corpus::kMaxEnglishWords, 117);
    const auto check = [&](const Pair& p) {
      for (const auto& w : p.source) ASSERT_TRUE(has(t->source_words(), w)) << w << " in " << join(p.source);
      for (const auto& w : p.target) ASSERT_TRUE(has(t->target_words(), w)) << w << " in " << join(p.target);
    };
    for (int i = 0; i < 2000; ++i) check(t->next());
    for (const Pair& p : t->held_out(300, 2)) check(p);
  }
}

TEST(Vocabulary, ABiggerVocabularyKeepsEveryWordOfASmallerOne) {
  for (Language language : kLanguages) {
    std::vector<std::string> smaller;
    for (std::size_t n = 1; n <= corpus::lexicon_size(); n += 7) {
      const auto& english = corpus::english_words(language, n);
      EXPECT_TRUE(std::includes(english.begin(), english.end(), smaller.begin(), smaller.end())) << n;
      smaller = english;
    }
    EXPECT_TRUE(std::includes(corpus::target_words(language).begin(), corpus::target_words(language).end(),
                              corpus::target_words(language, 40).begin(), corpus::target_words(language, 40).end()));
  }
}

// Every size draws sentences: below the smallest one that gives every role of the generator a word (a
// profession, a place to go to, …) the size is raised to it, rather than drawing forever.
TEST(Vocabulary, EverySizeDrawsSentences) {
  for (Language language : kLanguages) {
    const std::size_t smallest = corpus::smallest_vocabulary(language);
    EXPECT_GT(smallest, 1u);
    EXPECT_LT(smallest, corpus::lexicon_size());  // en-mr: its first profession (teacher: it has no doctor)
    EXPECT_EQ(corpus::effective_vocabulary(language, 1), smallest);
    EXPECT_EQ(corpus::english_words(language, 1), corpus::english_words(language, smallest));
    for (std::size_t n = 1; n <= corpus::lexicon_size(); n += 3) {
      corpus::TrainingStream stream(n, language, corpus::kMaxEnglishWords, n);
      for (int i = 0; i < 30; ++i) {
        const auto pair = stream.next();
        EXPECT_TRUE(pair.source.size() >= corpus::kMinWords || corpus::is_set_phrase(pair.source));
      }
      EXPECT_FALSE(corpus::held_out_set(5, 2, language, 6, n).empty()) << n;
    }
  }
}

// A model's source words say the vocabulary it was trained with (or a smaller one with the same words, when the
// language leaves the last words out).
TEST(Vocabulary, AModelsWordsSayItsSize) {
  for (Language language : kLanguages) {
    for (std::size_t n : {std::size_t{1}, std::size_t{50}, std::size_t{117}, corpus::lexicon_size()}) {
      const auto& words = corpus::english_words(language, n);
      const std::size_t found = corpus::vocabulary_of(language, words);
      EXPECT_LE(found, corpus::effective_vocabulary(language, n));
      EXPECT_EQ(corpus::english_words(language, found), words) << n;
    }
  }
}

// A model of the commonest N words (the Train view's default run) is still its language pair's, and knows its N: the
// grammar's references apply to it, and its held-out sentences are drawn from its own words.
TEST(Vocabulary, AModelOfTheCommonestWordsIsItsLanguagePairs) {
  model::Config dims;
  dims.d_model = 8, dims.heads = 2, dims.ffn = 8, dims.encoder_layers = 1, dims.decoder_layers = 1;
  for (Language language : kLanguages) {
    for (std::size_t n : {std::size_t{117}, corpus::lexicon_size()}) {
      const auto task = translation_task(1, language, corpus::kMaxEnglishWords, n);
      model::Translator translator(model::new_model(dims, 7, *task, true), reference_kernels());
      ASSERT_EQ(translator.language(), language) << n;
      // The fewest words with the same lists: below N where the language leaves the last ranks' words out.
      EXPECT_LE(translator.vocabulary(), corpus::effective_vocabulary(language, n));
      if (n == corpus::lexicon_size()) EXPECT_EQ(translator.vocabulary(), n);
      EXPECT_EQ(corpus::english_words(language, translator.vocabulary()), task->source_words());
    }
  }
  const auto spanish = translation_task(1, Language::spanish, corpus::kMaxEnglishWords, 117);
  const auto japanese_words = translation_task(1, Language::japanese, corpus::kMaxEnglishWords, 117);
  EXPECT_FALSE(corpus::grammar_language(spanish->source_words(), japanese_words->target_words()).has_value());
}

}  // namespace
}  // namespace attn::tasks
