// A trainer's step(count) call in plain C++, for the translator's trainer and the language model's alike: the
// bindings answer it to JavaScript, anything else may run it the same way.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "attn/checks.h"
#include "attn/training.h"

namespace attn::check {

inline constexpr double kMaxStepsPerCall = 100000;

// count a whole number from 1 to kMaxStepsPerCall.
inline Error step_count(double count) {
  if (count >= 1 && count <= kMaxStepsPerCall && count == std::floor(count)) return {};
  return {ErrorKind::range_error, "count must be a whole number from 1 to 100000"};
}

struct StepsRun {
  model::StepReport last;     // the last step's (learning rate, gradient norm), or steps_done() when none ran
  std::vector<float> losses;  // each step's loss per token
  double mean_loss = NAN;     // theirs, NaN when no step ran (the schedule was done)
  bool done = false;          // the schedule is done
  double shard_seconds = 0;   // the steps' shard_seconds, summed
};

// min(count, steps left) steps of `trainer` (anything with step(), steps_done() and options()); count was checked
// by step_count().
template <class AnyTrainer>
StepsRun run_steps(AnyTrainer& trainer, std::size_t count) {
  const std::size_t run = std::min(trainer.options().steps - trainer.steps_done(), count);
  StepsRun out;
  out.last = {trainer.steps_done(), 0, 0, 0};
  double sum = 0;
  for (std::size_t i = 0; i < run; ++i) {
    out.last = trainer.step();
    out.losses.push_back(static_cast<float>(out.last.loss_per_token));
    sum += out.last.loss_per_token;
    out.shard_seconds += out.last.shard_seconds;
  }
  if (run) out.mean_loss = sum / static_cast<double>(run);
  out.done = trainer.steps_done() == trainer.options().steps;
  return out;
}

}  // namespace attn::check
