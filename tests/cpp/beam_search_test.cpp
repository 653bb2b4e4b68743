// Beam search: a case small enough to check by hand, the length penalty, the stopping rules, and on the shipped
// model: width 1 is greedy decoding word for word, wider beams never score below greedy, the tree is consistent,
// and the translation returned is the best hypothesis with the maps greedy decoding would give it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>

#include "attn/checks.h"
#include "attn/translator.h"
#include "model_test_util.h"
#include "test_util.h"

namespace attn::model {
namespace {

constexpr int kBos = 0, kEos = 1, kA = 2, kB = 3;

// Next-token probabilities by prefix, over <bos>, <eos>, A, B (<bos> is never produced).
NextTokenScores table(std::map<std::vector<int>, std::vector<double>> probabilities) {
  return [probabilities](std::size_t, int, const std::vector<int>& prefix, std::vector<double>& out) {
    const std::vector<double>& p = probabilities.at(prefix);
    out.assign(p.size(), -INFINITY);
    for (std::size_t i = 1; i < p.size(); ++i)
      if (p[i] > 0) out[i] = std::log(p[i]);
  };
}

// Greedy takes A (0.5) and then has to stop at 0.4: 0.2 in all. A beam of two also keeps B (0.4), after which
// <eos> is likely (0.9): 0.36. Both end at length 2, so the length penalty (lp(2) = (7/6)^0.6) does not reorder them.
const auto kGreedyTrap = table({{{}, {0, 0.1, 0.5, 0.4}},
                                {{kA}, {0, 0.4, 0.3, 0.3}},
                                {{kB}, {0, 0.9, 0.05, 0.05}},
                                {{kA, kA}, {0, 1, 0, 0}},
                                {{kA, kB}, {0, 1, 0, 0}}});

TEST(BeamSearch, LengthPenaltyIsWuEtAls) {
  EXPECT_DOUBLE_EQ(length_penalty(1), 1.0);
  EXPECT_DOUBLE_EQ(length_penalty(7), std::pow(2.0, 0.6));
  EXPECT_GT(length_penalty(8), length_penalty(7));
}

TEST(BeamSearch, AHandCheckedCaseWhereTheBeamFindsWhatGreedyMisses) {
  const BeamTree greedy = beam_search(1, 10, kEos, kGreedyTrap);
  EXPECT_EQ(greedy.tokens(greedy.best_step, greedy.best_node), (std::vector<int>{kA, kEos}));
  EXPECT_NEAR(greedy.steps[1][0].score, std::log(0.2), 1e-12);

  const BeamTree beam = beam_search(2, 10, kEos, kGreedyTrap);
  ASSERT_EQ(beam.steps.size(), 2u);  // both kept hypotheses of step 2 are finished: nothing left open
  ASSERT_EQ(beam.steps[0].size(), 2u);
  EXPECT_EQ(beam.steps[0][0].token, kA);
  EXPECT_EQ(beam.steps[0][1].token, kB);
  EXPECT_NEAR(beam.steps[0][1].score, std::log(0.4), 1e-12);
  EXPECT_EQ(beam.steps[0][1].parent, -1);
  // Step 2's candidates: B<eos> 0.36, A<eos> 0.2, AA 0.15, AB 0.15, BA 0.02, BB 0.02.
  ASSERT_EQ(beam.steps[1].size(), 2u);
  EXPECT_EQ(beam.steps[1][0].token, kEos);
  EXPECT_EQ(beam.steps[1][0].parent, 1);
  EXPECT_TRUE(beam.steps[1][0].finished);
  EXPECT_NEAR(beam.steps[1][0].score, std::log(0.36), 1e-12);
  EXPECT_NEAR(beam.steps[1][0].normalized, std::log(0.36) / std::pow(7.0 / 6.0, 0.6), 1e-12);
  EXPECT_EQ(beam.steps[1][1].parent, 0);
  EXPECT_NEAR(beam.steps[1][1].score, std::log(0.2), 1e-12);
  EXPECT_EQ(beam.tokens(beam.best_step, beam.best_node), (std::vector<int>{kB, kEos}));
}

TEST(BeamSearch, TheLengthPenaltyLetsALongerHypothesisWin) {
  // <eos> at once scores log 0.4 = -0.92; A then <eos> scores log(0.38 · 0.999) = -0.97, normalised -0.88.
  const auto scores = table({{{}, {0, 0.4, 0.38, 0.22}},
                             {{kA}, {0, 0.999, 0.001, 0}},
                             {{kB}, {0, 0.5, 0.5, 0}},
                             {{kB, kA}, {0, 1, 0, 0}},
                             {{kA, kA}, {0, 1, 0, 0}}});
  const BeamTree greedy = beam_search(1, 10, kEos, scores);
  EXPECT_EQ(greedy.tokens(greedy.best_step, greedy.best_node), (std::vector<int>{kEos}));
  const BeamTree beam = beam_search(3, 10, kEos, scores);
  EXPECT_EQ(beam.tokens(beam.best_step, beam.best_node), (std::vector<int>{kA, kEos}));
}

TEST(BeamSearch, StopsWhenNoOpenHypothesisCanWinAndEndsTheRestAtTheLimit) {
  // Once <eos> (0.9) is finished, A (0.1) could reach at best log 0.1 / lp(limit) < log 0.9: never expanded.
  std::size_t calls = 0;
  const auto scores = [&calls](std::size_t, int, const std::vector<int>& prefix, std::vector<double>& out) {
    ++calls;
    out = {-INFINITY, prefix.empty() ? std::log(0.9) : std::log(0.5), std::log(prefix.empty() ? 0.1 : 0.5), -INFINITY};
  };
  const BeamTree stopped = beam_search(2, 10, kEos, scores);
  EXPECT_EQ(calls, 1u);
  EXPECT_EQ(stopped.tokens(stopped.best_step, stopped.best_node), (std::vector<int>{kEos}));

  // A model that never says <eos>: hypotheses end at the limit, unfinished, and the best of them is returned.
  const auto endless = [](std::size_t, int, const std::vector<int>&, std::vector<double>& out) {
    out = {-INFINITY, -INFINITY, std::log(0.7), std::log(0.3)};
  };
  const BeamTree cut = beam_search(2, 4, kEos, endless);
  ASSERT_EQ(cut.steps.size(), 4u);
  EXPECT_EQ(cut.tokens(cut.best_step, cut.best_node), (std::vector<int>{kA, kA, kA, kA}));
  EXPECT_FALSE(cut.steps[cut.best_step][cut.best_node].finished);
}

// A repeats (its second A attends to the source word its first did), and its normalised score beats A <eos>'s
// (log 0.42 / lp(3) = -0.73 against log 0.18 / lp(2) = -1.56): the rule, not the score, decides.
TEST(BeamSearch, AHypothesisThatRepeatsASourceWordsTranslationNeverWins) {
  const auto scores = table({{{}, {0, 0.0, 0.6, 0.4}},
                             {{kA}, {0, 0.3, 0.7, 0}},
                             {{kB}, {0, 0.05, 0.05, 0.9}},
                             {{kA, kA}, {0, 1, 0, 0}},
                             {{kB, kB}, {0, 1, 0, 0}},
                             {{kB, kA}, {0, 1, 0, 0}}});
  const AttendedSource one_word = [](std::size_t, int) { return 0; };  // every token attends to source word 0
  const AttendedSource own_word = [](std::size_t step, int) { return static_cast<int>(step); };
  const BeamTree unaware = beam_search(3, 10, kEos, scores);
  EXPECT_EQ(unaware.tokens(unaware.best_step, unaware.best_node), (std::vector<int>{kA, kA, kEos}));
  const BeamTree distinct = beam_search(3, 10, kEos, scores, own_word);
  EXPECT_EQ(distinct.tokens(distinct.best_step, distinct.best_node), (std::vector<int>{kA, kA, kEos}));

  const BeamTree beam = beam_search(3, 10, kEos, scores, one_word);
  EXPECT_EQ(beam.tokens(beam.best_step, beam.best_node), (std::vector<int>{kA, kEos}));
  ASSERT_EQ(beam.steps.size(), 2u);  // A A and B B repeat: neither can win once A <eos> is finished
  for (const BeamNode& n : beam.steps[1]) EXPECT_EQ(n.repeats, !n.finished);
  EXPECT_EQ(beam.steps[1][0].source, 0);
  // Width 1 keeps greedy decoding's words, repeat or not.
  const BeamTree greedy = beam_search(1, 10, kEos, scores, one_word);
  EXPECT_EQ(greedy.tokens(greedy.best_step, greedy.best_node), (std::vector<int>{kA, kA, kEos}));
  EXPECT_TRUE(greedy.steps[greedy.best_step][greedy.best_node].repeats);
}

TEST(BeamSearch, AHypothesisCutAtTheLimitNeverBeatsAFinishedOne) {
  // <eos> at once (0.1) is finished; A A (0.81, normalised -0.19) is cut at the limit of 2 and scores higher.
  const auto scores = table({{{}, {0, 0.1, 0.9, 0}}, {{kA}, {0, 0, 0.9, 0.1}}});
  const BeamTree beam = beam_search(2, 2, kEos, scores);
  ASSERT_EQ(beam.steps.size(), 2u);
  EXPECT_GT(beam.steps[1][0].normalized, beam.steps[0][1].normalized);
  EXPECT_EQ(beam.tokens(beam.best_step, beam.best_node), (std::vector<int>{kEos}));
}

TEST(BeamSearch, TheWidthIsCheckedAndNamedAtTheSeam) {
  EXPECT_FALSE(check::beam(1, "greedy", false));
  EXPECT_FALSE(check::beam(8, "greedy", false));
  EXPECT_EQ(check::beam(9, "greedy", false).message, "options.beam must be a whole number from 1 to 8, got 9");
  EXPECT_EQ(check::beam(0, "greedy", false).message, "options.beam must be a whole number from 1 to 8, got 0");
  EXPECT_EQ(check::beam(2.5, "greedy", false).message, "options.beam must be a whole number from 1 to 8, got 2.5");
  EXPECT_EQ(check::beam(NAN, "greedy", false).message, "options.beam must be a whole number from 1 to 8, got nan");
  EXPECT_NE(check::beam(2, "sample", false).message.find("cannot go with options.decoding 'sample'"),
            std::string::npos);
  EXPECT_NE(check::beam(2, "greedy", true).message.find("cannot go with options.target"), std::string::npos);
}

Translator shipped_translator() {
  std::ifstream in(ATTN_SOURCE_DIR "/web/lib/models/en-es.bin", std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return Translator(*load_weights(bytes.data(), bytes.size()).model, reference_kernels());
}

Decoding beam_of(std::size_t width) {
  Decoding d;
  d.beam = width;
  return d;
}

TEST(BeamSearch, WidthOneIsGreedyDecodingWordForWord) {
  Translator t = shipped_translator();
  if (grammar_language(t.model()) != corpus::Language::spanish)
    GTEST_SKIP() << "en-es.bin" << testing::kPredatesTheGrammar;
  for (const auto& pair : corpus::held_out_set(testing::cases(150, 20), 4)) {
    const Translation greedy = t.translate_words(pair.source);
    const Translation beam = t.translate_words(pair.source, 1.0f, SIZE_MAX, beam_of(1));
    ASSERT_EQ(beam.target, greedy.target) << corpus::join(pair.source);
    EXPECT_EQ(beam.probabilities, greedy.probabilities);
    EXPECT_EQ(beam.cross_attention, greedy.cross_attention);
    ASSERT_TRUE(beam.beam);
    EXPECT_EQ(beam.beam->greedy, greedy.target);
    EXPECT_EQ(beam.beam->greedy_words, greedy.target);
    for (const auto& step : beam.beam->steps) EXPECT_EQ(step.size(), 1u);
  }
  // Greedy's <unk> is its token; its word is the source word it copies, as greedy decoding's own translation says.
  const std::vector<std::string> unknown = {"the", "dgo", "sleeps"};
  const Translation copying = t.translate_words(unknown, 1.0f, SIZE_MAX, beam_of(4));
  ASSERT_TRUE(copying.beam);
  EXPECT_NE(std::find(copying.beam->greedy.begin(), copying.beam->greedy.end(), "<unk>"), copying.beam->greedy.end());
  EXPECT_EQ(copying.beam->greedy_words, t.translate_words(unknown).target);
  // A hotter output distribution changes the scores, not the argmax.
  Decoding hot = beam_of(1);
  hot.output_temperature = 5.0f;
  const std::vector<std::string> sentence = {"the", "big", "dog", "sees", "the", "white", "cats"};
  EXPECT_EQ(t.translate_words(sentence, 1.0f, SIZE_MAX, hot).target, t.translate_words(sentence).target);
}

// Parents are kept, open hypotheses of the previous step; scores only fall along a path; the best hypothesis is
// the translation, and its path's rows are the translation's cross-attention rows.
void expect_consistent_tree(const Translation& t, std::size_t width) {
  ASSERT_TRUE(t.beam);
  const BeamSearch& b = *t.beam;
  EXPECT_EQ(b.width, width);
  for (std::size_t step = 0; step < b.steps.size(); ++step) {
    EXPECT_LE(b.steps[step].size(), width);
    for (const BeamHypothesis& h : b.steps[step]) {
      EXPECT_NEAR(h.normalized, h.score / length_penalty(step + 1), 1e-12);
      EXPECT_EQ(h.finished, h.word == "<eos>");
      EXPECT_EQ(h.cross_attention.size(), t.layers_decoder * t.heads * t.source.size());
      if (step == 0) {
        EXPECT_EQ(h.parent, -1);
        EXPECT_FALSE(h.repeats);
        continue;
      }
      ASSERT_GE(h.parent, 0);
      ASSERT_LT(static_cast<std::size_t>(h.parent), b.steps[step - 1].size());
      const BeamHypothesis& parent = b.steps[step - 1][static_cast<std::size_t>(h.parent)];
      EXPECT_FALSE(parent.finished);
      EXPECT_LE(h.score, parent.score);
      // It repeats when its parent does, or when an earlier token of its path is its token attending to its word.
      bool said = false;
      for (std::size_t t = step, node = static_cast<std::size_t>(h.parent); t-- > 0;) {
        const BeamHypothesis& earlier = b.steps[t][node];
        said = said || (earlier.token == h.token && earlier.source == h.source && h.source >= 0 && !h.finished);
        if (earlier.parent < 0) break;
        node = static_cast<std::size_t>(earlier.parent);
      }
      EXPECT_EQ(h.repeats, parent.repeats || said) << step;
    }
  }
  const BeamHypothesis& best = b.steps[b.best_step][b.best_node];
  for (const auto& step : b.steps)
    for (const BeamHypothesis& h : step) {
      if (!h.finished) continue;
      EXPECT_TRUE(best.finished);
      EXPECT_TRUE(h.repeats || !best.repeats);  // one that repeats never wins over one that does not
      if (h.repeats == best.repeats) EXPECT_LE(h.normalized, best.normalized);
    }
  std::vector<std::string> path(b.best_step + 1);
  std::size_t node = b.best_node;
  const std::size_t s = t.source.size(), n = t.target.size();
  for (std::size_t step = b.best_step + 1; step-- > 0;) {
    const BeamHypothesis& h = b.steps[step][node];
    path[step] = h.word;
    for (std::size_t lh = 0; lh < t.layers_decoder * t.heads; ++lh)
      for (std::size_t j = 0; j < s; ++j)
        EXPECT_NEAR(h.cross_attention[lh * s + j], t.cross_attention[(lh * n + step) * s + j], 1e-6);
    node = static_cast<std::size_t>(h.parent);
  }
  EXPECT_EQ(path, t.target);
}

TEST(BeamSearch, WiderBeamsNeverScoreBelowGreedyAndTheirTreesAreConsistent) {
  Translator t = shipped_translator();
  if (grammar_language(t.model()) != corpus::Language::spanish)
    GTEST_SKIP() << "en-es.bin" << testing::kPredatesTheGrammar;
  Decoding flat;  // a flatter distribution, so that the beams hold real alternatives
  flat.output_temperature = 8.0f;
  std::size_t differed = 0, searches = 0, below_greedy = 0;
  for (const auto& pair : corpus::held_out_set(testing::cases(60, 10), 5)) {
    for (std::size_t width : {2, 4, 8}) {
      flat.beam = width;
      const Translation r = t.translate_words(pair.source, 1.0f, SIZE_MAX, flat);
      expect_consistent_tree(r, width);
      const BeamSearch& b = *r.beam;
      // Below greedy's score only by the rule: the beam's best does not repeat (and greedy's output does).
      const BeamHypothesis& best = b.steps[b.best_step][b.best_node];
      if (best.normalized < b.greedy_normalized - 1e-12) {
        EXPECT_FALSE(best.repeats) << corpus::join(pair.source) << " width " << width;
        ++below_greedy;
      }
      differed += r.target != b.greedy;
      ++searches;
    }
  }
  std::printf(
      "beam's best differed from greedy's output in %zu of %zu searches (%zu below greedy's score: it repeats)\n",
      differed, searches, below_greedy);
}

// The greedy score the search reports is the sum of the logarithms of greedy decoding's own probabilities.
TEST(BeamSearch, GreedyScoreIsTheSumOfItsTokensLogProbabilities) {
  Translator t = shipped_translator();
  Decoding d = beam_of(3);
  d.output_temperature = 2.0f;
  const std::vector<std::string> sentence = {"maria", "loves", "the", "cat"};
  const Translation r = t.translate_words(sentence, 1.0f, SIZE_MAX, d);
  Decoding greedy;
  greedy.output_temperature = 2.0f;
  const Translation g = t.translate_words(sentence, 1.0f, SIZE_MAX, greedy);
  const std::size_t v = t.model().config.target_vocabulary;
  double score = 0;
  for (std::size_t i = 0; i < g.target.size(); ++i)
    score += std::log(g.probabilities[i * v + static_cast<std::size_t>(t.model().target.id(g.target[i]))]);
  EXPECT_NEAR(r.beam->greedy_score, score, 1e-4);
  EXPECT_NEAR(r.beam->greedy_normalized, score / length_penalty(g.target.size()), 1e-4);
}

}  // namespace
}  // namespace attn::model
