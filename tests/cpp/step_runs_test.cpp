// A trainer's step(count) call (attn/step_runs.h, what the module answers): it runs the steps left, at most count,
// and reports each step's loss, their mean and the last step's schedule, exactly as stepping one at a time.
#include <gtest/gtest.h>

#include <cmath>

#include "attn/step_runs.h"
#include "model_test_util.h"

namespace attn::check {
namespace {

using attn::testing::tiny_model_config;

model::TrainingOptions six_steps() {
  model::TrainingOptions o;
  o.steps = 6, o.batch = 8, o.warmup = 2, o.learning_rate = 3e-3f;
  return o;
}

TEST(StepRuns, RunsAtMostTheStepsLeftAndReportsAsSteppingOneAtATime) {
  model::Trainer counted(model::new_translation_model(tiny_model_config(), 3), six_steps(), reference_kernels());
  model::Trainer single(model::new_translation_model(tiny_model_config(), 3), six_steps(), reference_kernels());
  const StepsRun first = run_steps(counted, 4);
  std::vector<float> losses;
  double sum = 0;
  model::StepReport last;
  for (int i = 0; i < 4; ++i) {
    last = single.step();
    losses.push_back(static_cast<float>(last.loss_per_token));
    sum += last.loss_per_token;
  }
  EXPECT_EQ(first.losses, losses);
  EXPECT_EQ(first.mean_loss, sum / 4);
  EXPECT_EQ(first.last.step, 4u);
  EXPECT_EQ(first.last.learning_rate, last.learning_rate);
  EXPECT_EQ(first.last.gradient_norm, last.gradient_norm);
  EXPECT_FALSE(first.done);

  const StepsRun rest = run_steps(counted, 100);  // only 2 left
  EXPECT_EQ(rest.losses.size(), 2u);
  EXPECT_EQ(rest.last.step, 6u);
  EXPECT_TRUE(rest.done);

  const StepsRun after = run_steps(counted, 1);  // the schedule is done: nothing runs
  EXPECT_TRUE(after.losses.empty());
  EXPECT_TRUE(std::isnan(after.mean_loss));
  EXPECT_EQ(after.last.step, 6u);
  EXPECT_TRUE(after.done);
  EXPECT_EQ(counted.model().parameters, [&] {
    while (single.steps_done() < 6) single.step();
    return single.model().parameters;
  }());
}

TEST(StepRuns, CountIsAWholeNumberFrom1To100000) {
  for (double good : {1.0, 7.0, 100000.0}) EXPECT_FALSE(step_count(good)) << good;
  for (double bad : {0.0, -1.0, 0.5, 100001.0, std::nan(""), HUGE_VAL}) {
    const Error error = step_count(bad);
    EXPECT_EQ(error.kind, ErrorKind::range_error) << bad;
    EXPECT_EQ(error.message, "count must be a whole number from 1 to 100000");
  }
}

}  // namespace
}  // namespace attn::check
