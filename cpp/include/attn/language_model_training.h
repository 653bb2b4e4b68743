// The language model as a product: a corpus split and tokenized, training on random windows of it (the
// translator's Adam, clipping and schedule, in the same fixed shards), bits per character on held-out text
// beside unigram and bigram baselines, generation with or without the key/value cache, and its weight file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "attn/language_model.h"
#include "attn/tokenizer.h"
#include "attn/training.h"

namespace attn::model {

struct TrainedLanguageModel {
  LanguageModelConfig config;
  text::Tokenizer tokenizer;
  std::vector<float> parameters;  // LanguageModelLayout(config).count floats
};

// A corpus cut in two at a character boundary: the first (1 − held_out_share) of its bytes to train on, the
// rest to measure; `tokenizer` is learned from the training part only (so held-out text is unseen).
struct LanguageModelCorpus {
  std::string train_text, held_out_text;
};
LanguageModelCorpus split_corpus(std::string_view corpus, double held_out_share);

// Bits of a text under a model or a baseline: every token but the first is predicted from those before it.
struct TextScore {
  double bits = 0;
  std::size_t tokens = 0;      // predicted
  std::size_t characters = 0;  // the characters those tokens spell
  double bits_per_character() const { return characters ? bits / static_cast<double>(characters) : 0; }
};

// The characters spelled by every token but the first (the ones a score predicts).
std::size_t predicted_characters(const text::Tokenizer& tokenizer, const std::vector<int>& tokens);

// Windows of context + 1 tokens with stride context: each window's first token conditions its others.
TextScore score_text(LanguageModel& model, const float* params, const text::Tokenizer& tokenizer,
                     const std::vector<int>& tokens);

// Counting baselines learned from training tokens: a unigram model (add-one) and a bigram model interpolated
// with it (Witten-Bell: a context seen followed by T distinct tokens in N occurrences keeps N/(N+T) for
// what it saw).
class NGramBaselines {
 public:
  NGramBaselines(const std::vector<int>& train_tokens, std::size_t vocabulary);
  TextScore unigram(const text::Tokenizer& tokenizer, const std::vector<int>& tokens) const;
  TextScore bigram(const text::Tokenizer& tokenizer, const std::vector<int>& tokens) const;

 private:
  double unigram_probability(int token) const;
  std::size_t vocabulary_;
  std::vector<double> unigram_counts_;
  double total_ = 0;
  std::vector<std::vector<std::pair<int, double>>> followers_;  // per token: (next token, count), sorted
  std::vector<double> context_counts_, distinct_followers_;
};

// Where a run stands beyond its weights: Adam's moments, the steps taken, and the state of the generator drawing
// window offsets, so that a run saved and continued takes exactly the steps the uninterrupted run would have.
struct LanguageModelRunState {
  std::vector<float> first_moments, second_moments;  // as many as the parameters
  std::size_t steps_done = 0;
  std::uint64_t window_draws = 0;
};

// Training on windows of context + 1 tokens drawn at seeded random offsets of the training tokens.
class LanguageModelTrainer {
 public:
  static constexpr std::size_t kShards = Trainer::kShards;
  LanguageModelTrainer(TrainedLanguageModel model, std::vector<int> train_tokens, const TrainingOptions& options,
                       const KernelSet& kernels, ParallelFor parallel = run_sequentially);
  ~LanguageModelTrainer();

  StepReport step();
  std::size_t steps_done() const { return steps_done_; }
  const TrainedLanguageModel& model() const { return model_; }
  const TrainingOptions& options() const { return options_; }
  LanguageModelRunState run_state() const;
  // Continues a saved run: `state` from a run of this model's shape and options (moments as many as the
  // parameters, steps_done within options.steps; load_checkpoint checks both).
  void restore(LanguageModelRunState state);

 private:
  struct Shard;
  TrainedLanguageModel model_;
  std::vector<int> train_tokens_;
  TrainingOptions options_;
  ParallelFor parallel_;
  std::vector<std::unique_ptr<Shard>> shards_;
  std::unique_ptr<PackedWeights> packed_;  // the blocks' weights, packed once per step for every shard's windows
  std::vector<float> grads_;
  Adam adam_;
  std::uint64_t window_draws_;  // the state of the generator drawing window offsets (attn::Rng)
  std::vector<std::size_t> starts_;
  std::size_t steps_done_ = 0;
};

// How each next token is chosen: temperature 0 takes the most likely; otherwise softmax(logits / temperature)
// cut to the top_k most likely (0: all) and then to the smallest set whose probability reaches top_p, drawn
// with a generator seeded by `seed`.
struct Sampling {
  float temperature = 1.0f;
  std::size_t top_k = 0;
  float top_p = 1.0f;
  std::uint64_t seed = 1;
};

struct GeneratedToken {
  int token = 0;
  std::vector<std::pair<int, float>> top;  // the distribution it was drawn from: its most likely tokens
  float probability = 0;                   // of the chosen token in that distribution
  std::size_t window_start = 0;            // position (in prompt + output) of the first token attended
  StepOutput step;                         // logits and attention over the window (layers × heads × length)
  std::size_t cache_bytes = 0;             // the key/value cache's allocation after this token (0 without it)
};

struct Generation {
  std::vector<int> tokens;  // prompt + generated
  std::size_t prompt_tokens = 0;
  std::vector<GeneratedToken> steps;
};

// Continues `prompt` (an empty one starts from a line break) by `count` tokens. The model reads at most its
// context: when a sequence fills it, the window moves on by half the context (the cache is refilled from the
// tokens kept), so cached and recomputed generations see the same tokens at every step. With `use_cache`
// false each step recomputes the window's whole causal pass and reads its last row.
Generation generate(LanguageModel& model, const float* params, std::vector<int> prompt, std::size_t count,
                    const Sampling& sampling, bool use_cache, std::size_t top = 10);

// The language model's weight file: magic "APLM", version, dimensions, flags, the tokenizer, float16
// parameters and a CRC-32, laid out as the translator's (which it refuses, and which refuses it, by name).
std::vector<std::uint8_t> save_language_model(const TrainedLanguageModel& model);
struct LoadedLanguageModel {
  std::optional<TrainedLanguageModel> model;
  std::string error;
  // The refusal's kind, for a page to say it in its own language: "translator-file", "checkpoint-file",
  // "not-a-language-model", "other-version" or "damaged" (truncated, a checksum that fails, numbers out of range).
  const char* kind = "";
};
LoadedLanguageModel load_language_model(const std::uint8_t* bytes, std::size_t size);

// A training run saved to be continued (file magic "APLS"): the model at full precision, the schedule, the run's
// state, and which corpus it trains on: its length and CRC-32, and the held-out share that split it (the split,
// the tokens and so the windows drawn are then the saved run's).
struct LanguageModelCheckpoint {
  TrainedLanguageModel model;
  TrainingOptions options;  // data_seed, steps, batch, learning_rate, warmup and clip_norm are kept
  LanguageModelRunState run;
  double held_out_share = 0.1;
  std::uint64_t corpus_bytes = 0;
  std::uint32_t corpus_checksum = 0;
};
std::vector<std::uint8_t> save_checkpoint(const LanguageModelCheckpoint& checkpoint);
struct LoadedCheckpoint {
  std::optional<LanguageModelCheckpoint> checkpoint;
  std::string error;
};
LoadedCheckpoint load_checkpoint(const std::uint8_t* bytes, std::size_t size);

}  // namespace attn::model
