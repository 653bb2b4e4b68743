// Unknown words carried, not refused: which word pairs training may mask as <unk> and how (seeded, the same
// whatever runs the shards, nothing at rate 0), the <unk> token in the vocabularies and the weight file, the copy
// of the attended source word into the output, a small model that learns to copy, and old models' refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "attn/attribution.h"
#include "attn/trainer_setup.h"
#include "attn/training.h"
#include "model_test_util.h"

namespace attn::model {
namespace {

using attn::testing::tiny_model_config;
using corpus::kUnaligned;

corpus::SentencePair pair(std::vector<std::string> source, std::vector<std::string> target, std::vector<int> links) {
  return {std::move(source), std::move(target), std::move(links)};
}

TEST(UnknownWords, MaskableWordsAreThoseWithExactlyOneAlignedTargetWord) {
  // "near" → "cerca de" (two words), "the" → nothing here, "a" unaligned.
  const corpus::SentencePair p = pair({"ana", "sleeps", "near", "the", "house"},
                                      {"ana", "duerme", "cerca", "de", "a", "casa"}, {0, 1, 2, 2, kUnaligned, 4});
  EXPECT_EQ(maskable_words(p), (std::vector<std::size_t>{0, 1, 4}));
  EXPECT_TRUE(maskable_words(pair({"a", "b"}, {"x", "y"}, {kUnaligned, kUnaligned})).empty());  // pasted pairs

  // The corpus's own pairs: every maskable word has one target word, aligned to it.
  for (const auto& held : corpus::held_out_set(200, 3)) {
    for (std::size_t i : maskable_words(held))
      EXPECT_EQ(std::count(held.alignment.begin(), held.alignment.end(), static_cast<int>(i)), 1);
  }
}

TEST(UnknownWords, MaskingReplacesBothSidesAndNothingAtRateZero) {
  const corpus::SentencePair p = pair({"ana", "sleeps", "near", "the", "house"},
                                      {"ana", "duerme", "cerca", "de", "a", "casa"}, {0, 1, 2, 2, kUnaligned, 4});
  corpus::SentencePair all = p;
  UnknownWordMasker(1.0f, 5).mask(all);
  EXPECT_EQ(all.source, (std::vector<std::string>{"<unk>", "<unk>", "near", "the", "<unk>"}));
  EXPECT_EQ(all.target, (std::vector<std::string>{"<unk>", "<unk>", "cerca", "de", "a", "<unk>"}));
  EXPECT_EQ(all.alignment, p.alignment);

  UnknownWordMasker none(0.0f, 5);
  auto task = tasks::translation_task(1);
  for (int i = 0; i < 500; ++i) {
    const corpus::SentencePair drawn = task->next();
    corpus::SentencePair masked = drawn;
    none.mask(masked);
    ASSERT_EQ(masked.source, drawn.source);
    ASSERT_EQ(masked.target, drawn.target);
  }
}

TEST(UnknownWords, MaskingIsSeededAndMasksAboutTheRate) {
  auto masked_words = [](std::uint64_t seed) {
    UnknownWordMasker masker(0.25f, seed);
    auto task = tasks::translation_task(1);
    std::vector<std::string> words;
    std::size_t maskable = 0, masked = 0;
    for (int i = 0; i < 2000; ++i) {
      corpus::SentencePair p = task->next();
      maskable += maskable_words(p).size();
      masker.mask(p);
      masked += static_cast<std::size_t>(std::count(p.source.begin(), p.source.end(), "<unk>"));
      words.insert(words.end(), p.source.begin(), p.source.end());
    }
    EXPECT_NEAR(static_cast<double>(masked) / static_cast<double>(maskable), 0.25, 0.02);
    return words;
  };
  EXPECT_EQ(masked_words(9), masked_words(9));
  EXPECT_NE(masked_words(9), masked_words(10));
}

TEST(UnknownWords, NewModelsHaveTheTokenOnlyWhenAskedAndTheWeightFileKeepsIt) {
  const TranslationModel plain = new_translation_model(tiny_model_config(), 5);
  EXPECT_FALSE(has_unknown_token(plain));
  EXPECT_EQ(plain.source.word(1), corpus::english_words().front());  // as before: the shipped recipe is unchanged

  const TranslationModel m = new_translation_model(tiny_model_config(), 5, true);
  ASSERT_TRUE(has_unknown_token(m));
  EXPECT_EQ(m.source.words()[kSourceEnd], "<eos>");
  EXPECT_EQ(m.source.words()[kSourceUnknown], "<unk>");
  EXPECT_EQ(m.target.words()[kTargetBegin], "<bos>");
  EXPECT_EQ(m.target.words()[kTargetEnd], "<eos>");
  EXPECT_EQ(m.target.words()[kTargetUnknown], "<unk>");
  EXPECT_EQ(m.config.source_vocabulary, plain.config.source_vocabulary + 1);
  EXPECT_EQ(m.config.target_vocabulary, plain.config.target_vocabulary + 1);
  EXPECT_EQ(grammar_language(m), corpus::Language::spanish);

  // "<unk>" is a word of the vocabularies: the file format (version 1 here) needs nothing new.
  const auto bytes = save_weights(m);
  EXPECT_EQ(bytes[4], 1);
  const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  EXPECT_TRUE(has_unknown_token(*loaded.model));
  EXPECT_EQ(grammar_language(*loaded.model), corpus::Language::spanish);
}

TEST(UnknownWords, TheTrainersRateIsCheckedAndGivesTheModelItsToken) {
  check::TrainerRequest r;
  r.numbers = {1, 1, 10, 4, 0.01, 0, 16, 2, 16, 1, 1, 2};
  r.task = "en-es";
  r.unknown_word_rate = 0.1;
  const check::TrainerSetup setup = check::trainer_setup(r);
  ASSERT_FALSE(setup.error) << setup.error.message;
  EXPECT_TRUE(setup.unknown_token);
  EXPECT_FLOAT_EQ(setup.options.unknown_word_rate, 0.1f);
  EXPECT_FALSE(check::trainer_setup({r.numbers, "en-es"}).unknown_token);  // 0 by default: no <unk>

  auto refused = [&](double rate, const std::string& task) {
    check::TrainerRequest bad = r;
    bad.unknown_word_rate = rate, bad.task = task;
    const check::TrainerSetup s = check::trainer_setup(bad);
    EXPECT_FALSE(s.task);
    return s.error.message;
  };
  EXPECT_EQ(refused(1.5, "en-es"), "unknownWordRate must be a number from 0 to 1, got 1.5");
  EXPECT_EQ(refused(NAN, "reverse"), "unknownWordRate must be a number from 0 to 1, got nan");
  EXPECT_NE(refused(0.1, "pairs").find("needs a task with word alignments"), std::string::npos);
}

TEST(UnknownWords, ARateWithoutTheTokenChangesNothingAndShardsDoNotMatter) {
  TrainingOptions o;
  o.steps = 6, o.batch = 12, o.warmup = 2;
  TranslationModel plain = new_translation_model(tiny_model_config(), 3), ignored = plain;
  train(plain, o, reference_kernels());
  o.unknown_word_rate = 0.5f;
  train(ignored, o, reference_kernels());
  EXPECT_EQ(plain.parameters, ignored.parameters);

  TranslationModel one = new_translation_model(tiny_model_config(), 3, true), two = one, unmasked = one;
  o.threads = 1;
  train(one, o, reference_kernels());
  o.threads = 2;
  train(two, o, reference_kernels());
  EXPECT_EQ(one.parameters, two.parameters);
  o.unknown_word_rate = 0;
  train(unmasked, o, reference_kernels());
  EXPECT_NE(one.parameters, unmasked.parameters);
}

// Two decoder layers, two heads, three target rows, four source columns (the last <eos>).
TEST(UnknownWords, CopiesTheCandidateTheLastLayerAveragedOverHeadsWeighsMost) {
  const std::size_t layers = 2, heads = 2, rows = 3, cols = 4;
  std::vector<float> cross(layers * heads * rows * cols, 0.0f);
  auto set = [&](std::size_t l, std::size_t h, std::size_t r, std::vector<float> weights) {
    std::copy(weights.begin(), weights.end(),
              cross.begin() + static_cast<std::ptrdiff_t>(((l * heads + h) * rows + r) * cols));
  };
  set(0, 0, 0, {0.0f, 0.0f, 1.0f, 0.0f});  // the first layer is not read
  set(0, 1, 0, {0.0f, 0.0f, 1.0f, 0.0f});
  set(1, 0, 0, {0.6f, 0.3f, 0.1f, 0.0f});  // head 0 prefers word 0 ...
  set(1, 1, 0, {0.0f, 0.7f, 0.0f, 0.3f});  // ... but averaged, word 1 (0.5) beats word 0 (0.3)
  set(1, 0, 2, {0.1f, 0.1f, 0.2f, 0.6f});  // <eos> weighs most, yet is never copied: word 2
  set(1, 1, 2, {0.1f, 0.1f, 0.2f, 0.6f});
  const int unk = kTargetUnknown, known = 7;
  // A sentence the model read whole: every word is a candidate.
  EXPECT_EQ(copy_candidates({5, 6, 8, kSourceEnd}), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(copy_unknown_words(cross, layers, heads, {5, 6, 8, kSourceEnd}, {unk, known, unk}, unk),
            (std::vector<int>{1, -1, 2}));
  // Words read as <unk> are the only candidates: row 0 weighs word 0 (0.3) above word 2 (0.05).
  const std::vector<int> source = {kSourceUnknown, 6, kSourceUnknown, kSourceEnd};
  EXPECT_EQ(copy_candidates(source), (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(copy_unknown_words(cross, layers, heads, source, {unk, known, unk}, unk), (std::vector<int>{0, -1, 2}));
  EXPECT_EQ(copy_source(cross.data(), heads, rows * cols, copy_candidates({kSourceEnd})), -1);  // no word at all
}

// A fresh model told to say <unk> at every step: each output word is the source word copy_unknown_words picks
// from the translation's own maps; the unknown words are reported with suggestions, not refused.
TEST(UnknownWords, TranslationsCopyEveryOutputUnkAndReportTheUnknownWords) {
  // An untrained model of the first lexicon's size (kTrainingTestVocabulary): its beam below keeps the all-<unk>
  // hypothesis as greedy decoding does (with the whole lexicon's 2,800 target words, this seed's second hypothesis,
  // "diles …", outlives it).
  const auto task = tasks::translation_task(1, corpus::Language::spanish, corpus::kMaxEnglishWords,
                                            attn::testing::kTrainingTestVocabulary);
  TranslationModel m = new_model(tiny_model_config(), 11, *task, true);
  m.parameters[ParameterLayout(m.config).output.b + kTargetUnknown] = 100.0f;
  Translator t(m, reference_kernels());
  const TranslateResult r = t.translate("the dgo sees a zebra");
  ASSERT_TRUE(r.translation) << r.error->message;
  const Translation& x = *r.translation;
  EXPECT_EQ(x.unknown_words, (std::vector<std::string>{"dgo", "zebra"}));
  EXPECT_EQ(x.readings[0].kind, corpus::WordKind::misspelling);
  EXPECT_EQ(x.readings[0].suggestions.front(), "dog");
  ASSERT_EQ(x.target.size(), std::min<std::size_t>(kMaxTargetTokens, m.config.max_positions));  // never <eos>
  const std::vector<int> unknowns(x.target.size(), kTargetUnknown);
  const std::vector<int> source = {m.source.id("the"), kSourceUnknown, m.source.id("sees"),
                                   m.source.id("a"),   kSourceUnknown, kSourceEnd};
  EXPECT_EQ(x.copied_from,
            copy_unknown_words(x.cross_attention, x.layers_decoder, x.heads, source, unknowns, kTargetUnknown));
  for (std::size_t i = 0; i < x.target.size(); ++i) {
    ASSERT_TRUE(x.copied_from[i] == 1 || x.copied_from[i] == 4);  // the unknown words only
    EXPECT_EQ(x.target[i], x.source[static_cast<std::size_t>(x.copied_from[i])]);
  }

  // Beam search copies as greedy decoding does, in every hypothesis it keeps.
  Decoding beam;
  beam.beam = 2;
  const Translation b = t.translate_words(tokenize("the dgo sees a zebra"), 1.0f, 4, beam);
  ASSERT_TRUE(b.beam);
  for (const auto& step : b.beam->steps)
    for (const BeamHypothesis& h : step) {
      if (h.token != kTargetUnknown) continue;
      ASSERT_TRUE(h.copied_from == 1 || h.copied_from == 4);
      EXPECT_EQ(h.word, x.source[static_cast<std::size_t>(h.copied_from)]);
    }
  EXPECT_EQ(b.target, std::vector<std::string>(x.target.begin(), x.target.begin() + 4));

  // Attribution forces the greedy output, copied words and all, back in: they are fed as <unk>.
  const attribution::Attribution a = attribution::attribute(t, tokenize("the dgo sees a zebra"), 1.0f);
  EXPECT_EQ(a.target.front(), "<unk>");
  for (double d : a.removal) EXPECT_TRUE(std::isfinite(d));

  // Teacher forcing copies nothing: a forced word outside the vocabulary is fed, and shown, as <unk>.
  Decoding forced;
  forced.forced_target = std::vector<std::string>{"el", "zebra"};
  const TranslateResult f = t.translate("the dog sees a zebra", 1.0f, forced);
  ASSERT_TRUE(f.translation);
  EXPECT_EQ(f.translation->target, (std::vector<std::string>{"el", "<unk>", "<eos>"}));
  EXPECT_EQ(f.translation->copied_from, (std::vector<int>{-1, -1, -1}));
}

// A model made without "<unk>" (every file before it, and a trainer's model without unknownWordRate).
TEST(UnknownWords, ModelsWithoutTheTokenStillRefuseUnknownWords) {
  Translator t(new_translation_model(tiny_model_config(), 5), reference_kernels());
  EXPECT_FALSE(has_unknown_token(t.model()));
  const TranslateResult r = t.translate("the dog sees the zebra");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, TranslateError::Kind::unknown_words);
  EXPECT_EQ(r.error->unknown_words, (std::vector<std::string>{"zebra"}));
  const TranslateResult known = t.translate("the dog sees the cat");
  ASSERT_TRUE(known.translation);
  EXPECT_TRUE(known.translation->copied_from.empty());
  EXPECT_TRUE(known.translation->unknown_words.empty());
}

// The shipped models carry unknown words: "john eats the apple" with a name not in the lexicon.
TEST(UnknownWords, TheShippedModelsCarryAWordTheyHaveNeverSeen) {
  for (const char* name : {"en-es", "en-ja", "en-mr"}) {
    std::ifstream in(std::string(ATTN_SOURCE_DIR "/web/lib/models/") + name + ".bin", std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    Translator t(*load_weights(bytes.data(), bytes.size()).model, reference_kernels());
    ASSERT_TRUE(has_unknown_token(t.model())) << name;
    const TranslateResult r = t.translate("the dog sees zorblax");
    ASSERT_TRUE(r.translation) << name;
    EXPECT_EQ(r.translation->unknown_words, std::vector<std::string>{"zorblax"}) << name;
    EXPECT_NE(std::find(r.translation->target.begin(), r.translation->target.end(), "zorblax"),
              r.translation->target.end())
        << name << ": the made-up word is copied into the translation";
  }
}

// A small model briefly trained with masking (on the commonest 141 words: kTrainingTestVocabulary): made-up words
// come out copied where the reference has the word they replace in 246 of 399 held-out sentences here (one, "thank
// you", has no word with exactly one aligned target word), in about 3 s on two threads. 400, not 200: the first 200 of
// a set drawn with the greetings happened to be harder (121-132 placed). On data seeds 1-5: 246-275 placed (mean
// 264); drawn without the greetings, 268-291 of 400 (mean 278): the greetings' 1.5% of the mix cost this small,
// briefly trained model about 3 points (13 ± 6 sentences of 400, paired by seed). The shipped recipe's shape trained
// as `npm run train` does, with --unk-rate 0.1, placed 948 of 1,000 on the older grammar (docs/api.md).
TEST(UnknownWords, ATrainedModelCopiesWordsItHasNeverSeen) {
  constexpr std::size_t vocabulary = attn::testing::kTrainingTestVocabulary;
  TrainingOptions o;
  o.steps = 1000, o.batch = 32, o.learning_rate = 1e-2f, o.warmup = 100, o.unknown_word_rate = 0.1f;
  o.report_every = o.steps;
  auto task = tasks::translation_task(o.data_seed, corpus::Language::spanish, corpus::kMaxEnglishWords, vocabulary);
  TranslationModel m = new_model(tiny_model_config(), 7, *task, true);
  train(m, o, fast_kernels(), std::move(task));
  Translator t(std::move(m), fast_kernels());
  const CopyEvaluation e = evaluate_copying(
      t, corpus::held_out_set(400, 2, corpus::Language::spanish, corpus::kMaxEnglishWords, vocabulary));
  EXPECT_EQ(e.sentences, 399u);
  EXPECT_GE(e.placed, 235u);
  EXPECT_GE(e.copied, e.placed);
  std::printf("made-up word copied to its place in %zu of %zu, sentence exact %zu\n", e.placed, e.sentences, e.exact);
}

}  // namespace
}  // namespace attn::model
