// Training and evaluating the translation model: teacher-forced cross-entropy, Adam, global-norm gradient
// clipping, a linear warm-up then cosine decay of the learning rate. Deterministic for a given seed: the
// batch is split into a fixed number of shards whose gradients are summed in shard order, so the result does
// not depend on how many threads ran them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "attn/corpus.h"
#include "attn/parallel_for.h"
#include "attn/tasks.h"
#include "attn/translator.h"

namespace attn::model {

class Adam {
 public:
  Adam(std::size_t parameters, float beta1 = 0.9f, float beta2 = 0.98f, float epsilon = 1e-8f);
  void step(float* params, const float* grads, float learning_rate);

  // Its state, to continue a run later exactly where it stopped: the moments and the steps taken.
  const std::vector<float>& first_moments() const { return m_; }
  const std::vector<float>& second_moments() const { return v_; }
  std::size_t steps() const { return steps_; }
  // Takes a saved state (moments as long as the parameters'): later steps are those the saved run would have taken.
  void restore(std::vector<float> first_moments, std::vector<float> second_moments, std::size_t steps);

 private:
  std::vector<float> m_, v_;
  float beta1_, beta2_, epsilon_;
  double beta1_power_ = 1.0, beta2_power_ = 1.0;
  std::size_t steps_ = 0;
};

struct TrainingProgress {
  std::size_t step = 0;
  double loss_per_token = 0;  // mean over the steps since the last report
  double seconds = 0;
  float learning_rate = 0;
};

struct TrainingOptions {
  std::uint64_t data_seed = 1;  // the training pairs' stream, and which words unknown_word_rate masks
  std::size_t steps = 4000;     // the schedule's length: warm-up, then cosine decay to 5% at this step
  std::size_t batch = 48;       // sentence pairs per step
  float learning_rate = 3e-3f;
  std::size_t warmup = 200;
  float clip_norm = 1.0f;
  unsigned threads = 2;
  double time_limit_seconds = 0;  // 0: none; otherwise stop after the step that crosses it
  // Training to carry unknown words (see UnknownWordMasker), for a model with "<unk>" (new_model(…, true));
  // a model without it trains on the pairs as drawn. 0 (the default) changes nothing.
  float unknown_word_rate = 0;
  // Quantization-aware training (straight-through, Bengio et al. 2013; Jacob et al. 2018): the last `stored_steps`
  // steps compute their gradients at the parameters as a file in `stored_as` gives them back (stored_values) and
  // apply them to the float parameters, so the weights a file stores are weights that were trained. 0 (the
  // default) changes nothing.
  std::size_t stored_steps = 0;
  WeightEncoding stored_as = WeightEncoding::float16;
  std::size_t report_every = 100;
  std::function<void(const TrainingProgress&)> on_progress;
};

// What one optimiser step did.
struct StepReport {
  std::size_t step = 0;       // steps done so far, this one included
  double loss_per_token = 0;  // mean cross-entropy per target token of this step's batch
  float learning_rate = 0;    // the rate this step used
  double gradient_norm = 0;   // global L2 norm of the gradient, before clipping
  double shard_seconds = 0;   // wall-clock seconds in the shards' passes: the part of the step threads share
};

// Training to carry unknown words (Luong et al. 2015, "Addressing the Rare Word Problem in Neural Machine
// Translation"): a source word aligned to exactly one target word (which, aligned to one source word, is then
// aligned to it alone) may be replaced by <unk>, and its target word too, so the model learns to say <unk> where
// it reads one and to look at it while it does; translating then copies the source word there.
// The source positions that may be masked: pairs without alignments (pasted pairs) have none.
std::vector<std::size_t> maskable_words(const corpus::SentencePair& pair);
class UnknownWordMasker {
 public:
  // `seed` alone decides which words (the Trainer seeds it from options.data_seed), so masking is the same
  // whatever runs the shards.
  UnknownWordMasker(float rate, std::uint64_t seed);
  // Masks each maskable word with probability `rate`: one draw per maskable word, none at rate 0 (the pair is
  // left exactly as drawn).
  void mask(corpus::SentencePair& pair);

 private:
  float rate_;
  std::uint64_t state_;  // the generator's state between calls
};

// parallel(count, task), timed: the wall-clock seconds it took (a step's shards, for StepReport::shard_seconds).
double run_shards(const ParallelFor& parallel, std::size_t count, const std::function<void(std::size_t)>& task);

// Sums the shards' gradients in shard order into `grads` (each shard holds grads.size() floats), scales the sum
// down to a global L2 norm of `clip_norm` if it is longer, and returns its norm before clipping.
double sum_and_clip(const std::vector<const float*>& shard_grads, std::vector<float>& grads, float clip_norm);

// The same over shards that keep `grads` (a vector) and `loss`: returns { summed loss, norm before clipping }.
template <class ShardPointers>
std::pair<double, double> sum_shards(const ShardPointers& shards, std::vector<float>& grads, float clip_norm) {
  double loss = 0;
  std::vector<const float*> shard_grads;
  for (const auto& shard : shards) {
    shard_grads.push_back(shard->grads.data());
    loss += shard->loss;
  }
  return {loss, sum_and_clip(shard_grads, grads, clip_norm)};
}

// Training one step at a time, so a caller (the native tool, the wasm module's trainer) decides when to
// stop, report or evaluate. The batch is split into kShards fixed shards whose gradients are summed in
// shard order: `parallel` may run the shards on any number of threads and the weights stay the same.
class Trainer {
 public:
  static constexpr std::size_t kShards = 4;

  // `task` supplies the training pairs (default: the English → Spanish corpus seeded with options.data_seed);
  // the model's vocabularies must be the task's (new_model(dims, seed, task)).
  Trainer(TranslationModel model, const TrainingOptions& options, const KernelSet& kernels,
          ParallelFor parallel = run_sequentially, std::unique_ptr<tasks::Task> task = nullptr);
  ~Trainer();

  StepReport step();
  std::size_t steps_done() const { return steps_done_; }
  const TranslationModel& model() const { return model_; }
  const TrainingOptions& options() const { return options_; }
  const tasks::Task& task() const { return *task_; }

 private:
  struct Shard;
  TranslationModel model_;
  TrainingOptions options_;
  ParallelFor parallel_;
  std::vector<std::unique_ptr<Shard>> shards_;
  std::vector<float> grads_;
  Adam adam_;
  std::unique_ptr<tasks::Task> task_;
  UnknownWordMasker masker_;
  std::vector<EncodedPair> batch_;
  std::vector<float> stored_;  // the parameters as stored, in the quantization-aware steps (options.stored_steps)
  std::size_t steps_done_ = 0;
};

// The learning rate at `step` (1-based): linear warm-up to the peak, then cosine decay to 5% of it.
float learning_rate_at(const TrainingOptions& options, std::size_t step);

struct TrainingReport {
  std::size_t steps = 0;
  double seconds = 0;
  double first_loss_per_token = 0, final_loss_per_token = 0;  // means over the first and last report windows
};

// Trains `model.parameters` in place for options.steps steps on options.threads threads (native builds), on
// `task`'s pairs (default: the English → Spanish corpus).
TrainingReport train(TranslationModel& model, const TrainingOptions& options, const KernelSet& kernels,
                     std::unique_ptr<tasks::Task> task = nullptr);

struct Evaluation {
  std::size_t sentences = 0, exact = 0;
  double accuracy() const { return sentences ? static_cast<double>(exact) / sentences : 0; }
  // For cross-attention layer l, head h: aligned target words whose largest weight falls on the truly aligned
  // source word, with the reference translation fed to the decoder (teacher forcing), so the share is
  // defined for every sentence, translated right or not. Index l * heads + h.
  std::vector<std::size_t> alignment_hits;
  std::size_t aligned_words = 0;
  double best_alignment_share(std::size_t* best_index = nullptr) const;
};

Evaluation evaluate(Translator& translator, const std::vector<corpus::SentencePair>& pairs);

// How well a model with "<unk>" carries a word it has never seen: in each pair one maskable source word (the
// (i mod count)-th of pair i's) is replaced by `made_up` (a word outside the vocabulary) and the greedy
// translation compared with the reference whose aligned word is `made_up` too.
struct CopyEvaluation {
  std::size_t sentences = 0;  // pairs with a maskable word
  std::size_t exact = 0;      // the translation is the reference with the word copied
  std::size_t placed = 0;     // the made-up word is copied to the reference's position (the rest may differ)
  std::size_t copied = 0;     // it is copied somewhere
};
CopyEvaluation evaluate_copying(Translator& translator, const std::vector<corpus::SentencePair>& pairs,
                                const std::string& made_up = "blicket");

}  // namespace attn::model
