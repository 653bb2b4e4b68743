// The trainer's tasks: the sequence tasks' targets and alignments are right by construction and by check,
// training and held-out pairs never meet, references answer typed input, and each task trains.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "attn/tasks.h"
#include "attn/training.h"
#include "model_test_util.h"

namespace attn::tasks {
namespace {

using corpus::join;

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t space = text.find(' ', at);
    out.push_back(text.substr(at, space == std::string::npos ? std::string::npos : space - at));
    at = space == std::string::npos ? text.size() : space + 1;
  }
  return out;
}

// Each language pair of the corpus is a task by its name, with the corpus's vocabularies and references.
TEST(TranslationTasks, NamedByTheirLanguagePair) {
  const std::pair<const char*, corpus::Language> pairs[] = {{"en-es", corpus::Language::spanish},
                                                            {"en-ja", corpus::Language::japanese},
                                                            {"en-mr", corpus::Language::marathi}};
  for (const auto& [name, language] : pairs) {
    const auto task = named_task(name, {}, 1);
    ASSERT_TRUE(task) << name;
    EXPECT_EQ(task->source_words(), corpus::english_words(language)) << name;
    EXPECT_EQ(task->target_words(), corpus::target_words(language)) << name;
    const Pair p = task->next();
    EXPECT_EQ(join(task->reference(p.source)->target), join(p.target)) << name;
  }
  EXPECT_EQ(join(named_task("en-mr", {}, 1)->reference(words("give me the book"))->target), "मला पुस्तक दे");
  EXPECT_FALSE(named_task("en-fr", {}, 1));
}

TEST(SequenceTasks, ReferencesOfTypedSequences) {
  const auto reverse = sequence_task(SequenceKind::reverse, {}, 1);
  const auto sort = sequence_task(SequenceKind::sort, {}, 1);
  const auto copy = sequence_task(SequenceKind::copy, {}, 1);
  EXPECT_EQ(join(reverse->reference(words("3 1 4 1"))->target), "1 4 1 3");
  EXPECT_EQ(reverse->reference(words("3 1 4 1"))->alignment, (std::vector<int>{3, 2, 1, 0}));
  EXPECT_EQ(join(sort->reference(words("3 1 4 1"))->target), "1 1 3 4");
  EXPECT_EQ(sort->reference(words("3 1 4 1"))->alignment, (std::vector<int>{1, 3, 0, 2}));  // ties in order
  EXPECT_EQ(join(copy->reference(words("3 # 1 # # 4"))->target), "3 1 4");
  EXPECT_EQ(copy->reference(words("3 # 1 # # 4"))->alignment, (std::vector<int>{0, 2, 5}));
  EXPECT_FALSE(reverse->reference(words("3 # 1")));  // no distractors outside copy
  EXPECT_FALSE(copy->reference(words("# #")));       // nothing to copy
  EXPECT_FALSE(sort->reference(words("3 x 1")));
  EXPECT_TRUE(sort->reference(words("1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6")));     // 16: the longest
  EXPECT_FALSE(sort->reference(words("1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7")));  // over 16
}

TEST(SequenceTasks, PairsObeyTheirTaskLengthsAndSplit) {
  for (SequenceKind kind : {SequenceKind::reverse, SequenceKind::sort, SequenceKind::copy}) {
    auto task = sequence_task(kind, {4, 9}, 5);
    std::set<std::string> training;
    for (int i = 0; i < 2000; ++i) {
      const Pair p = task->next();
      ASSERT_GE(p.source.size(), 4u);
      ASSERT_LE(p.source.size(), 9u);
      ASSERT_EQ(p.target.size(), p.alignment.size());
      for (std::size_t t = 0; t < p.target.size(); ++t) ASSERT_EQ(p.target[t], p.source[p.alignment[t]]);
      ASSERT_EQ(join(task->reference(p.source)->target), join(p.target));
      training.insert(join(p.source));
    }
    const auto held_out = task->held_out(300, 2);
    ASSERT_EQ(held_out.size(), 300u);
    for (const Pair& p : held_out) ASSERT_FALSE(training.count(join(p.source))) << join(p.source);
    EXPECT_EQ(join(held_out[17].source), join(sequence_task(kind, {4, 9}, 99)->held_out(300, 2)[17].source))
        << "held-out pairs depend on their own seed only";
  }
}

TEST(SequenceTasks, ASmallTaskRunsOutOfHeldOutPairsInsteadOfLooping) {
  const auto task = sequence_task(SequenceKind::reverse, {1, 1}, 1);  // ten sequences in all
  EXPECT_LE(task->held_out(1000, 2).size(), 10u);
}

// 800 steps of a tiny model (about 1 s): 100 of 100 held-out sequences here; at least 95 asserted.
TEST(SequenceTasks, ReverseTrainsToExactAnswers) {
  auto task = sequence_task(SequenceKind::reverse, {3, 6}, 1);
  model::TranslationModel m = model::new_model(attn::testing::tiny_model_config(), 3, *task);
  model::TrainingOptions o;
  o.steps = 800, o.batch = 32, o.warmup = 40, o.learning_rate = 0.01f;
  model::Trainer trainer(std::move(m), o, reference_kernels(), model::run_sequentially,
                         sequence_task(SequenceKind::reverse, {3, 6}, 1));
  while (trainer.steps_done() < o.steps) trainer.step();
  model::Translator translator(trainer.model(), reference_kernels());
  const model::Evaluation e = model::evaluate(translator, task->held_out(100, 2));
  EXPECT_GE(e.accuracy(), 0.95) << e.exact << " of " << e.sentences;
}

}  // namespace
}  // namespace attn::tasks

namespace attn::tasks {
namespace {

TEST(PastedPairs, ReadsTabsAndBarsAndNamesEveryBadLine) {
  const std::string text =
      "The Dog sleeps.\tEl Perro duerme\r\n"  // line 1: CRLF, source read as typed sentences are
      "\n"                                    // 2: blank, skipped
      "no separator here\n"                   // 3
      "a cat ||| un gato\n"                   // 4: " ||| "
      "\tsolo\n"                              // 5: empty source
      "one two three four five six seven eight nine ten eleven twelve thirteen\tx\n"  // 6: 13 words
      "ok\t" +
      std::string(50, 'w') +
      "\n"           // 7: a 50-byte word
      "last\tline";  // 8: no final newline
  const ParsedPairs lower = parse_pairs(text, true);
  ASSERT_EQ(lower.pairs.size(), 3u);
  EXPECT_EQ(corpus::join(lower.pairs[0].source), "the dog sleeps");
  EXPECT_EQ(corpus::join(lower.pairs[0].target), "el perro duerme");
  EXPECT_EQ(lower.pairs[0].alignment, (std::vector<int>{-1, -1, -1}));
  EXPECT_EQ(corpus::join(lower.pairs[1].target), "un gato");
  EXPECT_EQ(corpus::join(lower.pairs[2].source), "last");
  ASSERT_EQ(lower.errors.size(), 4u);
  EXPECT_EQ(lower.errors[0].line, 3u);
  EXPECT_EQ(lower.errors[0].message, "no tab or ' ||| ' between the source and the target");
  EXPECT_EQ(lower.errors[1].line, 5u);
  EXPECT_EQ(lower.errors[1].message, "the source is empty");
  EXPECT_EQ(lower.errors[2].line, 6u);
  EXPECT_EQ(lower.errors[2].message, "the source has 13 words; the limit is 12");
  EXPECT_STREQ(lower.errors[0].kind, "no-separator");
  EXPECT_STREQ(lower.errors[1].kind, "empty-side");
  EXPECT_STREQ(lower.errors[1].side, "source");
  EXPECT_STREQ(lower.errors[2].kind, "too-many-words");
  EXPECT_EQ(lower.errors[2].count, 13u);
  EXPECT_EQ(lower.errors[2].limit, 12u);
  EXPECT_STREQ(lower.errors[3].kind, "word-too-long");
  EXPECT_EQ(lower.errors[3].line, 7u);
  EXPECT_NE(lower.errors[3].message.find("is longer than 40 bytes"), std::string::npos);
  EXPECT_EQ(corpus::join(parse_pairs(text, false).pairs[0].target), "El Perro duerme");
}

TEST(PastedPairs, TaskHoldsOutAShareAndNeedsEnoughPairs) {
  std::vector<Pair> pairs;
  for (int i = 0; i < 400; ++i) {
    const std::string n = std::to_string(i);
    pairs.push_back({{"number", n}, {n, "number"}, {-1, -1}});
  }
  PairsError why{};
  auto task = pairs_task(pairs, 0.1, 1, why);
  ASSERT_TRUE(task) << why.message;
  const auto held_out = task->held_out(1000, 2);
  EXPECT_GT(held_out.size(), 20u);
  EXPECT_LT(held_out.size(), 60u);
  std::set<std::string> held;
  for (const Pair& p : held_out) held.insert(join(p.source));
  for (int i = 0; i < 500; ++i) ASSERT_FALSE(held.count(join(task->next().source)));
  EXPECT_EQ(task->source_words().front(), "number");
  EXPECT_EQ(join(task->reference({"number", "7"})->target), "7 number");
  EXPECT_FALSE(task->reference({"number", "x"}));

  EXPECT_FALSE(pairs_task({pairs.begin(), pairs.begin() + 9}, 0.1, 1, why));
  EXPECT_EQ(why.message, "only 9 pairs; at least 10 are needed");
  EXPECT_STREQ(why.kind, "too-few-pairs");
  EXPECT_EQ(why.count, 9u);
  EXPECT_EQ(why.limit, 10u);
}

}  // namespace
}  // namespace attn::tasks
