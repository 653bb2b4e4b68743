// npm run bench:gpt2's native line: GPT-2 from a model.safetensors and config.json through gpt2::load, on the fast
// kernels built for this machine, one thread. Times one causal pass over the prompt (per prompt) and each greedy
// token generated after it with the key/value cache (per token), medians of `runs`, float32 or 8-bit weights, and
// prints JSON as gpt2-ours.js's results, with this thread's CPU time beside the wall clock's: { promptSeconds,
// tokenSeconds, promptCpuSeconds, tokenCpuSeconds, peakMegabytes, steps: [{ id, top }] }.
//   gpt2_step <model.safetensors> <config.json> <prompt ids, comma-separated> <steps> <runs> <weight bits>
//             [<threads> [<smallest shared product, multiply-adds>]]
// With threads (default 1) each token's products share their outputs among that many threads of a pool
// (LanguageModel::use_threads) from the smallest product given (default kThreadedProductMadds) up: the crossover's
// measurement (npm run bench:threads' generation rows). CPU time is then the calling thread's only: read the wall
// clock.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "attn/gpt2_weights.h"
#include "attn/language_model.h"
#include "attn/thread_pool.h"

namespace {

using attn::model::LanguageModel;

// Wall-clock and this thread's CPU seconds: on a shared machine the second is what the work cost.
struct Clock {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = cpu_seconds();
  static double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
  }
  double wall_seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(); }
  double cpu_seconds_since() const { return cpu_seconds() - cpu; }
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// The 10 most likely tokens of a row of logits, with their log-probabilities.
std::string top_json(const std::vector<float>& logits) {
  const double max = *std::max_element(logits.begin(), logits.end());
  double sum = 0.0;
  for (float z : logits) sum += std::exp(z - max);
  std::vector<int> order(logits.size());
  std::iota(order.begin(), order.end(), 0);
  std::partial_sort(order.begin(), order.begin() + 10, order.end(),
                    [&](int a, int b) { return logits[a] > logits[b]; });
  std::ostringstream out;
  out << "[";
  for (int i = 0; i < 10; ++i)
    out << (i ? "," : "") << "[" << order[i] << "," << (logits[order[i]] - max - std::log(sum)) << "]";
  return out.str() + "]";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7 || argc > 9) {
    std::fprintf(stderr, "usage: gpt2_step model.safetensors config.json ids steps runs bits [threads [from]]\n");
    return 2;
  }
  std::ifstream config_file(argv[2]);
  const std::string config_text((std::istreambuf_iterator<char>(config_file)), std::istreambuf_iterator<char>());
  attn::gpt2::Config config;
  if (auto error = attn::gpt2::read_config(config_text, config)) return std::fprintf(stderr, "config\n"), 1;
  std::ifstream weights(argv[1], std::ios::binary | std::ios::ate);
  const auto size = static_cast<std::uint64_t>(weights.tellg());
  std::vector<float> params;
  const auto read = [&](std::uint64_t offset, std::size_t bytes, std::uint8_t* into) {
    weights.seekg(static_cast<std::streamoff>(offset));
    return static_cast<bool>(weights.read(reinterpret_cast<char*>(into), static_cast<std::streamsize>(bytes)));
  };
  if (auto error = attn::gpt2::load(size, read, config, params)) return std::fprintf(stderr, "weights\n"), 1;
  std::vector<int> prompt;
  std::stringstream ids(argv[3]);
  for (std::string id; std::getline(ids, id, ',');) prompt.push_back(std::stoi(id));
  const int steps = std::stoi(argv[4]), runs = std::stoi(argv[5]);

  const attn::model::LanguageModelConfig model_config = attn::gpt2::language_model_config(config);
  LanguageModel model(model_config, attn::fast_kernels());
  if (!model.use_weight_bits(static_cast<unsigned>(std::stoi(argv[6])), params.data())) return 1;
  const unsigned threads = argc > 7 ? static_cast<unsigned>(std::stoi(argv[7])) : 1;
  attn::ThreadPool pool(threads);
  model.use_threads(pool.parallel_for(threads), threads,
                    argc > 8 ? std::stoull(argv[8]) : attn::model::kThreadedProductMadds);
  std::vector<double> prompt_times, token_times, prompt_cpu, token_cpu;
  attn::model::LanguageModelActivations act;
  for (int run = 0; run < runs; ++run) {
    const Clock start;
    model.forward(params.data(), prompt, 1.0f, act);
    prompt_times.push_back(start.wall_seconds());
    prompt_cpu.push_back(start.cpu_seconds_since());
  }
  std::string generated;
  for (int run = 0; run < runs; ++run) {
    attn::model::KeyValueCache cache(model_config);
    attn::model::StepOutput out;
    for (int token : prompt) model.step(params.data(), token, cache, 1.0f, out);
    std::ostringstream steps_json;
    const Clock start;
    for (int s = 0; s < steps; ++s) {
      const int next = static_cast<int>(std::max_element(out.logits.begin(), out.logits.end()) - out.logits.begin());
      if (run == 0) steps_json << (s ? "," : "") << "{\"id\":" << next << ",\"top\":" << top_json(out.logits) << "}";
      model.step(params.data(), next, cache, 1.0f, out);
    }
    token_times.push_back(start.wall_seconds() / steps);
    token_cpu.push_back(start.cpu_seconds_since() / steps);
    if (run == 0) generated = steps_json.str();
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf(
      "{\"promptSeconds\":%.6f,\"tokenSeconds\":%.6f,\"promptCpuSeconds\":%.6f,\"tokenCpuSeconds\":%.6f,"
      "\"peakMegabytes\":%.1f,\"steps\":[%s]}\n",
      median(prompt_times), median(token_times), median(prompt_cpu), median(token_cpu),
      static_cast<double>(usage.ru_maxrss) / 1024, generated.c_str());
  return 0;
}
