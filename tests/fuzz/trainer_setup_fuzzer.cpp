// createTrainer()'s path in plain C++ (cpp/include/attn/trainer_setup.h): option checks, the task by name, pasted
// pairs (the parser and the pairs task) and the model size limit, with any numbers and any text. A small
// setup that passes then trains one step, whose loss must be finite.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>

#include "attn/trainer_setup.h"
#include "attn/translator.h"
#include "fuzz_check.h"

using namespace attn;

namespace {

double number(FuzzedDataProvider& p, double usual_low, double usual_high) {
  static const double palette[] = {0,         -1,           0.5,   1.5,    std::nan(""),       INFINITY,
                                   -INFINITY, 2147483648.0, 1e300, 1e-300, 9007199254740991.0, 9007199254740993.0,
                                   1e6,       1e6 + 1};
  if (p.ConsumeIntegralInRange<int>(0, 9) == 0)
    return palette[p.ConsumeIntegralInRange<std::size_t>(0, std::size(palette) - 1)];
  return p.ConsumeIntegralInRange<int>(static_cast<int>(usual_low), static_cast<int>(usual_high));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider p(bytes, size);
  static const char* task_names[] = {"pairs", "pairs", "pairs", "reverse", "sort", "copy", "en-es", "en-ja"};
  check::TrainerRequest r;
  r.numbers.seed = number(p, 0, 100);
  r.numbers.data_seed = number(p, 0, 100);
  r.numbers.steps = number(p, 1, 50);
  r.numbers.batch_size = number(p, 1, 6);
  r.numbers.learning_rate = p.ConsumeBool() ? number(p, 0, 2) : p.ConsumeFloatingPointInRange<double>(1e-4, 0.05);
  r.numbers.warmup_steps = number(p, 0, 5);
  r.numbers.d_model = number(p, 2, 12);
  r.numbers.heads = number(p, 1, 4);
  r.numbers.ffn = number(p, 1, 16);
  r.numbers.encoder_layers = number(p, 1, 2);
  r.numbers.decoder_layers = number(p, 1, 2);
  r.numbers.kv_heads = number(p, 1, 4);
  r.task = p.ConsumeIntegralInRange<int>(0, 15) == 0 ? p.ConsumeRandomLengthString(10)
                                                     : task_names[p.ConsumeIntegralInRange<std::size_t>(0, 7)];
  r.min_length = number(p, 1, 16);
  r.max_length = number(p, 1, 16);
  r.longest_sentence = number(p, 0, 14);
  r.held_out_share = p.ConsumeBool() ? number(p, 0, 1) : p.ConsumeFloatingPointInRange<double>(0.01, 0.5);
  r.lowercase = p.ConsumeBool();
  r.no_positions = p.ConsumeBool();
  r.no_scaling = p.ConsumeBool();
  r.sigmoid_gates = p.ConsumeBool();
  r.tied_output = p.ConsumeBool();
  static const char* const schemes[] = {"sinusoidal", "none", "rope", "alibi", "learned"};
  r.positions = schemes[p.ConsumeIntegralInRange<std::size_t>(0, 4)];
  r.pairs_text = p.ConsumeRemainingBytesAsString();

  check::TrainerSetup setup = check::trainer_setup(r);
  if (setup.error) {
    FUZZ_CHECK(!setup.error.message.empty() && !setup.task);
    for (const auto& e : setup.pair_errors) FUZZ_CHECK(e.line >= 1 && !e.message.empty());
    return 0;
  }
  FUZZ_CHECK(setup.task && setup.pair_errors.empty());
  const model::Config dims = model::with_vocabularies(setup.dims, *setup.task);
  // Training is the trainer's own business (tested elsewhere); one step of a small model shows the setup is sound.
  if (model::ParameterLayout(dims).count > 20000 || setup.options.batch > 8 || r.task == "en-es" || r.task == "en-ja")
    return 0;
  model::TranslationModel fresh = model::new_model(setup.dims, static_cast<std::uint64_t>(r.numbers.seed), *setup.task);
  model::Trainer trainer(std::move(fresh), setup.options, reference_kernels(), model::run_sequentially,
                         std::move(setup.task));
  const model::StepReport report = trainer.step();
  FUZZ_CHECK(report.step == 1 && std::isfinite(report.loss_per_token));
  return 0;
}
