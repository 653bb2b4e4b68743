// One training step: a batch from the corpus stream, teacher-forced forward and backward passes split into
// fixed shards, the shards' gradients summed in order, global-norm clipping, Adam. No threads of its own:
// the caller's ParallelFor decides where the shards run.
#include <algorithm>
#include <cmath>

#include "attn/training.h"

namespace attn::model {

struct Trainer::Shard {
  Shard(const Config& config, const KernelSet& kernels, std::size_t parameters)
      : transformer(config, kernels), grads(parameters) {}
  Transformer transformer;
  Activations activations;
  std::vector<float> grads;
  double loss = 0;

  void run(const float* params, const std::vector<EncodedPair>& pairs, std::size_t begin, std::size_t end,
           float weight) {
    std::fill(grads.begin(), grads.end(), 0.0f);
    loss = 0;
    for (std::size_t i = begin; i < end; ++i) {
      transformer.forward(params, pairs[i].source, pairs[i].target_in, 1.0f, activations);
      loss += transformer.backward(params, pairs[i].target_out, weight, activations, grads.data());
    }
  }
};

Trainer::Trainer(TranslationModel model, const TrainingOptions& options, const KernelSet& kernels, ParallelFor parallel,
                 std::unique_ptr<tasks::Task> task)
    : model_(std::move(model)),
      options_(options),
      parallel_(std::move(parallel)),
      grads_(model_.parameters.size()),
      adam_(model_.parameters.size()),
      task_(task ? std::move(task) : tasks::translation_task(options.data_seed)),
      // A stream of its own beside the pairs' (the same seed would repeat the task generator's numbers).
      masker_(has_unknown_token(model_) ? options.unknown_word_rate : 0.0f, options.data_seed ^ 0x756e6b6e6f776e21ull),
      batch_(options.batch) {
  for (std::size_t s = 0; s < kShards; ++s)
    shards_.push_back(std::make_unique<Shard>(model_.config, kernels, model_.parameters.size()));
}

Trainer::~Trainer() = default;

StepReport Trainer::step() {
  std::size_t tokens = 0;
  for (auto& pair : batch_) {
    corpus::SentencePair drawn = task_->next();
    masker_.mask(drawn);
    pair = encode(model_, drawn);
    tokens += pair.target_out.size();
  }
  const float weight = 1.0f / static_cast<float>(tokens);  // gradient of the mean loss per target token
  const float* params = model_.parameters.data();
  if (options_.stored_steps > 0 && steps_done_ + options_.stored_steps >= options_.steps) {  // one of the last
    stored_values(model_.parameters, options_.stored_as, stored_);
    params = stored_.data();
  }
  const double shard_seconds = run_shards(parallel_, kShards, [&](std::size_t s) {
    shards_[s]->run(params, batch_, s * batch_.size() / kShards, (s + 1) * batch_.size() / kShards, weight);
  });

  const auto [loss, norm] = sum_shards(shards_, grads_, options_.clip_norm);
  ++steps_done_;
  const float lr = learning_rate_at(options_, steps_done_);
  adam_.step(model_.parameters.data(), grads_.data(), lr);
  return {steps_done_, loss / static_cast<double>(tokens), lr, norm, shard_seconds};
}

double Evaluation::best_alignment_share(std::size_t* best_index) const {
  double best = 0;
  for (std::size_t i = 0; i < alignment_hits.size(); ++i) {
    const double share = aligned_words ? static_cast<double>(alignment_hits[i]) / aligned_words : 0;
    if (share > best || i == 0) {
      best = share;
      if (best_index) *best_index = i;
    }
  }
  return best;
}

Evaluation evaluate(Translator& translator, const std::vector<corpus::SentencePair>& pairs) {
  const Config& c = translator.model().config;
  Evaluation e;
  e.alignment_hits.assign(std::size_t{c.decoder_layers} * c.heads, 0);
  const TranslationModel& model = translator.model();
  const auto known = [](const Vocabulary& vocabulary, const std::vector<std::string>& words) {
    return std::all_of(words.begin(), words.end(), [&](const std::string& w) { return vocabulary.id(w) >= 0; });
  };
  for (const auto& pair : pairs) {
    // A model without "<unk>" cannot read a word it lacks (a model of an older grammar, say): that sentence is
    // simply not translated right.
    if (!has_unknown_token(model) && !(known(model.source, pair.source) && known(model.target, pair.target))) {
      ++e.sentences;
      e.aligned_words += static_cast<std::size_t>(
          std::count_if(pair.alignment.begin(), pair.alignment.end(), [](int a) { return a != corpus::kUnaligned; }));
      continue;
    }
    const Translation t = translator.translate_words(pair.source, 1.0f, pair.target.size() + 1);
    std::vector<std::string> words = t.target;
    const bool finished = !words.empty() && words.back() == "<eos>";
    if (finished) words.pop_back();
    ++e.sentences;
    if (finished && words == pair.target) ++e.exact;

    const std::vector<float> cross = translator.forced_cross_attention(pair.source, pair.target);
    const std::size_t rows = pair.target.size() + 1, cols = pair.source.size() + 1;
    for (std::size_t row = 0; row < pair.alignment.size(); ++row) {
      if (pair.alignment[row] == corpus::kUnaligned) continue;
      ++e.aligned_words;
      for (std::size_t map = 0; map < e.alignment_hits.size(); ++map) {
        const float* weights = cross.data() + (map * rows + row) * cols;
        const auto argmax = std::max_element(weights, weights + cols) - weights;
        if (argmax == pair.alignment[row]) ++e.alignment_hits[map];
      }
    }
  }
  return e;
}

}  // namespace attn::model
