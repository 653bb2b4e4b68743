// Why the grammar refuses a sentence, as data: each kind with the words it names (what the bindings pass to the
// page, which says it in its own language), the English describe() gives the native tools, and the kinds a target
// language returns naming that language. A word a language does not say is reported as absent from the
// vocabulary, and is: its models' English vocabulary lacks it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>

#include "attn/corpus.h"
#include "attn/grammar_problem.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

using testing::file_text;
using testing::grammar_problem;
using Strings = std::vector<std::string>;

TEST(GrammarProblem, AfterTheObjectOnlyAPrepositionOrAnAdverb) {
  const GrammarProblem p = grammar_problem("we ate the apples tomorrow");
  EXPECT_EQ(p.kind, GrammarProblemKind::expects_preposition);
  EXPECT_EQ(p.after, "we ate the apples");
  EXPECT_EQ(p.found, "tomorrow");
  EXPECT_EQ(p.prepositions, (Strings{"in", "with", "without", "near", "behind", "on", "under"}));
  EXPECT_EQ(p.adverbs, (Strings{"yesterday", "today", "now", "here", "there"}));
  EXPECT_EQ(describe(p),
            "after “we ate the apples” only a preposition (in, with, without, near, behind, on, under) or an adverb "
            "(yesterday, today, now, here, there) may follow, not “tomorrow”");
}

TEST(GrammarProblem, ANounExpected) {
  // "telescope" is no noun of the grammar's (not among the candidates); its examples are the first nouns, the
  // commonest (issue 62: rank order).
  const GrammarProblem p = grammar_problem("the dog sees the telescope");
  EXPECT_EQ(p.kind, GrammarProblemKind::expects_noun);
  EXPECT_EQ(p.after, "the dog sees the");
  EXPECT_EQ(p.found, "telescope");
  EXPECT_EQ(p.examples, (Strings{"man", "girl", "father"}));
  EXPECT_TRUE(p.language.empty());  // the English grammar's, whatever the target
}

TEST(GrammarProblem, AgreementNamesTheSubjectItsNumberAndBothForms) {
  GrammarProblem p = grammar_problem("the dogs eats the cat");
  EXPECT_EQ(p.kind, GrammarProblemKind::verb_agreement);
  EXPECT_EQ(p.subject, "the dogs");
  EXPECT_EQ(p.number, "plural");
  EXPECT_EQ(p.expected, "eat");
  EXPECT_EQ(p.found, "eats");
  p = grammar_problem("i is big");  // a pronoun's number goes without saying
  EXPECT_EQ(p.kind, GrammarProblemKind::verb_agreement);
  EXPECT_EQ(p.number, "");
  EXPECT_EQ(p.expected, "am");
  p = grammar_problem("the dogs does not sleep");
  EXPECT_EQ(p.kind, GrammarProblemKind::auxiliary_agreement);
  EXPECT_EQ(p.expected, "do");
  EXPECT_EQ(p.found, "does");
}

TEST(GrammarProblem, ANounPhraseNamesWhyOneWasExpected) {
  GrammarProblem p = grammar_problem("he sees i");
  EXPECT_EQ(p.kind, GrammarProblemKind::pronoun_case);
  EXPECT_EQ(p.role, NounPhraseRole::object);
  EXPECT_EQ(p.role_word, "sees");
  EXPECT_EQ(p.form, "object");
  EXPECT_EQ(p.found, "i");
  EXPECT_EQ(p.expected, "me");
  p = grammar_problem("maria walks with yesterday");
  EXPECT_EQ(p.kind, GrammarProblemKind::expects_noun_phrase);
  EXPECT_EQ(p.role, NounPhraseRole::preposition_object);
  EXPECT_EQ(p.role_word, "with");
  EXPECT_EQ(p.found, "yesterday");
  EXPECT_EQ(p.names.size(), 3u);
  EXPECT_EQ(p.pronouns, (Strings{"me", "you", "him"}));
  EXPECT_EQ(p.determiners.size(), 4u);
  EXPECT_EQ(std::string(role_name(p.role)), "preposition-object");
}

TEST(GrammarProblem, ExamplesAreWholeSentences) {
  GrammarProblem p = grammar_problem("the dogs eat");
  EXPECT_EQ(p.kind, GrammarProblemKind::needs_object);
  EXPECT_EQ(p.word, "eat");
  EXPECT_EQ(p.examples, (Strings{"the dogs eat the apple"}));
  p = grammar_problem("he gives the book");
  EXPECT_EQ(p.kind, GrammarProblemKind::needs_what_and_to_whom);
  EXPECT_EQ(p.examples, (Strings{"he gives the book to maria", "he gives maria the book"}));
  EXPECT_EQ(grammar_problem("").kind, GrammarProblemKind::empty);
}

// Issue 57: "the grammar's Japanese leaves out “sister”" was misleading: the word is not in the model's vocabulary.
TEST(GrammarProblem, AWordALanguageDoesNotSayIsNotInItsVocabulary) {
  for (const Language language : {Language::japanese, Language::marathi}) {
    const GrammarProblem p = grammar_problem("my sister sleeps", language);
    EXPECT_EQ(p.kind, GrammarProblemKind::not_in_vocabulary);
    EXPECT_EQ(p.word, "sister");
    EXPECT_EQ(p.language, language == Language::japanese ? "ja" : "mr");
    const auto& vocabulary = english_words(language);
    EXPECT_EQ(std::count(vocabulary.begin(), vocabulary.end(), "sister"), 0);
  }
  EXPECT_FALSE(grammar_problem("my sister sleeps", Language::spanish));  // Spanish says it
  EXPECT_EQ(testing::problem_with("my sister sleeps", Language::japanese),
            "“sister” is not in the vocabulary of the grammar's English → Japanese");
  // Every word reported so, over the sentences of another language's stream, is absent from the vocabulary.
  TrainingStream spanish(5);
  int reported = 0;
  for (int i = 0; i < 300; ++i) {
    const SentencePair pair = spanish.next();
    for (const Language language : {Language::japanese, Language::marathi}) {
      const GrammarProblem p = grammar_problem(join(pair.source), language);
      if (p.kind != GrammarProblemKind::not_in_vocabulary) continue;
      ++reported;
      const auto& vocabulary = english_words(language);
      EXPECT_EQ(std::count(vocabulary.begin(), vocabulary.end(), p.word), 0) << join(pair.source);
    }
  }
  EXPECT_GT(reported, 50);
}

TEST(GrammarProblem, WhatALanguageLeavesOutNamesTheLanguage) {
  GrammarProblem p = grammar_problem("he gives you the book", Language::japanese);
  EXPECT_EQ(p.kind, GrammarProblemKind::giving_to_you);
  EXPECT_EQ(p.language, "ja");
  p = grammar_problem("the dog sleeps in the car", Language::japanese);
  EXPECT_EQ(p.kind, GrammarProblemKind::phrase_not_said);
  EXPECT_EQ(p.word, "in the car");
  p = grammar_problem("he read the book", Language::marathi);
  EXPECT_EQ(p.kind, GrammarProblemKind::ergative_past);
  EXPECT_EQ(p.word, "read");
  EXPECT_EQ(p.found, "read");
  EXPECT_EQ(p.language, "mr");
  p = grammar_problem("the boy eats the girl", Language::marathi);
  EXPECT_EQ(p.kind, GrammarProblemKind::animate_object);
  EXPECT_EQ(p.word, "eat");
}

// docs/api.md's table: a sentence with each kind.
TEST(GrammarProblem, TheDocumentedExamples) {
  const std::pair<const char*, const char*> spanish_examples[] = {
      {"", "empty"},
      {"dog sleeps", "sentence-start"},
      {"the dogs eats the cat", "verb-agreement"},
      {"the dogs does not sleep", "auxiliary-agreement"},
      {"where the dog", "where-needs-be"},
      {"he did eat", "needs-not"},
      {"he did not eats", "expects-plain-verb"},
      {"eats the apple", "command-plain-form"},
      {"have the book", "not-a-command"},
      {"the dog the cat", "expects-verb"},
      {"the dogs eat", "needs-object"},
      {"go", "needs-destination"},
      {"he goes in the park", "expects-to-and-place"},
      {"he eats the apple to maria", "misplaced-to"},
      {"the dog sleeps the cat", "takes-no-object"},
      {"we ate the apples tomorrow", "expects-preposition"},
      {"he gives the book", "needs-what-and-to-whom"},
      {"the very dog sleeps", "very-needs-adjective"},
      {"the dog is", "expects-complement"},
      {"he is a dog", "expects-profession"},
      {"we are a teacher", "profession-number"},
      {"a apple is red", "article"},
      {"the dog sleeps in the house the", "sentence-ends"},
      {"i see me", "no-reflexive"},
      {"the dog sleeps in me", "pronoun-after-preposition"},
      {"give him to me", "gives-pronoun"},
      {"he sees i", "pronoun-case"},
      {"maria walks with tomorrow", "expects-noun-phrase"},
      {"the dog sees the telescope", "expects-noun"},
      {"two dog sleeps", "determiner-number"},
      {"i see him yesterday", "adverb-needs-past"},
      {"i saw him now", "adverb-needs-present"},
  };
  for (const auto& [sentence, kind] : spanish_examples)
    EXPECT_STREQ(kind_name(grammar_problem(sentence).kind), kind) << sentence;
  const std::tuple<const char*, Language, const char*> target_examples[] = {
      {"my sister sleeps", Language::japanese, "not-in-vocabulary"},
      {"my sister sleeps", Language::marathi, "not-in-vocabulary"},
      {"maria lives", Language::japanese, "needs-place"},
      {"the dog sleeps in the car", Language::japanese, "phrase-not-said"},
      {"he gives you the book", Language::japanese, "giving-to-you"},
      {"do not give me the book", Language::japanese, "do-not-give-me"},
      {"she sang", Language::marathi, "past-not-said"},
      {"he read the book", Language::marathi, "ergative-past"},
      {"the boy eats the girl", Language::marathi, "animate-object"},
  };
  for (const auto& [sentence, language, kind] : target_examples)
    EXPECT_STREQ(kind_name(grammar_problem(sentence, language).kind), kind) << sentence;
}

TEST(GrammarProblem, EveryKindHasADistinctNameAndAnEnglishRendering) {
  std::set<std::string> seen;
  for (int k = 1; k < kGrammarProblemKinds; ++k) {
    GrammarProblem p;
    p.kind = static_cast<GrammarProblemKind>(k);
    p.word = p.found = p.expected = p.subject = p.after = "x";
    p.examples = {"a", "b"};
    const std::string name = kind_name(p.kind);
    EXPECT_TRUE(seen.insert(name).second) << name;
    EXPECT_EQ(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-"), std::string::npos) << name;
    EXPECT_FALSE(describe(p).empty()) << name;
  }
  EXPECT_EQ(describe(GrammarProblem{}), "");
}

// Every kind the grammar can return has words on the page: in the list web/src/translation/grammar-problem-text.js
// says by kind, and a message `grammar.<kind>` in each catalogue (a new kind without words fails here).

TEST(GrammarProblem, EveryKindHasWordsInEveryLanguage) {
  const std::string page = file_text("web/src/translation/grammar-problem-text.js");
  ASSERT_NE(page.find("grammarProblemKinds"), std::string::npos);
  for (const char* locale : {"en", "es", "zh-CN"}) {
    const std::string catalogue = file_text(std::string("web/src/i18n/locales/") + locale + ".json");
    const std::size_t section = catalogue.find("\n  \"grammar\": {");
    ASSERT_NE(section, std::string::npos) << locale;
    const std::string grammar = catalogue.substr(section, catalogue.find("\n  }", section + 1) - section);
    for (int k = 1; k < kGrammarProblemKinds; ++k) {
      const std::string kind = kind_name(static_cast<GrammarProblemKind>(k));
      EXPECT_NE(grammar.find("\n    \"" + kind + "\": \""), std::string::npos) << locale << ": " << kind;
      EXPECT_NE(page.find("'" + kind + "'"), std::string::npos) << kind;
    }
    for (int r = 1; r <= static_cast<int>(NounPhraseRole::given); ++r) {
      const std::string role = role_name(static_cast<NounPhraseRole>(r));
      EXPECT_NE(grammar.find("\n      \"" + role + "\": \""), std::string::npos) << locale << ": " << role;
    }
  }
}

}  // namespace
}  // namespace attn::corpus
