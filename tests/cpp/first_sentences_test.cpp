// The 100 sentences a newcomer types first (scripts/experiments/first-sentences.json) against the grammar itself:
// how many it covers in each language (its parser accepts them and the language says them) and of those, how many
// it translates as the list's reference or an accepted variant, token for token. `npm run experiment:first-sentences`
// counts the same for a model (docs/models.md); these are the grammar's own, so a change to the grammar that loses
// a sentence, or writes one the list does not accept, fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "attn/corpus.h"
#include "attn/json.h"
#include "grammar_test_util.h"

namespace attn::corpus {
namespace {

struct Counts {
  int covered = 0, grammar_right = 0;
  std::vector<std::string> wrong;  // covered, but the grammar's translation is none of the references
};

Counts first_sentences(Language language, const char* code) {
  json::Value list;
  std::string error;
  EXPECT_TRUE(json::parse(testing::file_text("scripts/experiments/first-sentences.json"), list, error)) << error;
  Counts counts;
  const json::Value* sentences = list.find("sentences");
  if (!sentences) return counts;
  for (const json::Value& sentence : sentences->items()) {
    const std::string english = sentence.find("english")->text();
    const auto pair = translate_by_grammar(testing::words(english), language);
    if (!pair) continue;
    ++counts.covered;
    const std::string grammar = join(pair->target);
    const json::Value* references = sentence.find(code);
    const bool right = references && std::any_of(references->items().begin(), references->items().end(),
                                                 [&](const json::Value& r) { return r.text() == grammar; });
    if (right)
      ++counts.grammar_right;
    else
      counts.wrong.push_back(english + " → " + grammar);
  }
  return counts;
}

std::string listed(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += "\n  " + l;
  return out;
}

// Before the yes/no questions, adverbs, "her" and "give it to me": Spanish 53 covered, 48 right; Japanese 43, 42;
// Marathi 42, 40. Wrong now: "it is cold" and "it was cold yesterday" in all three (the grammar's "it" is a thing:
// "está frío", not "hace frío"), "i am hungry" in Spanish and Marathi (an adjective, not "tengo hambre"), "do you
// see the bird" in Japanese (miru with o, not mieru with ga) and Marathi (पक्ष्याला, as the list's own "we see the
// dog" has it, which its variants for this one lack), and "i saw my friend yesterday" in Japanese (mita, not atta).
TEST(FirstSentences, SpanishCoversAndTranslates) {
  const Counts c = first_sentences(Language::spanish, "es");
  EXPECT_EQ(c.covered, 65);
  EXPECT_EQ(c.grammar_right, 62) << listed(c.wrong);
}

TEST(FirstSentences, JapaneseCoversAndTranslates) {
  const Counts c = first_sentences(Language::japanese, "ja");
  EXPECT_EQ(c.covered, 53);
  EXPECT_EQ(c.grammar_right, 49) << listed(c.wrong);
}

TEST(FirstSentences, MarathiCoversAndTranslates) {
  const Counts c = first_sentences(Language::marathi, "mr");
  EXPECT_EQ(c.covered, 51);
  EXPECT_EQ(c.grammar_right, 47) << listed(c.wrong);
}

}  // namespace
}  // namespace attn::corpus
