// What a trainer's step(count) call answers, for the translator's trainer and the language model's alike.
#pragma once

#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "attn/training.h"
#include "js_values.h"

namespace attn::bindings {

inline constexpr double kMaxStepsPerCall = 100000;

// { step, loss, losses, learningRate, gradientNorm, done }: runs min(count, steps left) steps of `trainer`
// (anything with step(), steps_done() and options()); loss is the mean per-token loss of those steps, losses
// each step's, the rest the last step's. A count that is not a whole number from 1 to 100000 is refused.
template <class AnyTrainer>
emscripten::val run_steps(AnyTrainer& trainer, double count) {
  if (!(count >= 1 && count <= kMaxStepsPerCall) || count != std::floor(count))
    return js::error_result("RangeError", "count must be a whole number from 1 to 100000");
  const std::size_t left = trainer.options().steps - trainer.steps_done();
  const std::size_t run = std::min(left, static_cast<std::size_t>(count));
  std::vector<float> losses;
  model::StepReport last{trainer.steps_done(), 0, 0, 0};
  double sum = 0;
  for (std::size_t i = 0; i < run; ++i) {
    last = trainer.step();
    losses.push_back(static_cast<float>(last.loss_per_token));
    sum += last.loss_per_token;
  }
  emscripten::val out = emscripten::val::object();
  out.set("step", static_cast<double>(last.step));
  out.set("loss", run ? sum / static_cast<double>(run) : std::nan(""));
  out.set("losses", js::copy_out(losses));
  out.set("learningRate", last.learning_rate);
  out.set("gradientNorm", last.gradient_norm);
  out.set("done", trainer.steps_done() == trainer.options().steps);
  return out;
}

}  // namespace attn::bindings
