// The language model as a product: the corpus split, training that learns and does not depend on threads (1, 2 or 4),
// bits per character against the counting baselines, generation with and without the key/value cache (the
// same tokens and attention, across window moves), the sampling rules, and the weight file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "attn/language_model_training.h"
#include "attn/thread_pool.h"
#include "attn/translator.h"
#include "model_test_util.h"

namespace attn::model {
namespace {

// A text with structure beyond pairs of letters: short sentences over a small vocabulary.
std::string toy_corpus(std::size_t sentences) {
  const char* subjects[] = {"the cat", "a dog", "my friend", "the old man", "she", "we"};
  const char* verbs[] = {"sees", "likes", "wants", "finds", "reads", "keeps"};
  const char* objects[] = {"the book.", "a red apple.", "the small house.", "my letter.", "the window.", "a song."};
  std::string text;
  std::uint64_t x = 12345;
  auto next = [&x](std::size_t n) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((x >> 33) % n);
  };
  for (std::size_t i = 0; i < sentences; ++i)
    text += std::string(subjects[next(6)]) + " " + verbs[next(6)] + " " + objects[next(6)] + "\n";
  return text;
}

LanguageModelConfig small_config(std::size_t vocabulary) {
  LanguageModelConfig c;
  c.d_model = 32, c.heads = 4, c.ffn = 64, c.layers = 2, c.context = 32;
  c.vocabulary = static_cast<std::uint32_t>(vocabulary);
  return c;
}

TrainedLanguageModel fresh_model(const text::Tokenizer& tokenizer, LanguageModelConfig c, std::uint64_t seed) {
  c.vocabulary = static_cast<std::uint32_t>(tokenizer.size());
  return {c, tokenizer, initial_language_model_parameters(c, seed)};
}

TrainingOptions quick_schedule(std::size_t steps) {
  TrainingOptions o;
  o.steps = steps, o.batch = 16, o.learning_rate = 3e-3f, o.warmup = 10, o.data_seed = 4;
  return o;
}

TEST(LanguageModelCorpus, SplitsAtACharacterBoundary) {
  const std::string text = "aé";                              // 'a', then two bytes
  const LanguageModelCorpus split = split_corpus(text, 0.4);  // the cut would fall inside é
  EXPECT_EQ(split.train_text, "a");
  EXPECT_EQ(split.held_out_text, "é");
  EXPECT_EQ(split_corpus("abcdefghij", 0.1).held_out_text, "j");
}

TEST(LanguageModelTraining, LearnsBeyondTheBigramBaseline) {
  constexpr std::size_t kSteps = 120;
  const LanguageModelCorpus corpus = split_corpus(toy_corpus(600), 0.1);
  const text::Tokenizer tokenizer = text::Tokenizer::characters(corpus.train_text);
  const std::vector<int> train = tokenizer.encode(corpus.train_text), held_out = tokenizer.encode(corpus.held_out_text);
  TrainingOptions schedule = quick_schedule(kSteps);
  schedule.batch = 8, schedule.learning_rate = 1e-2f;
  LanguageModelTrainer trainer(fresh_model(tokenizer, small_config(0), 1), train, schedule, fast_kernels());
  double first = 0, last = 0;
  for (std::size_t s = 0; s < kSteps; ++s) {
    const double loss = trainer.step().loss_per_token;
    if (s < 10) first += loss / 10;
    if (s >= kSteps - 10) last += loss / 10;
  }
  EXPECT_LT(last, first / 2);
  LanguageModel model(trainer.model().config, fast_kernels());
  const TextScore score = score_text(model, trainer.model().parameters.data(), tokenizer, held_out);
  const NGramBaselines baselines(train, tokenizer.size());
  const TextScore unigram = baselines.unigram(tokenizer, held_out), bigram = baselines.bigram(tokenizer, held_out);
  EXPECT_EQ(score.tokens, held_out.size() - 1);
  EXPECT_EQ(score.characters, bigram.characters);
  EXPECT_LT(bigram.bits_per_character(), unigram.bits_per_character());
  // The sentences' words are drawn from small sets: after a word's first letters the rest is certain, which a
  // bigram of letters cannot know.
  EXPECT_LT(score.bits_per_character(), bigram.bits_per_character() * 0.8)
      << "model " << score.bits_per_character() << ", bigram " << bigram.bits_per_character();
}

TEST(LanguageModelTraining, GivesTheSameWeightsWhateverRunsTheShards) {
  const std::string text = toy_corpus(40);
  const text::Tokenizer tokenizer = text::Tokenizer::byte_pairs(text, 20);
  const std::vector<int> tokens = tokenizer.encode(text);
  LanguageModelTrainer in_order(fresh_model(tokenizer, small_config(0), 2), tokens, quick_schedule(5), fast_kernels());
  LanguageModelTrainer reversed(fresh_model(tokenizer, small_config(0), 2), tokens, quick_schedule(5), fast_kernels(),
                                [](std::size_t count, const std::function<void(std::size_t)>& task) {
                                  for (std::size_t i = count; i-- > 0;) task(i);
                                });
  for (int s = 0; s < 5; ++s) EXPECT_EQ(in_order.step().loss_per_token, reversed.step().loss_per_token);
  EXPECT_EQ(in_order.model().parameters, reversed.model().parameters);
}

// On one pool of four threads (as the wasm module's) given 1, 2 and 4 of them, with either kernel set: the same
// weights, bit for bit, and the same reports at every step.
TEST(LanguageModelTraining, GivesTheSameWeightsOnOneTwoAndFourThreads) {
  const std::string text = toy_corpus(60);
  const text::Tokenizer tokenizer = text::Tokenizer::characters(text);
  const std::vector<int> tokens = tokenizer.encode(text);
  ThreadPool pool(4);
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    std::vector<std::vector<float>> weights;
    std::vector<std::vector<double>> norms;
    for (unsigned threads : {1u, 2u, 4u}) {
      LanguageModelTrainer trainer(fresh_model(tokenizer, small_config(0), 3), tokens, quick_schedule(4), *kernels,
                                   pool.parallel_for(threads));
      norms.emplace_back();
      for (int s = 0; s < 4; ++s) {
        const StepReport report = trainer.step();
        norms.back().push_back(report.gradient_norm);
        EXPECT_GT(report.shard_seconds, 0.0);  // timed around the shards, whoever runs them
      }
      weights.push_back(trainer.model().parameters);
    }
    for (std::size_t i = 1; i < weights.size(); ++i) {
      EXPECT_EQ(weights[i], weights[0]) << "threads run " << i << ", "
                                        << (kernels == &fast_kernels() ? "fast" : "reference");
      EXPECT_EQ(norms[i], norms[0]);
    }
  }
}

TEST(LanguageModelTraining, TrainsOnATextShorterThanItsContext) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters("abc");
  LanguageModelTrainer trainer(fresh_model(tokenizer, small_config(0), 3), tokenizer.encode("abcabc"),
                               quick_schedule(3), reference_kernels());
  EXPECT_TRUE(std::isfinite(trainer.step().loss_per_token));
}

class Generating : public ::testing::Test {
 protected:
  void SetUp() override {
    config.relative = RelativePositions::rope;
    config.positions = false;
    config.kv_heads = 2;
    config.context = 12;  // a short context: the window moves several times in a 40-token generation
    trained = fresh_model(tokenizer, config, 5);
  }
  // Cached and recomputed generations of 40 tokens (the window moving at least 3 times) against each other; the
  // cache's allocations, one per step.
  std::vector<std::size_t> check_cache_against_recomputing() {
    LanguageModel model(trained.config, fast_kernels());
    Sampling sampling;
    sampling.seed = 11;
    const std::vector<int> prompt = tokenizer.encode("the old man likes");  // longer than the context
    const Generation cached = generate(model, trained.parameters.data(), prompt, 40, sampling, true);
    const Generation recomputed = generate(model, trained.parameters.data(), prompt, 40, sampling, false);
    EXPECT_EQ(cached.tokens, recomputed.tokens);
    EXPECT_EQ(cached.steps.size(), 40u);
    std::size_t moves = 0;
    std::vector<std::size_t> bytes;
    for (std::size_t i = 0; i < cached.steps.size(); ++i) {
      const GeneratedToken &a = cached.steps[i], &b = recomputed.steps[i];
      EXPECT_EQ(a.window_start, b.window_start);
      if (i > 0 && a.window_start != cached.steps[i - 1].window_start) ++moves;
      EXPECT_EQ(a.step.length, b.step.length);
      EXPECT_EQ(a.step.attention.size(), b.step.attention.size());
      for (std::size_t j = 0; j < std::min(a.step.attention.size(), b.step.attention.size()); ++j)
        EXPECT_NEAR(a.step.attention[j], b.step.attention[j], 1e-5) << "step " << i << " weight " << j;
      EXPECT_GT(a.cache_bytes, 0u);
      EXPECT_EQ(b.cache_bytes, 0u);
      bytes.push_back(a.cache_bytes);
    }
    EXPECT_GE(moves, 3u);
    EXPECT_EQ(cached.prompt_tokens, prompt.size());
    return bytes;
  }
  text::Tokenizer tokenizer = text::Tokenizer::characters(toy_corpus(20));
  LanguageModelConfig config = small_config(0);
  TrainedLanguageModel trained;
};

TEST_F(Generating, TheCacheGivesTheSameTokensAndAttentionAsRecomputing) { check_cache_against_recomputing(); }

// A sliding window of 5 (Mistral's rolling buffer): each token reads at most 5 positions, cached or recomputed under
// the band mask, and the cache, evicting its oldest, never holds more than its first block of 16 positions.
TEST_F(Generating, ASlidingWindowsCacheRollsInFlatMemoryAndMatchesRecomputing) {
  trained.config.window = 5;
  for (std::size_t bytes : check_cache_against_recomputing()) EXPECT_EQ(bytes, 16 * config.cache_bytes_per_token());
  LanguageModel model(trained.config, fast_kernels());
  const Generation g = generate(model, trained.parameters.data(), tokenizer.encode("she"), 30, Sampling{}, true);
  for (std::size_t i = 0; i < g.steps.size(); ++i) {
    // After a move of the context (12 positions, by 6) the window still holds 5 of its 7 or more positions.
    EXPECT_EQ(g.steps[i].step.length, std::min<std::size_t>(5, g.prompt_tokens + i));
    EXPECT_EQ(g.steps[i].window_start + g.steps[i].step.length, g.prompt_tokens + i);
  }
}

TEST_F(Generating, TemperatureZeroTopOneAndATinyTopPAllTakeTheMostLikelyToken) {
  LanguageModel model(trained.config, fast_kernels());
  const std::vector<int> prompt = tokenizer.encode("we ");
  Sampling greedy;
  greedy.temperature = 0;
  const Generation g = generate(model, trained.parameters.data(), prompt, 8, greedy, true);
  for (const GeneratedToken& step : g.steps) {
    const auto best = std::max_element(step.step.logits.begin(), step.step.logits.end()) - step.step.logits.begin();
    EXPECT_EQ(step.token, best);
    EXPECT_EQ(step.probability, 1.0f);
  }
  Sampling top_one, tiny_p;
  top_one.top_k = 1, top_one.seed = 3;
  tiny_p.top_p = 1e-6f, tiny_p.seed = 4;
  EXPECT_EQ(generate(model, trained.parameters.data(), prompt, 8, top_one, true).tokens, g.tokens);
  EXPECT_EQ(generate(model, trained.parameters.data(), prompt, 8, tiny_p, false).tokens, g.tokens);
}

TEST_F(Generating, TopKKeepsKTokensAndTheSeedDecides) {
  LanguageModel model(trained.config, fast_kernels());
  Sampling sampling;
  sampling.top_k = 3, sampling.seed = 21;
  const Generation a = generate(model, trained.parameters.data(), {}, 12, sampling, true);
  EXPECT_EQ(a.tokens.front(), '\n');  // an empty prompt starts from a line break
  for (const GeneratedToken& step : a.steps) {
    EXPECT_EQ(step.top.size(), 3u);
    float sum = 0;
    for (const auto& [token, p] : step.top) sum += p;
    EXPECT_NEAR(sum, 1.0f, 1e-5);
  }
  EXPECT_EQ(generate(model, trained.parameters.data(), {}, 12, sampling, false).tokens, a.tokens);
  sampling.seed = 22;
  EXPECT_NE(generate(model, trained.parameters.data(), {}, 12, sampling, true).tokens, a.tokens);
}

TEST(LanguageModelFile, RoundTripsInFloat16AndRefusesTheTranslatorsFiles) {
  const text::Tokenizer tokenizer = text::Tokenizer::byte_pairs(toy_corpus(50), 30);
  LanguageModelConfig c = small_config(0);
  c.relative = RelativePositions::alibi, c.positions = false, c.kv_heads = 1;
  const TrainedLanguageModel m = fresh_model(tokenizer, c, 6);
  const std::vector<std::uint8_t> bytes = save_language_model(m);
  const LoadedLanguageModel loaded = load_language_model(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  EXPECT_EQ(loaded.model->config.relative, RelativePositions::alibi);
  EXPECT_EQ(loaded.model->config.key_value_heads(), 1u);
  EXPECT_EQ(loaded.model->tokenizer.merges().size(), tokenizer.merges().size());
  for (std::size_t i = 0; i < m.parameters.size(); ++i)
    EXPECT_NEAR(loaded.model->parameters[i], m.parameters[i], std::fabs(m.parameters[i]) * 1e-3 + 1e-7);

  const LoadedModel as_translator = load_weights(bytes.data(), bytes.size());
  EXPECT_FALSE(as_translator.model);
  EXPECT_NE(as_translator.error.find("loadLanguageModel"), std::string::npos) << as_translator.error;
  const TranslationModel translator = new_translation_model(attn::testing::tiny_model_config(), 1);
  const std::vector<std::uint8_t> translator_bytes = save_weights(translator);
  const LoadedLanguageModel as_language_model = load_language_model(translator_bytes.data(), translator_bytes.size());
  EXPECT_FALSE(as_language_model.model);
  EXPECT_NE(as_language_model.error.find("loadTranslator"), std::string::npos) << as_language_model.error;
  EXPECT_STREQ(as_language_model.kind, "translator-file");
}

TEST(LanguageModelFile, RoundTripsAnAttentionOnlyModel) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters(toy_corpus(20));
  LanguageModelConfig c = small_config(0);
  c.ffn = 0;
  const TrainedLanguageModel m = fresh_model(tokenizer, c, 8);
  const std::vector<std::uint8_t> bytes = save_language_model(m);
  const LoadedLanguageModel loaded = load_language_model(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  EXPECT_EQ(loaded.model->config.ffn, 0u);
  EXPECT_EQ(loaded.model->parameters.size(), m.parameters.size());
}

// The window rides in the flags' upper half, sink logits as a flag: both kept, and a file whose window is wider
// than its context refused.
TEST(LanguageModelFile, KeepsASlidingWindowAndSinkLogitsAndRefusesAWindowWiderThanTheContext) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters(toy_corpus(20));
  LanguageModelConfig c = small_config(0);
  c.window = 7;
  c.sink_logits = true;
  const TrainedLanguageModel m = fresh_model(tokenizer, c, 9);
  std::vector<std::uint8_t> bytes = save_language_model(m);
  const LoadedLanguageModel loaded = load_language_model(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.model) << loaded.error;
  EXPECT_EQ(loaded.model->config.window, 7u);
  EXPECT_TRUE(loaded.model->config.sink_logits);
  EXPECT_EQ(loaded.model->parameters.size(), m.parameters.size());
  const std::size_t flags = 4 + 4 + 7 * 4;  // after the magic, the version and seven dimensions
  ASSERT_EQ(bytes[flags + 2], 7);
  bytes[flags + 2] = static_cast<std::uint8_t>(c.context + 1);
  const std::uint32_t crc = weight_file_checksum(bytes.data(), bytes.size() - 4);
  std::memcpy(bytes.data() + bytes.size() - 4, &crc, 4);
  const LoadedLanguageModel wide = load_language_model(bytes.data(), bytes.size());
  EXPECT_FALSE(wide.model);
  EXPECT_NE(wide.error.find("window wider than the context"), std::string::npos) << wide.error;
}

TEST(LanguageModelFile, RefusesEveryTruncationAndAnyFlippedByte) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters("ab→c");
  LanguageModelConfig c;
  c.d_model = 8, c.heads = 2, c.ffn = 8, c.layers = 1, c.context = 4;
  const std::vector<std::uint8_t> bytes = save_language_model(fresh_model(tokenizer, c, 7));
  // Each refusal has a kind a page can say: under 4 bytes, or a flipped magic, is not our file; a flipped version
  // is another version; anything else is damage.
  const auto kind_of = [](const std::vector<std::uint8_t>& b, std::size_t size) {
    return std::string(load_language_model(b.data(), size).kind);
  };
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    EXPECT_FALSE(load_language_model(bytes.data(), size).model) << "kept " << size << " bytes";
    EXPECT_EQ(kind_of(bytes, size), size < 4 ? "not-a-language-model" : "damaged") << "kept " << size << " bytes";
  }
  for (std::size_t at = 0; at < bytes.size(); at += 7) {
    std::vector<std::uint8_t> flipped = bytes;
    flipped[at] ^= 0x10;
    EXPECT_FALSE(load_language_model(flipped.data(), flipped.size()).model) << "flipped byte " << at;
    const char* expected = at < 4 ? "not-a-language-model" : at < 8 ? "other-version" : "damaged";
    EXPECT_EQ(kind_of(flipped, flipped.size()), expected) << "flipped byte " << at;
  }
}

}  // namespace
}  // namespace attn::model
