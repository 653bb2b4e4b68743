// Training the language model: each step draws `batch` windows of context + 1 training tokens at seeded random
// offsets, runs the causal pass and its backward twin on each (input: the window's first context tokens,
// targets: the same shifted by one), in the translator's fixed shards, then clips and takes an Adam step.
#include <algorithm>
#include <cmath>

#include "../data/rng.h"
#include "attn/language_model_training.h"
#include "packed_weights.h"

namespace attn::model {

LanguageModelCorpus split_corpus(std::string_view corpus, double held_out_share) {
  std::size_t cut = static_cast<std::size_t>(static_cast<double>(corpus.size()) * (1.0 - held_out_share));
  cut = std::min(cut, corpus.size());
  // Back to the start of a character: UTF-8 continuation bytes are 10xxxxxx.
  while (cut > 0 && cut < corpus.size() && (static_cast<unsigned char>(corpus[cut]) & 0xc0) == 0x80) --cut;
  return {std::string(corpus.substr(0, cut)), std::string(corpus.substr(cut))};
}

struct LanguageModelTrainer::Shard {
  Shard(const LanguageModelConfig& config, const KernelSet& kernels, std::size_t parameters)
      : model(config, kernels), grads(parameters) {}
  LanguageModel model;
  LanguageModelActivations activations;
  std::vector<int> inputs, targets;
  std::vector<float> grads;
  double loss = 0;

  void run(const float* params, const std::vector<int>& tokens, const std::size_t* starts, std::size_t count,
           std::size_t context, float weight) {
    std::fill(grads.begin(), grads.end(), 0.0f);
    loss = 0;
    for (std::size_t w = 0; w < count; ++w) {
      const auto first = tokens.begin() + static_cast<std::ptrdiff_t>(starts[w]);
      inputs.assign(first, first + static_cast<std::ptrdiff_t>(context));
      targets.assign(first + 1, first + 1 + static_cast<std::ptrdiff_t>(context));
      model.forward(params, inputs, 1.0f, activations);
      loss += model.backward(params, targets, weight, activations, grads.data());
    }
  }
};

LanguageModelTrainer::LanguageModelTrainer(TrainedLanguageModel model, std::vector<int> train_tokens,
                                           const TrainingOptions& options, const KernelSet& kernels,
                                           ParallelFor parallel)
    : model_(std::move(model)),
      train_tokens_(std::move(train_tokens)),
      options_(options),
      parallel_(std::move(parallel)),
      grads_(model_.parameters.size()),
      adam_(model_.parameters.size()),
      window_draws_(options.data_seed),
      starts_(options.batch) {
  const LanguageModelLayout layout(model_.config);
  std::vector<Linear> maps = layout.block_maps();
  if (!model_.config.tied_output) maps.push_back(layout.output);  // a tied one reads the table in blocks, unpacked
  packed_ = std::make_unique<PackedWeights>(kernels, std::move(maps));
  for (std::size_t s = 0; s < kShards; ++s) {
    shards_.push_back(std::make_unique<Shard>(model_.config, kernels, model_.parameters.size()));
    shards_.back()->model.use_packed_weights(packed_.get());
  }
}

LanguageModelTrainer::~LanguageModelTrainer() = default;

StepReport LanguageModelTrainer::step() {
  // The training text must hold one window; a shorter one trains on windows as long as it allows.
  const std::size_t context = std::min<std::size_t>(model_.config.context, train_tokens_.size() - 1);
  Rng draws(window_draws_);
  const auto offsets = static_cast<std::uint32_t>(train_tokens_.size() - context);
  for (std::size_t& start : starts_) start = draws.below(offsets);
  window_draws_ = draws.state();
  const std::size_t tokens = starts_.size() * context;
  const float weight = 1.0f / static_cast<float>(tokens);  // gradient of the mean loss per predicted token
  const float* params = model_.parameters.data();
  packed_->pack(params);  // once for every window of every shard
  const double shard_seconds = run_shards(parallel_, kShards, [&](std::size_t s) {
    const std::size_t begin = s * starts_.size() / kShards, end = (s + 1) * starts_.size() / kShards;
    shards_[s]->run(params, train_tokens_, starts_.data() + begin, end - begin, context, weight);
  });

  const auto [loss, norm] = sum_shards(shards_, grads_, options_.clip_norm);
  ++steps_done_;
  const float lr = learning_rate_at(options_, steps_done_);
  adam_.step(model_.parameters.data(), grads_.data(), lr);
  return {steps_done_, loss / static_cast<double>(tokens), lr, norm, shard_seconds};
}

LanguageModelRunState LanguageModelTrainer::run_state() const {
  return {adam_.first_moments(), adam_.second_moments(), steps_done_, window_draws_};
}

void LanguageModelTrainer::restore(LanguageModelRunState state) {
  adam_.restore(std::move(state.first_moments), std::move(state.second_moments), state.steps_done);
  steps_done_ = state.steps_done;
  window_draws_ = state.window_draws;
}

}  // namespace attn::model
