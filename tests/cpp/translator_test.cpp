// The translation model as shipped: weight file round trip and refusals, deterministic training that
// learns, decoding, errors for bad input, and the shipped model's held-out accuracy.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "attn/training.h"
#include "model_test_util.h"
#include "test_util.h"

namespace attn::model {
namespace {

using attn::testing::tiny_model_config;

std::vector<std::uint8_t> shipped_model_bytes(const std::string& name = "en-es") {
  std::ifstream in(ATTN_SOURCE_DIR "/web/lib/models/" + name + ".bin", std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

float through_half(float x) {  // what a value becomes after a save and a load
  TranslationModel m = new_translation_model(tiny_model_config(), 1);
  m.parameters[0] = x;
  const auto bytes = save_weights(m);
  return load_weights(bytes.data(), bytes.size()).model->parameters[0];
}

TEST(WeightFile, RoundTripKeepsEverythingAndRoundsToHalf) {
  const TranslationModel m = new_translation_model(tiny_model_config(), 5);
  const auto bytes = save_weights(m);
  const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  EXPECT_EQ(loaded.model->source.words(), m.source.words());
  EXPECT_EQ(loaded.model->target.words(), m.target.words());
  EXPECT_EQ(loaded.model->config.d_model, 16u);
  EXPECT_EQ(loaded.model->config.target_vocabulary, m.config.target_vocabulary);
  ASSERT_EQ(loaded.model->parameters.size(), m.parameters.size());
  for (std::size_t i = 0; i < m.parameters.size(); ++i) {
    // float16 keeps 11 significant bits: relative error ≤ 2^-11 for normal values
    ASSERT_NEAR(loaded.model->parameters[i], m.parameters[i], std::fabs(m.parameters[i]) * 0x1p-11f + 0x1p-24f) << i;
  }
  EXPECT_EQ(save_weights(*loaded.model), bytes) << "saving what was loaded must give the same bytes";
}

TEST(WeightFile, HalfPrecisionRoundsToNearestEven) {
  EXPECT_EQ(through_half(1.0f), 1.0f);
  EXPECT_EQ(through_half(1.0f + 0x1p-11f), 1.0f);                // halfway: to even (down)
  EXPECT_EQ(through_half(1.0f + 3 * 0x1p-11f), 1.0f + 0x1p-9f);  // halfway: to even (up)
  EXPECT_EQ(through_half(-2.5f), -2.5f);
  EXPECT_EQ(through_half(65504.0f), 65504.0f);
  EXPECT_EQ(through_half(0x1p-24f), 0x1p-24f);  // smallest subnormal
  EXPECT_EQ(through_half(0x1p-26f), 0.0f);
  EXPECT_EQ(through_half(3e-5f), 503 * 0x1p-24f);  // a subnormal: 3e-5 = 503.3 steps of 2^-24
}

TEST(WeightFile, RefusesForeignCorruptedTruncatedAndNewerFiles) {
  const auto good = save_weights(new_translation_model(tiny_model_config(), 5));
  auto refused = [](std::vector<std::uint8_t> bytes) {
    const LoadedModel m = load_weights(bytes.data(), bytes.size());
    EXPECT_FALSE(m.model);
    return m.error;
  };
  const std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};
  EXPECT_NE(refused(png).find("not an attention-playground model"), std::string::npos);
  EXPECT_NE(refused({}).find("not an attention-playground model"), std::string::npos);

  auto flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;
  EXPECT_NE(refused(flipped).find("checksum mismatch"), std::string::npos);

  auto truncated = good;
  truncated.resize(good.size() - 100);
  EXPECT_NE(refused(truncated).find("checksum mismatch"), std::string::npos);

  auto newer = good;
  newer[4] = 5;
  EXPECT_NE(refused(newer).find("format version 5, but this build reads versions 1 to 4"), std::string::npos);
}

// The block encodings: 8-bit values in blocks of 64 and 4-bit values (the shipped models) in blocks of 32, two to
// a byte, each block with a float16 scale; version 4.
TEST(WeightFile, BlockEncodingsKeepEachValueWithinHalfAStepAndReadBackTheSame) {
  struct Format {
    WeightEncoding encoding;
    std::size_t block;
    float largest;
  };
  for (const Format f : {Format{WeightEncoding::int8_blocks, kWeightBlock, 127},
                         Format{WeightEncoding::int4_blocks, kWeight4Block, 7}}) {
    SCOPED_TRACE(static_cast<int>(f.encoding));
    TranslationModel m = new_translation_model(tiny_model_config(), 5);
    m.parameters[3] = 0;  // a block's values need not be nonzero; a block of zeros has scale 0
    std::fill(m.parameters.begin() + f.block, m.parameters.begin() + 2 * f.block, 0.0f);
    const std::vector<std::uint8_t> bytes = save_weights(m, f.encoding);
    EXPECT_EQ(bytes[4], 4) << "block parameters need version 4";
    const std::size_t count = m.parameters.size(), blocks = (count + f.block - 1) / f.block;
    const std::size_t values = f.largest == 127 ? count : count / f.block * (f.block / 2) + (count % f.block + 1) / 2;
    // A version-1 file's bytes, less its two bytes a parameter, plus the values, the scales and version 4's
    // three header words.
    EXPECT_EQ(bytes.size(), save_weights(m).size() - 2 * count + values + 2 * blocks + 12);
    const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
    ASSERT_TRUE(loaded.model) << loaded.error;
    EXPECT_EQ(loaded.encoding, f.encoding);
    EXPECT_EQ(loaded.model->config.key_value_heads(), m.config.heads);
    const std::vector<float>& read = loaded.model->parameters;
    for (std::size_t start = 0; start < count; start += f.block) {
      const std::size_t end = std::min(count, start + f.block);
      float largest = 0;
      for (std::size_t i = start; i < end; ++i) largest = std::max(largest, std::fabs(m.parameters[i]));
      const float step = largest / f.largest;
      if (f.largest == 127) {  // 8 bits: the largest value's scale, every value within half a step
        for (std::size_t i = start; i < end; ++i) ASSERT_NEAR(read[i], m.parameters[i], step * 0.51f + 1e-7f) << i;
        continue;
      }
      // 4 bits: the scale searched is never worse, in squared error, than the largest value's (one of its candidates).
      double searched = 0, widest = 0;
      for (std::size_t i = start; i < end; ++i) {
        const float q = step > 0 ? std::clamp(std::nearbyint(m.parameters[i] / step), -7.0f, 7.0f) : 0.0f;
        searched += std::pow(read[i] - m.parameters[i], 2);
        widest += std::pow(q * step - m.parameters[i], 2);
      }
      // (The file's scales are float16: a relative error of 2^-11 each, here unrounded.)
      const double half_rounding = std::pow(largest * 1e-3, 2) * static_cast<double>(end - start);
      ASSERT_LE(searched, widest * 1.01 + half_rounding) << "block at " << start;
    }
    EXPECT_EQ(read[3], 0.0f);
    if (f.largest == 7) {  // the first block's first byte: its first value in the low nibble, the second in the high
      const std::size_t first = bytes.size() - 4 - values - 2 * blocks + 2;
      const auto level = [&](std::size_t i) {
        float largest = 0;
        for (std::size_t j = 0; j < f.block; ++j) largest = std::max(largest, std::fabs(read[j]));
        return static_cast<int>(std::nearbyint(read[i] / (largest / 7)));
      };
      EXPECT_EQ(bytes[first], ((level(0) & 0xF) | ((level(1) & 0xF) << 4)));
    }
    EXPECT_EQ(save_weights(*loaded.model, f.encoding), bytes) << "a second save changes nothing";
  }
}

// What quantization-aware training computes its gradients at is what a file gives back, bit for bit, in every
// encoding (a block of zeros included).
TEST(WeightFile, StoredValuesAreWhatTheFileGivesBack) {
  TranslationModel m = new_translation_model(tiny_model_config(), 6);
  std::fill(m.parameters.begin(), m.parameters.begin() + kWeight4Block, 0.0f);
  for (const WeightEncoding encoding :
       {WeightEncoding::float16, WeightEncoding::int8_blocks, WeightEncoding::int4_blocks}) {
    SCOPED_TRACE(static_cast<int>(encoding));
    const std::vector<std::uint8_t> bytes = save_weights(m, encoding);
    const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
    ASSERT_TRUE(loaded.model) << loaded.error;
    std::vector<float> stored;
    stored_values(m.parameters, encoding, stored);
    EXPECT_EQ(stored, loaded.model->parameters);
  }
}

TEST(WeightFile, BlockFilesRefuseAnUnknownEncodingAndAWrongLength) {
  const auto good = save_weights(new_translation_model(tiny_model_config(), 5), WeightEncoding::int8_blocks);
  const auto with_checksum = [](std::vector<std::uint8_t> bytes) {
    bytes.resize(bytes.size() - 4);
    const std::uint32_t crc = weight_file_checksum(bytes.data(), bytes.size());
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(crc >> (8 * i)));
    return load_weights(bytes.data(), bytes.size()).error;
  };
  auto encoding = good;
  encoding[4 + 4 * 9] = 7;  // after the version, six dimensions, the flags and the key/value heads
  EXPECT_NE(with_checksum(encoding).find("unknown parameter encoding 7"), std::string::npos);
  auto float16 = good;
  float16[4 + 4 * 9] = 0;  // the same bytes read as float16 parameters: too few
  EXPECT_NE(with_checksum(float16).find("its length does not match its header"), std::string::npos);
  auto four_bits = good;
  four_bits[4 + 4 * 9] = 2;  // read as 4-bit blocks: too many bytes
  EXPECT_NE(with_checksum(four_bits).find("its length does not match its header"), std::string::npos);
}

TEST(Training, IsDeterministicWhateverTheThreadCount) {
  TrainingOptions o;
  o.steps = 8, o.batch = 12, o.report_every = 4;
  TranslationModel one = new_translation_model(tiny_model_config(), 3), two = one;
  o.threads = 1;
  train(one, o, fast_kernels());
  o.threads = 2;
  train(two, o, fast_kernels());
  EXPECT_EQ(one.parameters, two.parameters);
  EXPECT_NE(one.parameters, new_translation_model(tiny_model_config(), 3).parameters);
}

// The shipped configuration, trained briefly: the loss per target token starts near ln(vocabulary) ≈ 6.7
// and must fall below 1.5 within 600 steps (1.08 in 10 s here with 2 threads; the test allows 60 s). The grammar
// of 344 English words and 788 Spanish ones needs about 4,000 steps to translate exactly (docs/models.md).
TEST(Training, LossFallsWithinAMinute) {
  TrainingOptions o;
  o.steps = 600, o.time_limit_seconds = 60, o.report_every = 100;
  auto task = tasks::translation_task(o.data_seed, corpus::Language::spanish, corpus::kMaxEnglishWords,
                                      attn::testing::kTrainingTestVocabulary);
  TranslationModel m = new_model(Config{}, 7, *task);
  const TrainingReport report = train(m, o, fast_kernels(), std::move(task));
  EXPECT_GT(report.first_loss_per_token, 3.0);
  EXPECT_LT(report.final_loss_per_token, 1.5) << "after " << report.steps << " steps, " << report.seconds << " s";
  std::printf("loss per token %.3f -> %.4f in %zu steps, %.1f s\n", report.first_loss_per_token,
              report.final_loss_per_token, report.steps, report.seconds);
}

TEST(Translator, FastAndReferenceKernelsDecodeAlike) {
  LoadedModel loaded = load_weights(shipped_model_bytes().data(), shipped_model_bytes().size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  if (grammar_language(*loaded.model) != corpus::Language::spanish)
    GTEST_SKIP() << "en-es.bin" << testing::kPredatesTheGrammar;
  Translator fast(*loaded.model, fast_kernels()), reference(*loaded.model, reference_kernels());
  for (const auto& pair : corpus::held_out_set(50, 2)) {
    const Translation a = fast.translate_words(pair.source), b = reference.translate_words(pair.source);
    ASSERT_EQ(a.target, b.target);
    EXPECT_TRUE(attn::testing::near_all(a.cross_attention, b.cross_attention, 1e-4, 1e-3));
    EXPECT_TRUE(attn::testing::near_all(a.encoder_self, b.encoder_self, 1e-4, 1e-3));
  }
}

TEST(Translator, MapsHaveOneRowPerProducedTokenAndRowsSumToOne) {
  const auto bytes = shipped_model_bytes();
  Translator t(*load_weights(bytes.data(), bytes.size()).model, fast_kernels());
  const TranslateResult r = t.translate("The big dog sees the white cats.");
  ASSERT_TRUE(r.translation);
  const Translation& x = *r.translation;
  EXPECT_EQ(corpus::join(x.target), "el perro grande ve a los gatos blancos <eos>");
  const std::size_t s = x.source.size(), n = x.target.size(), maps = x.layers_decoder * x.heads;
  EXPECT_EQ(s, 8u);
  ASSERT_EQ(x.cross_attention.size(), maps * n * s);
  ASSERT_EQ(x.decoder_self.size(), maps * n * n);
  ASSERT_EQ(x.encoder_self.size(), x.layers_encoder * x.heads * s * s);
  for (std::size_t row = 0; row < maps * n; ++row) {
    double sum = 0;
    for (std::size_t j = 0; j < s; ++j) sum += x.cross_attention[row * s + j];
    EXPECT_NEAR(sum, 1.0, 1e-5);
    // causal: the query producing word t sees decoder inputs 0..t only
    for (std::size_t j = row % n + 1; j < n; ++j) EXPECT_EQ(x.decoder_self[row * n + j], 0.0f);
  }
}

// Decoding step t sees only the prefix, so a translation cut short equals the prefix of the full one.
TEST(Translator, EachStepsMapsAreTheFinalMapsRows) {
  const auto bytes = shipped_model_bytes();
  TranslationModel model = *load_weights(bytes.data(), bytes.size()).model;
  Transformer transformer(model.config, fast_kernels());
  Translator translator(model, fast_kernels());
  const Translation full = translator.translate_words({"maria", "loves", "the", "cat"});
  const std::vector<int> source = {model.source.id("maria"), model.source.id("loves"), model.source.id("the"),
                                   model.source.id("cat"), kSourceEnd};
  const std::size_t n = full.target.size(), s = source.size();
  std::vector<int> prefix = {kTargetBegin};
  for (std::size_t step = 1; step < n; ++step) {
    Activations act;
    transformer.forward(model.parameters.data(), source, prefix, 1.0f, act);
    for (std::size_t h = 0; h < model.config.heads; ++h)
      for (std::size_t row = 0; row < prefix.size(); ++row)
        for (std::size_t j = 0; j < s; ++j)
          EXPECT_NEAR(
              act.decoder.back().cross_attention.weights[(h * prefix.size() + row) * s + j],
              full.cross_attention[(((model.config.decoder_layers - 1) * model.config.heads + h) * n + row) * s + j],
              1e-5);
    prefix.push_back(model.target.id(full.target[step - 1]));
  }
}

// A model without "<unk>" refuses unknown words and says which (the shipped models carry them: unknown_words_test).
TEST(Translator, ExplainsBadInput) {
  Translator t(new_translation_model(tiny_model_config(), 5), fast_kernels());
  TranslateResult r = t.translate("the dgo sees the zebra");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, TranslateError::Kind::unknown_words);
  EXPECT_EQ(r.error->unknown_words, (std::vector<std::string>{"dgo", "zebra"}));
  EXPECT_EQ(r.error->readings[0].suggestions.front(), "dog");
  EXPECT_NE(r.error->message.find("'dgo' (misspelling: dog"), std::string::npos) << r.error->message;

  r = t.translate("the dog sees the cat the dog sees the cat the dog sees");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, TranslateError::Kind::too_long);
  EXPECT_EQ(r.error->message, "the sentence has 13 words; the model reads at most 12");
  EXPECT_EQ(r.error->words, 13u);
  EXPECT_EQ(r.error->limit, 12u);

  r = t.translate(" ?! ");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->kind, TranslateError::Kind::empty);

  EXPECT_TRUE(t.translate("Ana sleeps!").translation);  // and it still works
}

// The acceptance bar: ≥ 93% of 1,000 held-out sentences exactly (the grammar of 344 words, 4-bit weights:
// docs/models.md), the best head aligning ≥ 80% of words. It was 95% before issue 62's sentence mix, whose held-out
// sentences are harder (more commands that give something): on them this model scores 93.6% with these kernels, the
// model shipped before it 92.2%.
TEST(Translator, ShippedModelTranslatesHeldOutSentences) {
  const auto bytes = shipped_model_bytes();
  Translator t(*load_weights(bytes.data(), bytes.size()).model, fast_kernels());
  if (grammar_language(t.model()) != corpus::Language::spanish)
    GTEST_SKIP() << "en-es.bin" << testing::kPredatesTheGrammar;
  const Evaluation e = evaluate(t, corpus::held_out_set(1000, 2));
  EXPECT_GE(e.accuracy(), 0.93);
  EXPECT_GE(e.best_alignment_share(), 0.80);
  std::printf("held-out exact %.1f%%, best head alignment %.1f%%\n", 100 * e.accuracy(),
              100 * e.best_alignment_share());
}

// The same for English → Japanese, whose verb moves to the end: ≥ 98% exact, the best head aligning ≥ 85%.
TEST(Translator, ShippedJapaneseModelTranslatesHeldOutSentences) {
  const auto bytes = shipped_model_bytes("en-ja");
  Translator t(*load_weights(bytes.data(), bytes.size()).model, fast_kernels());
  if (grammar_language(t.model()) != corpus::Language::japanese)
    GTEST_SKIP() << "en-ja.bin" << testing::kPredatesTheGrammar;
  const Evaluation e = evaluate(t, corpus::held_out_set(1000, 2, corpus::Language::japanese));
  EXPECT_GE(e.accuracy(), 0.98);
  EXPECT_GE(e.best_alignment_share(), 0.85);
  std::printf("en-ja: held-out exact %.1f%%, best head alignment %.1f%%\n", 100 * e.accuracy(),
              100 * e.best_alignment_share());
}

// English → Marathi, verb last, with 1,075 target words (every case form a word): ≥ 91% exact (4 bits cost it
// most: 97.4% in 8 bits, docs/models.md; 93% before issue 62's sentence mix, on whose held-out sentences this model
// scores 91.2% with these kernels and the one shipped before it 88.7%), the best head aligning ≥ 85%; and the
// lecture's own example.
TEST(Translator, ShippedMarathiModelTranslatesHeldOutSentences) {
  const auto bytes = shipped_model_bytes("en-mr");
  Translator t(*load_weights(bytes.data(), bytes.size()).model, fast_kernels());
  if (grammar_language(t.model()) != corpus::Language::marathi)
    GTEST_SKIP() << "en-mr.bin" << testing::kPredatesTheGrammar;
  const Evaluation e = evaluate(t, corpus::held_out_set(1000, 2, corpus::Language::marathi));
  EXPECT_GE(e.accuracy(), 0.91);
  EXPECT_GE(e.best_alignment_share(), 0.85);
  EXPECT_EQ(corpus::join(t.translate_words({"give", "me", "the", "book"}).target), "मला पुस्तक दे <eos>");
  std::printf("en-mr: held-out exact %.1f%%, best head alignment %.1f%%\n", 100 * e.accuracy(),
              100 * e.best_alignment_share());
}

}  // namespace
}  // namespace attn::model
