// Writing text one token at a time: each step's logits (from the key/value cache, or from the window's whole
// causal pass) become a distribution (temperature, top-k, top-p), a token is drawn from it, and the step keeps
// what a learner wants to see: the distribution's most likely tokens and every head's attention over the window.
#include <algorithm>

#include "attn/attention_sinks.h"
#include "attn/language_model_training.h"
#include "attn/most_likely.h"
#include "sampling.h"

namespace attn::model {
namespace {

constexpr int kLineBreak = '\n';

// The `count` most likely tokens of `p` (most_likely_tokens: the order a stable sort of the whole vocabulary gives).
std::vector<std::pair<int, float>> most_likely(const std::vector<float>& p, std::size_t count) {
  count = std::min(count, p.size());
  std::vector<int> ids(count);
  std::vector<float> probabilities(count);
  ids.resize(most_likely_tokens(p.data(), p.size(), count, ids.data(), probabilities.data()));
  std::vector<std::pair<int, float>> out;
  out.reserve(ids.size());
  for (std::size_t r = 0; r < ids.size(); ++r) out.emplace_back(ids[r], probabilities[r]);
  return out;
}

}  // namespace

Generation generate(LanguageModel& model, const float* params, std::vector<int> prompt, std::size_t count,
                    const Sampling& sampling, bool use_cache, std::size_t top) {
  const std::size_t context = model.config().context;
  Generation g;
  g.tokens = prompt.empty() ? std::vector<int>{kLineBreak} : std::move(prompt);
  g.prompt_tokens = g.tokens.size();
  // The window: the last `context` tokens at most, moving on by half a context when the sequence outgrows it.
  std::size_t start = 0;
  while (g.tokens.size() - start > context) start += std::max<std::size_t>(context / 2, 1);
  KeyValueCache cache(model.config());
  LanguageModelActivations act;
  Rng rng(sampling.seed);
  auto fill_cache = [&](StepOutput& last) {
    cache.clear();
    for (std::size_t i = start; i < g.tokens.size(); ++i) model.step(params, g.tokens[i], cache, 1.0f, last);
  };
  StepOutput step;
  std::vector<float> p, softmax_workspace;  // each token's distribution, and its softmax's workspace
  if (use_cache) fill_cache(step);
  for (std::size_t n = 0; n < count; ++n) {
    if (!use_cache) {
      const std::vector<int> window(g.tokens.begin() + static_cast<std::ptrdiff_t>(start), g.tokens.end());
      model.forward(params, window, 1.0f, act);
      last_row_step(act, model.config().heads, model.config().vocabulary, step, model.config().window);
    }
    sampling_distribution(model.kernels(), step.logits, sampling, p, softmax_workspace);
    GeneratedToken out;
    out.token = draw_token<float>(p.data(), 0, p.size(), rng);
    out.probability = p[static_cast<std::size_t>(out.token)];
    out.top = most_likely(p, top);
    out.window_start = g.tokens.size() - step.length;  // a sliding window's first position, or the context's
    out.step = step;
    g.tokens.push_back(out.token);
    if (n + 1 < count && g.tokens.size() - start > context) {
      start += std::max<std::size_t>(context / 2, 1);
      if (use_cache) fill_cache(step);
    } else if (n + 1 < count && use_cache) {
      model.step(params, out.token, cache, 1.0f, step);
    }
    out.cache_bytes = use_cache ? cache.bytes_allocated() : 0;
    g.steps.push_back(std::move(out));
  }
  return g;
}

}  // namespace attn::model
