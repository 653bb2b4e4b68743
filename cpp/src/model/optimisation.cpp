// What every trainer here shares: the learning-rate schedule, the shards' gradients summed in order and
// clipped, and running shards in turn (or timed, on whatever runs them).
#include <algorithm>
#include <cmath>

#include "attn/training.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#else
#include <chrono>
#endif

namespace attn::model {

namespace {

// Seconds on a monotonic clock. In wasm the page's own (performance.now): std::chrono's would link clock_gettime's
// machinery into every module, 0.3 kB gzipped of the Generate view's first paint.
double now_seconds() {
#ifdef __EMSCRIPTEN__
  return emscripten_get_now() / 1000.0;
#else
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

}  // namespace

float learning_rate_at(const TrainingOptions& o, std::size_t step) {
  if (step <= o.warmup)
    return o.learning_rate * static_cast<float>(step) / static_cast<float>(std::max<std::size_t>(o.warmup, 1));
  const double progress =
      static_cast<double>(step - o.warmup) / static_cast<double>(std::max(o.steps - o.warmup, std::size_t{1}));
  return static_cast<float>(o.learning_rate *
                            (0.05 + 0.95 * 0.5 * (1.0 + std::cos(3.141592653589793 * std::min(progress, 1.0)))));
}

double sum_and_clip(const std::vector<const float*>& shard_grads, std::vector<float>& grads, float clip_norm) {
  std::fill(grads.begin(), grads.end(), 0.0f);
  for (const float* shard : shard_grads)
    for (std::size_t i = 0; i < grads.size(); ++i) grads[i] += shard[i];
  double norm_sq = 0;
  for (float g : grads) norm_sq += static_cast<double>(g) * g;
  const double norm = std::sqrt(norm_sq);
  if (norm > clip_norm) {
    const float shrink = static_cast<float>(clip_norm / norm);
    for (float& g : grads) g *= shrink;
  }
  return norm;
}

void run_sequentially(std::size_t count, const std::function<void(std::size_t)>& task) {
  for (std::size_t i = 0; i < count; ++i) task(i);
}

double run_shards(const ParallelFor& parallel, std::size_t count, const std::function<void(std::size_t)>& task) {
  const double start = now_seconds();
  parallel(count, task);
  return now_seconds() - start;
}

}  // namespace attn::model
