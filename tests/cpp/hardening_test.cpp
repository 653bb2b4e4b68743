// Regression tests for what the sanitizers and fuzzers (tests/fuzz) found: each failed, or was undefined
// behaviour under UBSan, before its fix.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "attn/attention.h"
#include "attn/call_checks.h"
#include "attn/language_model_setup.h"
#include "attn/trainer_setup.h"
#include "attn/translator.h"
#include "model_test_util.h"

namespace attn {
namespace {

// Little-endian words, as the weight file stores them.
void put_u32(std::vector<std::uint8_t>& bytes, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// A version-1 header with these dimensions and minimal vocabularies (plus `extra_words` one-letter source
// words), claiming `count` parameters, followed by `payload` bytes and a correct checksum.
std::vector<std::uint8_t> forged_file(std::uint32_t d_model, std::uint32_t ffn, std::uint32_t layers,
                                      std::uint32_t count, std::size_t payload, std::uint32_t extra_words = 0,
                                      std::vector<std::string> target = {"<bos>", "<eos>", "x"}) {
  std::vector<std::uint8_t> bytes = {'A', 'P', 'T', 'M'};
  put_u32(bytes, 1);
  for (std::uint32_t v : {d_model, 2u, ffn, layers, layers, 16u}) put_u32(bytes, v);
  auto vocabulary = [&](std::vector<std::string> words) {
    put_u32(bytes, static_cast<std::uint32_t>(words.size()));
    for (const auto& w : words) {
      bytes.push_back(static_cast<std::uint8_t>(w.size()));
      bytes.insert(bytes.end(), w.begin(), w.end());
    }
  };
  std::vector<std::string> source = {"<eos>"};
  for (std::uint32_t i = 0; i < extra_words; ++i) source.push_back(std::to_string(i));
  vocabulary(source);
  vocabulary(target);
  put_u32(bytes, count);
  bytes.resize(bytes.size() + payload, 0);
  put_u32(bytes, model::weight_file_checksum(bytes.data(), bytes.size()));
  return bytes;
}

// Found by weights_fuzzer: a small file whose header claimed the largest dimensions made the reader allocate
// the claimed parameters (over 3 GB for this one) before noticing the file held none of them.
TEST(Hardening, WeightFileClaimingAHugeModelIsRefusedBeforeAllocating) {
  model::Config c;
  c.d_model = 1024, c.heads = 2, c.ffn = 8192, c.encoder_layers = 16, c.decoder_layers = 16, c.max_positions = 16;
  c.source_vocabulary = 2001, c.target_vocabulary = 3;
  const std::uint32_t claimed = static_cast<std::uint32_t>(model::ParameterLayout(c).count);
  ASSERT_GT(claimed, 500'000'000u);
  const auto bytes = forged_file(1024, 8192, 16, claimed, 0, 2000);
  const model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
  ASSERT_FALSE(loaded.model);
  EXPECT_NE(loaded.error.find("the limit is 16777216"), std::string::npos) << loaded.error;
}

// A claim within the limit but longer than the file: refused by length, before the parameters are read.
TEST(Hardening, WeightFileShorterThanItsParameterCountIsRefused) {
  model::Config c;
  c.d_model = 8, c.heads = 2, c.ffn = 8, c.encoder_layers = 1, c.decoder_layers = 1, c.max_positions = 16;
  c.source_vocabulary = 1, c.target_vocabulary = 3;
  const auto count = static_cast<std::uint32_t>(model::ParameterLayout(c).count);
  const auto bytes = forged_file(8, 8, 1, count, 10);
  const model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
  ASSERT_FALSE(loaded.model);
  EXPECT_NE(loaded.error.find("parameters need " + std::to_string(2 * count) + " bytes, 10 follow"), std::string::npos)
      << loaded.error;
}

// Found by weights_fuzzer (ASan: SEGV in memcmp): a target vocabulary of one word was asked for its <eos> at
// index 1, past its end.
TEST(Hardening, TargetVocabularyWithoutRoomForEosIsRefused) {
  const auto bytes = forged_file(8, 8, 1, 0, 0, 0, {"<bos>"});
  const model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
  ASSERT_FALSE(loaded.model);
  EXPECT_EQ(loaded.error, "not a usable model file: its target vocabulary has 1 word; it needs <bos> and <eos> first");
}

// Found by call_checks_fuzzer (UBSan: 1e+300 outside the range of unsigned long): the default scale converted
// a key width of 1e300 to size_t before the memory budget had bounded the sizes.
TEST(Hardening, HugeWidthsMeetTheBudgetBeforeTheDefaultScale) {
  const check::MatrixArg huge{"q", 1, 1e300, 1e300};
  double scale = 0;
  check::Error error = check::attention_call({huge, {"k", 1, 1e300, 1e300}, {"v", 1, 1, 1}, {}, {}, 1, true}, scale);
  EXPECT_NE(error.message.find("attention request too large"), std::string::npos) << error.message;
  error = check::logits_call({huge, {"k", 1, 1e300, 1e300}, {}, {}, 1}, scale);
  EXPECT_NE(error.message.find("logits request too large"), std::string::npos) << error.message;
  // D = 1e300: its weight matrices hold D² = infinity values, which a double cannot tell from D·D.
  auto weight = [](const char* name) { return check::MatrixArg{name, 1e300, 1e300, INFINITY}; };
  error = check::multi_head_call({huge,
                                  {"xkv", 1, 1e300, 1e300},
                                  weight("wq"),
                                  weight("wk"),
                                  weight("wv"),
                                  weight("wo"),
                                  {},
                                  {},
                                  {},
                                  {},
                                  1,
                                  1,
                                  {},
                                  {},
                                  1},
                                 scale);
  EXPECT_NE(error.message.find("multiHeadAttention request too large"), std::string::npos) << error.message;
}

// Found by trainer_setup_fuzzer (UBSan: inf outside the range of unsigned long): the sequence lengths were
// converted for every task, though only the sequence tasks check them.
TEST(Hardening, OtherTasksIgnoreUncheckedSequenceLengths) {
  check::TrainerRequest r;
  r.numbers = {1, 1, 10, 4, 0.01, 0, 16, 2, 16, 1, 1, 2};
  r.task = "en-es";
  r.min_length = INFINITY;
  r.max_length = -1;
  const check::TrainerSetup setup = check::trainer_setup(r);
  EXPECT_FALSE(setup.error) << setup.error.message;
  EXPECT_TRUE(setup.task);
}

// The longest sentence, likewise: checked (and converted) for the language pairs only.
TEST(Hardening, TheLongestSentenceIsCheckedForTheLanguagePairsAndIgnoredByTheOthers) {
  check::TrainerRequest r;
  r.numbers = {1, 1, 10, 4, 0.01, 0, 16, 2, 16, 1, 1, 2};
  r.task = "reverse";
  r.longest_sentence = INFINITY;
  EXPECT_FALSE(check::trainer_setup(r).error);
  r.task = "en-es";
  for (const double bad : {1.0, 13.0, 4.5, double{NAN}, double{INFINITY}}) {
    r.longest_sentence = bad;
    const check::TrainerSetup setup = check::trainer_setup(r);
    EXPECT_NE(setup.error.message.find("longestSentence must be a whole number of words from 2 to 12"),
              std::string::npos)
        << bad;
    EXPECT_FALSE(setup.task);
  }
  r.longest_sentence = 4;
  const check::TrainerSetup setup = check::trainer_setup(r);
  ASSERT_FALSE(setup.error) << setup.error.message;
  for (const auto& pair : setup.task->held_out(200, 2)) EXPECT_LE(pair.source.size(), 4u);
}

// The vocabulary, likewise: checked (and converted) for the language pairs only; 0 is the whole lexicon.
TEST(Hardening, TheVocabularyIsCheckedForTheLanguagePairsAndIgnoredByTheOthers) {
  check::TrainerRequest r;
  r.numbers = {1, 1, 10, 4, 0.01, 0, 16, 2, 16, 1, 1, 2};
  r.task = "sort";
  r.vocabulary = -INFINITY;
  EXPECT_FALSE(check::trainer_setup(r).error);
  r.task = "en-ja";
  for (const double bad : {-1.0, 2.5, 100001.0, double{NAN}, double{INFINITY}}) {
    r.vocabulary = bad;
    const check::TrainerSetup setup = check::trainer_setup(r);
    EXPECT_NE(setup.error.message.find("options.vocabulary must be 0 (the whole lexicon) or a whole number"),
              std::string::npos)
        << bad;
    EXPECT_FALSE(setup.task);
  }
  r.vocabulary = 0;
  const check::TrainerSetup whole = check::trainer_setup(r);
  r.vocabulary = 20;
  const check::TrainerSetup few = check::trainer_setup(r);
  ASSERT_FALSE(whole.error || few.error) << whole.error.message << few.error.message;
  EXPECT_LT(few.task->source_words().size(), whole.task->source_words().size());
}

// Found by language_model_fuzzer: a language model's task.merges, checked for the byte-pair tokenizers only, was
// converted to a size for the characters tokenizer too (-1, NaN: undefined behaviour). For a while the smoke run did
// not say so: the crash printed libFuzzer's final stats twice, and scripts/fuzz.sh's arithmetic on them ended its loop.
TEST(Hardening, MergesAreCheckedForTheBytePairTokenizersAndIgnoredByTheCharacters) {
  check::LanguageModelRequest r;
  r.numbers = {7, 1, 100, 8, 0.003, 10, 32, 4, 64, 1, 1, 4};
  r.corpus = "the cat sees the book. my friend likes a song.\n";
  r.tokenizer = "characters";
  for (const double ignored : {-1.0, double{NAN}, 1e300, 0.5}) {
    r.merges = ignored;
    const check::LanguageModelSetup setup = check::language_model_setup(r);
    ASSERT_FALSE(setup.error) << ignored << ": " << setup.error.message;
    EXPECT_EQ(setup.model.tokenizer.size(), 256u) << ignored;  // the bytes, nothing merged
  }
  r.tokenizer = "byte-pairs";
  for (const double bad : {-1.0, double{NAN}, 1e300, 0.5}) {
    r.merges = bad;
    EXPECT_NE(check::language_model_setup(r).error.message.find("task.merges must be a whole number"),
              std::string::npos)
        << bad;
  }
}

// Found by call_checks_fuzzer: scale = temperature = 1e300 passed as finite, became infinity in float32, and
// attention returned NaN (infinity / infinity) for every weight.
TEST(Hardening, ScaleAndTemperatureStayFiniteInFloat) {
  EXPECT_TRUE(check::logit_params(1e300, 1e300));
  EXPECT_TRUE(check::logit_params(1, 1e-300));
  EXPECT_TRUE(check::logit_params(1e7, 1));
  ASSERT_FALSE(check::logit_params(-1e6, 1e-6));  // the extremes allowed: the weights stay finite
  const float q[] = {2, -2}, k[] = {1.5f, 2, -2, 0.5f}, v[] = {1, 2, 3, 4};
  float output[2], weights[2], workspace[4096];
  const LogitParams params{-1e6f, 1e-6f, false};
  for (auto kernel : {attention_reference, attention_fast}) {
    kernel(dense(q, 1, 2), dense(k, 2, 2), dense(v, 2, 2), {}, params, dense(output, 1, 2), dense(weights, 1, 2),
           workspace);
    for (float x : {output[0], output[1], weights[0], weights[1]}) EXPECT_TRUE(std::isfinite(x));
  }
}

// Found by weights_fuzzer (a timeout): a valid tiny model with 246 positions whose decoder never says <eos>
// decoded 246 tokens, re-running the decoder each step (5 s under ASan, 0.2 s in wasm; with 512 positions and
// 16 layers, seconds, and per-step maps in JS of T³ numbers). Decoding now stops after kMaxTargetTokens.
TEST(Hardening, DecodingStopsAfterTheTokenLimitWhateverTheModelsPositions) {
  std::ifstream in(ATTN_SOURCE_DIR "/tests/fuzz/corpus/weights/regression-never-ending-decoder", std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(bytes.empty());
  put_u32(bytes, model::weight_file_checksum(bytes.data(), bytes.size()));
  model::LoadedModel loaded = model::load_weights(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  ASSERT_EQ(loaded.model->config.max_positions, 246u);
  model::Translator translator(std::move(*loaded.model), reference_kernels());
  const model::TranslateResult r = translator.translate("0 1 2");
  ASSERT_TRUE(r.translation);
  EXPECT_EQ(r.translation->target.size(), model::kMaxTargetTokens);  // it never stops by itself
  model::Decoding forced;
  forced.forced_target = std::vector<std::string>(model::kMaxTargetTokens, translator.model().target.word(2));
  const model::TranslateResult too_long = translator.translate("0 1 2", 1.0f, forced);
  ASSERT_TRUE(too_long.error);
  EXPECT_EQ(too_long.error->message, "the forced target has 32 words; at most 31 fit");
}

// Found while writing the notes for the fuzzers: finite inputs near 1e30 overflow float32 in their dot
// products, and attention returned NaN weights; such results are now refused with a RangeError.
TEST(Hardening, OverflowingProductsAreRefusedNotReturnedAsNaN) {
  const float q[] = {1e30f, 1}, v[] = {1, 2};
  float output[2], weights[4], workspace[4096];
  attention_fast(dense(q, 2, 1), dense(q, 2, 1), dense(v, 2, 1), {}, {1, 1, false}, dense(output, 2, 1),
                 dense(weights, 2, 2), workspace);
  EXPECT_TRUE(std::isnan(weights[0]));  // what the kernel gives: inf - inf
  EXPECT_NE(check::overflowed(weights, 4).message.find("the result overflowed float32"), std::string::npos);
  const float logits[] = {-INFINITY, 2, -INFINITY, 3};
  EXPECT_FALSE(check::overflowed(logits, 4, /*minus_infinity_allowed=*/true));  // masked entries
  const float overflowing[] = {-INFINITY, INFINITY};
  EXPECT_TRUE(check::overflowed(overflowing, 2, true));
  EXPECT_TRUE(check::overflowed(logits, 4));
}

}  // namespace
}  // namespace attn
