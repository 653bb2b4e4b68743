// Decoding choices on the shipped model: each step's output distribution (sums to 1, greedy takes its
// argmax, the output temperature flattens it, the fast kernels' float softmax within rounding of the reference's),
// seeded sampling (repeatable; frequencies follow the probabilities), and teacher forcing (fed the model's own greedy
// output, it reproduces free running).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <numeric>

#include "attn/translator.h"

namespace attn::model {
namespace {

Translator shipped_translator() {
  std::ifstream in(ATTN_SOURCE_DIR "/web/lib/models/en-es.bin", std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return Translator(*load_weights(bytes.data(), bytes.size()).model, reference_kernels());
}

const std::vector<std::string> kSentence = {"the", "big", "dog", "sees", "the", "white", "cats"};

double entropy(const float* p, std::size_t n) {
  double h = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (p[i] > 0) h -= p[i] * std::log(p[i]);
  return h;
}

TEST(Decoding, EachStepsDistributionSumsToOneAndGreedyTakesItsArgmax) {
  Translator t = shipped_translator();
  const Translation r = t.translate_words(kSentence);
  const std::size_t v = t.model().config.target_vocabulary;
  ASSERT_EQ(r.probabilities.size(), r.target.size() * v);
  for (std::size_t step = 0; step < r.target.size(); ++step) {
    const float* p = &r.probabilities[step * v];
    EXPECT_NEAR(std::accumulate(p, p + v, 0.0), 1.0, 1e-5);
    EXPECT_EQ(p[0], 0.0f);  // <bos>
    EXPECT_EQ(t.model().target.word(static_cast<int>(std::max_element(p, p + v) - p)), r.target[step]);
  }
  // A higher output temperature flattens every step's distribution but chooses the same greedy words.
  Decoding hot;
  hot.output_temperature = 6.0f;
  const Translation flat = t.translate_words(kSentence, 1.0f, SIZE_MAX, hot);
  EXPECT_EQ(flat.target, r.target);
  EXPECT_GT(entropy(&flat.probabilities[0], v), entropy(&r.probabilities[0], v) + 0.5);
}

// The fast kernel set's distribution is its float softmax (the reference's in double): the same words, each
// probability within float rounding of the reference translator's, at the output temperatures a page offers.
TEST(Decoding, TheFastKernelsDistributionIsTheReferencesWithinFloatRounding) {
  Translator reference = shipped_translator();
  Translator fast(reference.model(), fast_kernels());
  const std::size_t v = reference.model().config.target_vocabulary;
  for (const float output_temperature : {0.5f, 1.0f, 4.0f}) {
    Decoding d;
    d.output_temperature = output_temperature;
    const Translation r = reference.translate_words(kSentence, 1.0f, SIZE_MAX, d),
                      f = fast.translate_words(kSentence, 1.0f, SIZE_MAX, d);
    ASSERT_EQ(f.target, r.target);
    for (std::size_t i = 0; i < r.probabilities.size(); ++i)
      ASSERT_NEAR(f.probabilities[i], r.probabilities[i], 2e-6 + 1e-4 * r.probabilities[i])
          << "step " << i / v << ", word " << reference.model().target.word(static_cast<int>(i % v)) << " at "
          << output_temperature;
    for (std::size_t step = 0; step < f.target.size(); ++step) EXPECT_EQ(f.probabilities[step * v], 0.0f);  // <bos>
  }
}

// Sampling from a distribution flat enough that several first words are likely.
Decoding flat_sampling() {
  Decoding sample;
  sample.choice = Decoding::Choice::sample;
  sample.output_temperature = 4.0f;
  return sample;
}

TEST(Decoding, SamplingRepeatsWithItsSeed) {
  Translator t = shipped_translator();
  Decoding sample = flat_sampling();
  sample.seed = 42;
  const Translation a = t.translate_words(kSentence, 1.0f, SIZE_MAX, sample),
                    b = t.translate_words(kSentence, 1.0f, SIZE_MAX, sample);
  EXPECT_EQ(a.target, b.target);
  EXPECT_EQ(a.probabilities, b.probabilities);
}

TEST(Decoding, SamplingFollowsTheProbabilities) {
  Translator t = shipped_translator();
  Decoding sample = flat_sampling();
  const Translation a = t.translate_words(kSentence, 1.0f, SIZE_MAX, sample);
  const std::size_t v = t.model().config.target_vocabulary, draws = 2000;
  std::map<std::string, int> counts;
  for (std::size_t seed = 0; seed < draws; ++seed) {
    sample.seed = seed;
    ++counts[t.translate_words(kSentence, 1.0f, 1, sample).target[0]];  // the first word only
  }
  const float* p = &a.probabilities[0];
  int checked = 0;
  for (std::size_t i = 1; i < v; ++i) {
    const double expected = p[i], seen = counts[t.model().target.word(static_cast<int>(i))] / double(draws);
    // Within 4.5 standard deviations of a binomial proportion (and a floor for tiny probabilities).
    EXPECT_NEAR(seen, expected, 4.5 * std::sqrt(expected * (1 - expected) / draws) + 2e-3)
        << t.model().target.word(static_cast<int>(i));
    checked += expected > 0.004;
  }
  // The test looked at a real spread, not one certain word: at temperature 4 over the 2,801 output words of the
  // 540-word lexicon, a few words above 0.4% (above 2% over the 791 words before).
  EXPECT_GE(checked, 3);
}

TEST(Decoding, TeacherForcingWithTheGreedyOutputReproducesFreeRunning) {
  Translator t = shipped_translator();
  const Translation free = t.translate_words(kSentence);
  Decoding forced;
  forced.forced_target = std::vector<std::string>(free.target.begin(), free.target.end() - 1);  // without <eos>
  const Translation teacher = t.translate_words(kSentence, 1.0f, SIZE_MAX, forced);
  EXPECT_EQ(teacher.target, free.target);
  ASSERT_EQ(teacher.cross_attention.size(), free.cross_attention.size());
  for (std::size_t i = 0; i < free.cross_attention.size(); ++i)
    EXPECT_NEAR(teacher.cross_attention[i], free.cross_attention[i], 1e-5);
  for (std::size_t i = 0; i < free.probabilities.size(); ++i)
    EXPECT_NEAR(teacher.probabilities[i], free.probabilities[i], 1e-5);

  // Forced onto a wrong first word, the model's next guesses change: "one early mistake changes everything".
  forced.forced_target = std::vector<std::string>{"la", "perro"};
  const Translation wrong = t.translate_words(kSentence, 1.0f, SIZE_MAX, forced);
  EXPECT_EQ(wrong.target, (std::vector<std::string>{"la", "perro", "<eos>"}));
  const std::size_t v = t.model().config.target_vocabulary;
  const int el = t.model().target.id("el");
  EXPECT_NEAR(wrong.probabilities[el], free.probabilities[el], 1e-5);  // row 0 is the same guess, "el"
  EXPECT_GT(std::abs(wrong.probabilities[v + t.model().target.id("perro")] -
                     free.probabilities[v + t.model().target.id("perro")]),
            0.0f);
}

TEST(Decoding, ForcedTargetsMustBeWordsTheModelProduces) {
  Translator t = shipped_translator();
  Decoding forced;
  forced.forced_target = std::vector<std::string>{"el", "chien", "<eos>"};
  const TranslateResult r = t.translate("the dog sleeps", 1.0f, forced);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, TranslateError::Kind::unknown_target_words);
  // "chien" is a word the shipped model cannot read: it carries unknown words, so it feeds it as <unk>; "<eos>" in
  // the middle is refused.
  EXPECT_EQ(r.error->message, "the forced target has words the model does not produce: '<eos>'");
  forced.forced_target = std::vector<std::string>(30, "el");
  EXPECT_EQ(t.translate("the dog sleeps", 1.0f, forced).error->message,
            "the forced target has 30 words; at most 23 fit");
}

}  // namespace
}  // namespace attn::model
