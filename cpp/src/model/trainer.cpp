#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>

#include "attn/training.h"

namespace attn::model {
namespace {

constexpr std::size_t kShards = 4;  // fixed, so results never depend on the thread count

float learning_rate_at(const TrainingOptions& o, std::size_t step) {
  if (step <= o.warmup) return o.learning_rate * static_cast<float>(step) / static_cast<float>(std::max<std::size_t>(o.warmup, 1));
  const double progress = static_cast<double>(step - o.warmup) / static_cast<double>(std::max(o.steps - o.warmup, std::size_t{1}));
  return static_cast<float>(o.learning_rate * (0.05 + 0.95 * 0.5 * (1.0 + std::cos(3.141592653589793 * std::min(progress, 1.0)))));
}

struct Shard {
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

}  // namespace

TrainingReport train(TranslationModel& model, const TrainingOptions& options, const KernelSet& kernels) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const std::size_t n = model.parameters.size();
  std::vector<std::unique_ptr<Shard>> shards;
  for (std::size_t s = 0; s < kShards; ++s) shards.push_back(std::make_unique<Shard>(model.config, kernels, n));
  std::vector<float> grads(n);
  Adam adam(n);
  corpus::TrainingStream stream(options.data_seed);
  const unsigned threads = std::clamp(options.threads, 1u, static_cast<unsigned>(kShards));

  TrainingReport report;
  double window_loss = 0, window_tokens = 0;
  bool first_window = true;
  std::vector<EncodedPair> batch(options.batch);
  for (std::size_t step = 1; step <= options.steps; ++step) {
    std::size_t tokens = 0;
    for (auto& pair : batch) {
      pair = encode(model, stream.next());
      tokens += pair.target_out.size();
    }
    const float weight = 1.0f / static_cast<float>(tokens);  // gradient of the mean loss per target token
    const float* params = model.parameters.data();
    auto run_shards = [&](unsigned worker) {
      for (std::size_t s = worker; s < kShards; s += threads)
        shards[s]->run(params, batch, s * batch.size() / kShards, (s + 1) * batch.size() / kShards, weight);
    };
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(run_shards, t);
    run_shards(0);
    for (auto& h : helpers) h.join();

    std::fill(grads.begin(), grads.end(), 0.0f);
    double loss = 0;
    for (const auto& shard : shards) {
      for (std::size_t i = 0; i < n; ++i) grads[i] += shard->grads[i];
      loss += shard->loss;
    }
    double norm_sq = 0;
    for (float g : grads) norm_sq += static_cast<double>(g) * g;
    const double norm = std::sqrt(norm_sq);
    if (norm > options.clip_norm) {
      const float shrink = static_cast<float>(options.clip_norm / norm);
      for (float& g : grads) g *= shrink;
    }
    const float lr = learning_rate_at(options, step);
    adam.step(model.parameters.data(), grads.data(), lr);

    window_loss += loss;
    window_tokens += static_cast<double>(tokens);
    const double seconds = std::chrono::duration<double>(clock::now() - start).count();
    const bool out_of_time = options.time_limit_seconds > 0 && seconds >= options.time_limit_seconds;
    if (step % options.report_every == 0 || step == options.steps || out_of_time) {
      const double mean = window_loss / window_tokens;
      if (first_window) report.first_loss_per_token = mean, first_window = false;
      report.final_loss_per_token = mean;
      if (options.on_progress) options.on_progress({step, mean, seconds, lr});
      window_loss = window_tokens = 0;
    }
    report.steps = step;
    report.seconds = seconds;
    if (out_of_time) break;
  }
  return report;
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
  e.alignment_hits.assign(c.decoder_layers * c.heads, 0);
  for (const auto& pair : pairs) {
    const Translation t = translator.translate_words(pair.english);
    std::vector<std::string> words = t.target;
    const bool finished = !words.empty() && words.back() == "<eos>";
    if (finished) words.pop_back();
    e.translations.push_back(corpus::join(words));
    ++e.sentences;
    if (!finished || words != pair.spanish) continue;
    ++e.exact;
    const std::size_t rows = t.target.size(), cols = t.source.size();
    for (std::size_t row = 0; row < pair.alignment.size(); ++row) {
      if (pair.alignment[row] == corpus::kUnaligned) continue;
      ++e.aligned_words;
      for (std::size_t map = 0; map < e.alignment_hits.size(); ++map) {
        const float* weights = t.cross_attention.data() + (map * rows + row) * cols;
        const auto argmax = std::max_element(weights, weights + cols) - weights;
        if (argmax == pair.alignment[row]) ++e.alignment_hits[map];
      }
    }
  }
  return e;
}

}  // namespace attn::model
