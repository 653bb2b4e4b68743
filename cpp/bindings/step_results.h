// What a trainer's step(count) call answers, for the translator's trainer and the language model's alike.
#pragma once

#include <emscripten/val.h>

#include <cstddef>

#include "attn/step_runs.h"
#include "js_values.h"

namespace attn::bindings {

// { step, loss, losses, learningRate, gradientNorm, done, shardSeconds }: check::run_steps() of `trainer`; loss is
// the mean per-token loss of the steps run, losses each step's, shardSeconds the time all of them spent in their
// shards, the rest the last step's. A count that is not a whole number from 1 to 100000 is refused.
template <class AnyTrainer>
emscripten::val run_steps(AnyTrainer& trainer, double count) {
  if (auto error = check::step_count(count)) return js::error_result(error);
  const check::StepsRun run = check::run_steps(trainer, static_cast<std::size_t>(count));
  emscripten::val out = emscripten::val::object();
  out.set("step", static_cast<double>(run.last.step));
  out.set("loss", run.mean_loss);
  out.set("losses", js::copy_out(run.losses));
  out.set("learningRate", run.last.learning_rate);
  out.set("gradientNorm", run.last.gradient_norm);
  out.set("done", run.done);
  out.set("shardSeconds", run.shard_seconds);
  return out;
}

}  // namespace attn::bindings
