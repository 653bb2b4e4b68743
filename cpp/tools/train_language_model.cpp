// Trains a language model on a text file natively (the same C++ the module runs, on a thread pool), printing the
// held-out bits per character beside the unigram and bigram baselines as it goes, and writes its weight file
// (loadLanguageModel({ weights }) reads it). With the defaults: Pride and Prejudice, characters as tokens.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "attn/language_model_setup.h"
#include "attn/language_model_training.h"
#include "attn/thread_pool.h"
#include "options.h"

using namespace attn;

namespace {

int time_generation(const tools::Options& o) {
  std::ifstream file(o.text("model"), std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  model::LoadedLanguageModel loaded = model::load_language_model(bytes.data(), bytes.size());
  if (!loaded.model) {
    std::cerr << o.text("model") << ": " << loaded.error << "\n";
    return 1;
  }
  const model::TrainedLanguageModel& m = *loaded.model;
  model::LanguageModel lm(m.config, fast_kernels());
  model::Sampling sampling;
  sampling.temperature = 0.8f;
  const std::size_t tokens = o.number("tokens"), repeat = o.number("repeat");
  auto write = [&] {
    return model::generate(lm, m.parameters.data(), m.tokenizer.encode(o.text("prompt")), tokens, sampling, true, 10);
  };
  const model::Generation first = write();
  std::printf(
      "%s\n",
      m.tokenizer.text({first.tokens.begin() + static_cast<std::ptrdiff_t>(first.prompt_tokens), first.tokens.end()})
          .c_str());
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < repeat; ++i) write();
  const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  if (repeat)
    std::printf("# %zu generations of %zu tokens, %.4f ms per token\n", repeat, tokens,
                elapsed.count() / static_cast<double>(repeat * tokens));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Options o(argc, argv,
                         {{"corpus", "web/corpora/pride-and-prejudice.txt"},
                          {"out", ""},
                          {"tokenizer", "characters"},
                          {"merges", "256"},
                          {"held-out", "0.1"},
                          {"context", "64"},
                          {"d-model", "64"},
                          {"heads", "4"},
                          {"kv-heads", "4"},
                          {"ffn", "256"},
                          {"layers", "2"},
                          {"seed", "7"},
                          {"data-seed", "1"},
                          {"steps", "2000"},
                          {"batch", "16"},
                          {"lr", "0.003"},
                          {"warmup", "100"},
                          {"threads", "2"},
                          {"report-every", "250"},
                          {"evaluate-tokens", "20000"},
                          {"kernels", "fast"},
                          {"model", ""},
                          {"prompt", "It is a truth"},
                          {"tokens", "80"},
                          {"repeat", "0"}});
  // --model FILE --repeat N: no training; that weight file writes `tokens` tokens after `prompt` N times (after one
  // untimed), as the Generate view asks (temperature 0.8, the cache, each step's 10 most likely tokens and every
  // attention map), timed: npm run bench:translator-boundary's native figure per generated token.
  if (!o.text("model").empty()) return time_generation(o);
  // The module's checks (createTrainer({ task: { corpus } })'s), before anything trains: a shape it refuses is
  // refused here, in its words.
  check::LanguageModelRequest request;
  request.numbers.d_model = o.real("d-model");
  request.numbers.heads = o.real("heads");
  request.numbers.kv_heads = o.real("kv-heads");
  request.numbers.ffn = o.real("ffn");
  request.layers = o.real("layers");
  request.context = o.real("context");
  request.held_out_share = o.real("held-out");
  request.tokenizer = o.text("tokenizer");
  request.merges = o.real("merges");
  if (const check::Error error = check::language_model_shape(request)) {
    std::cerr << error.message << "\n";
    return 1;
  }
  std::ifstream file(o.text("corpus"), std::ios::binary);
  if (!file) {
    std::cerr << "cannot read " << o.text("corpus") << "\n";
    return 1;
  }
  std::stringstream text;
  text << file.rdbuf();
  const model::LanguageModelCorpus split = model::split_corpus(text.str(), o.real("held-out"));
  model::TrainedLanguageModel fresh;
  fresh.tokenizer = o.text("tokenizer") == "byte-pairs"
                        ? text::Tokenizer::byte_pairs(split.train_text, o.number("merges"))
                        : text::Tokenizer::characters(split.train_text);
  model::LanguageModelConfig& c = fresh.config;
  c.d_model = static_cast<std::uint32_t>(o.number("d-model"));
  c.heads = static_cast<std::uint32_t>(o.number("heads"));
  c.kv_heads = static_cast<std::uint32_t>(o.number("kv-heads"));
  c.ffn = static_cast<std::uint32_t>(o.number("ffn"));
  c.layers = static_cast<std::uint32_t>(o.number("layers"));
  c.context = static_cast<std::uint32_t>(o.number("context"));
  c.vocabulary = static_cast<std::uint32_t>(fresh.tokenizer.size());
  fresh.parameters = model::initial_language_model_parameters(c, o.number("seed"));
  const std::vector<int> train = fresh.tokenizer.encode(split.train_text);
  std::vector<int> held_out = fresh.tokenizer.encode(split.held_out_text);
  if (held_out.size() > o.number("evaluate-tokens")) held_out.resize(o.number("evaluate-tokens"));

  model::TrainingOptions options;
  options.steps = o.number("steps");
  options.batch = o.number("batch");
  options.learning_rate = static_cast<float>(o.real("lr"));
  options.warmup = o.number("warmup");
  options.data_seed = o.number("data-seed");
  const KernelSet& kernels = o.text("kernels") == "reference" ? reference_kernels() : fast_kernels();
  ThreadPool pool(static_cast<unsigned>(o.number("threads")));
  model::LanguageModelTrainer trainer(std::move(fresh), train, options, kernels, pool.parallel_for(pool.size()));
  const model::NGramBaselines baselines(train, trainer.model().tokenizer.size());
  const model::TrainedLanguageModel& m = trainer.model();
  std::printf("%zu training tokens, %zu held-out tokens scored; vocabulary %zu; %zu parameters\n", train.size(),
              held_out.size(), m.tokenizer.size(), m.parameters.size());
  std::printf("baselines on the held-out part: unigram %.3f, bigram %.3f bits per character\n",
              baselines.unigram(m.tokenizer, held_out).bits_per_character(),
              baselines.bigram(m.tokenizer, held_out).bits_per_character());
  const auto start = std::chrono::steady_clock::now();
  double window = 0;
  for (std::size_t step = 1; step <= options.steps; ++step) {
    window += trainer.step().loss_per_token;
    if (step % o.number("report-every") == 0 || step == options.steps) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      model::LanguageModel lm(m.config, kernels);
      const double bpc = model::score_text(lm, m.parameters.data(), m.tokenizer, held_out).bits_per_character();
      std::printf("step %zu: loss %.3f nats per token, held-out %.3f bits per character, %.1f steps/s\n", step,
                  window / static_cast<double>(o.number("report-every")), bpc, static_cast<double>(step) / seconds);
      std::fflush(stdout);
      window = 0;
    }
  }
  model::LanguageModel lm(m.config, kernels);
  model::Sampling sampling;
  sampling.temperature = 0.8f;
  const model::Generation g =
      model::generate(lm, m.parameters.data(), m.tokenizer.encode("It is a truth"), 200, sampling, true);
  std::printf(
      "sample (temperature 0.8): It is a truth%s\n",
      m.tokenizer.text({g.tokens.begin() + static_cast<std::ptrdiff_t>(g.prompt_tokens), g.tokens.end()}).c_str());
  if (!o.text("out").empty()) {
    const std::vector<std::uint8_t> bytes = model::save_language_model(m);
    std::ofstream(o.text("out"), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    std::printf("wrote %s (%zu bytes)\n", o.text("out").c_str(), bytes.size());
  }
  return 0;
}
