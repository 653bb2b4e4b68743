// The native training loop: a Trainer whose shards run on a thread pool, with progress reports and an
// optional time limit. (The wasm module drives a Trainer itself, a few steps per call.)
#include <algorithm>
#include <chrono>

#include "attn/thread_pool.h"
#include "attn/training.h"

namespace attn::model {

TrainingReport train(TranslationModel& model, const TrainingOptions& options, const KernelSet& kernels,
                     std::unique_ptr<tasks::Task> task) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  ThreadPool pool(std::clamp(options.threads, 1u, static_cast<unsigned>(Trainer::kShards)));
  Trainer trainer(std::move(model), options, kernels, pool.parallel_for(pool.size()), std::move(task));

  TrainingReport report;
  double window_loss = 0, window_steps = 0;
  bool first_window = true;
  for (std::size_t step = 1; step <= options.steps; ++step) {
    const StepReport s = trainer.step();
    window_loss += s.loss_per_token;
    window_steps += 1;
    const double seconds = std::chrono::duration<double>(clock::now() - start).count();
    const bool out_of_time = options.time_limit_seconds > 0 && seconds >= options.time_limit_seconds;
    if (step % options.report_every == 0 || step == options.steps || out_of_time) {
      const double mean = window_loss / window_steps;
      if (first_window) report.first_loss_per_token = mean, first_window = false;
      report.final_loss_per_token = mean;
      if (options.on_progress) options.on_progress({step, mean, seconds, s.learning_rate});
      window_loss = window_steps = 0;
    }
    report.steps = step;
    report.seconds = seconds;
    if (out_of_time) break;
  }
  model = trainer.model();
  return report;
}

}  // namespace attn::model
