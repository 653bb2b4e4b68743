// The language model's outside inputs: createTrainer({ task: { corpus } })'s path (option checks, the corpus
// split, both tokenizers) with any numbers and any text, and its weight-file and checkpoint readers past the
// checksum (the CRC is appended here, as in weights_fuzzer.cpp). A setup that passes trains a step; a model that
// loads or trains generates with and without its key/value cache (the same tokens) and survives a save → load
// round trip; a checkpoint that loads saves back to its bytes and continues a step.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>

#include "attn/language_model_setup.h"
#include "attn/language_model_training.h"
#include "fuzz_check.h"

using namespace attn;

namespace {

double number(FuzzedDataProvider& p, int usual_low, int usual_high) {
  static const double palette[] = {0, -1, 0.5, std::nan(""), INFINITY, 1e300, 9007199254740993.0, 4097};
  if (p.ConsumeIntegralInRange<int>(0, 9) == 0)
    return palette[p.ConsumeIntegralInRange<std::size_t>(0, std::size(palette) - 1)];
  return p.ConsumeIntegralInRange<int>(usual_low, usual_high);
}

void check_model(const model::TrainedLanguageModel& m) {
  model::LanguageModel lm(m.config, reference_kernels());
  const std::vector<int> prompt = m.tokenizer.encode("the ");
  model::Sampling sampling;
  const model::Generation cached = model::generate(lm, m.parameters.data(), prompt, 3, sampling, true);
  const model::Generation recomputed = model::generate(lm, m.parameters.data(), prompt, 3, sampling, false);
  FUZZ_CHECK(cached.tokens == recomputed.tokens);
  for (const auto& step : cached.steps) {
    FUZZ_CHECK(step.token >= 0 && static_cast<std::size_t>(step.token) < m.tokenizer.size());
    fuzz::check_rows(step.step.attention, step.step.length);
  }
  const std::vector<std::uint8_t> saved = model::save_language_model(m);
  const model::LoadedLanguageModel again = model::load_language_model(saved.data(), saved.size());
  FUZZ_CHECK(again.model && again.model->tokenizer.serialize() == m.tokenizer.serialize());
}

}  // namespace

// A checkpoint that loads saves back to the same bytes, and a trainer continues from it without fault (a forged
// one may hold any finite numbers, so its loss is not checked).
void check_checkpoint(const model::LanguageModelCheckpoint& c, const std::vector<std::uint8_t>& file) {
  FUZZ_CHECK(model::save_checkpoint(c) == file);
  if (c.model.parameters.size() > 200000) return;
  std::vector<int> tokens = c.model.tokenizer.encode("the cat sees the book.");
  model::LanguageModelTrainer trainer(c.model, std::move(tokens), c.options, reference_kernels());
  trainer.restore(c.run);
  if (trainer.steps_done() < c.options.steps) trainer.step();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider p(bytes, size);
  if (p.ConsumeBool()) {  // a weight file or a checkpoint
    std::vector<std::uint8_t> file = p.ConsumeRemainingBytes<std::uint8_t>();
    (void)model::load_language_model(file.data(), file.size());
    (void)model::load_checkpoint(file.data(), file.size());
    const std::uint32_t crc = model::weight_file_checksum(file.data(), file.size());
    for (int i = 0; i < 4; ++i) file.push_back(static_cast<std::uint8_t>(crc >> (8 * i)));
    const model::LoadedLanguageModel loaded = model::load_language_model(file.data(), file.size());
    FUZZ_CHECK(loaded.model || !loaded.error.empty());
    if (loaded.model && loaded.model->parameters.size() < 200000) check_model(*loaded.model);
    const model::LoadedCheckpoint checkpoint = model::load_checkpoint(file.data(), file.size());
    FUZZ_CHECK(checkpoint.checkpoint || !checkpoint.error.empty());
    if (checkpoint.checkpoint) check_checkpoint(*checkpoint.checkpoint, file);
    return 0;
  }
  check::LanguageModelRequest r;
  r.numbers.seed = number(p, 0, 100);
  r.numbers.data_seed = number(p, 0, 100);
  r.numbers.steps = number(p, 1, 5);
  r.numbers.batch_size = number(p, 1, 3);
  r.numbers.learning_rate = p.ConsumeFloatingPointInRange<double>(1e-4, 0.05);
  r.numbers.warmup_steps = number(p, 0, 2);
  r.numbers.d_model = number(p, 2, 12);
  r.numbers.heads = number(p, 1, 4);
  r.numbers.ffn = number(p, 1, 16);
  r.numbers.kv_heads = number(p, 1, 4);
  r.layers = number(p, 1, 2);
  r.context = number(p, 2, 12);
  r.merges = number(p, 1, 40);
  r.held_out_share = p.ConsumeBool() ? 0.1 : number(p, 0, 1);
  r.tokenizer = p.ConsumeBool() ? "characters" : "byte-pairs";
  static const char* schemes[] = {"sinusoidal", "none", "rope", "alibi"};
  r.positions = schemes[p.ConsumeIntegralInRange<int>(0, 3)];
  r.corpus = p.ConsumeRemainingBytesAsString();
  check::LanguageModelSetup setup = check::language_model_setup(r);
  if (setup.error) {
    FUZZ_CHECK(!setup.error.message.empty());
    return 0;
  }
  model::LanguageModelTrainer trainer(std::move(setup.model), std::move(setup.train_tokens), setup.options,
                                      reference_kernels());
  FUZZ_CHECK(std::isfinite(trainer.step().loss_per_token));
  check_model(trainer.model());
  return 0;
}
