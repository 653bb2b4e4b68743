// The trainer's side of the JS seam: create a trainer from checked options, advance it a number of steps,
// evaluate it on held-out sentences, hand its current weights to a translator or to a weight file, free it.
// Like the other Embind files it answers { error } instead of throwing, after all C++ locals are gone.
//
// Trainers live in a table keyed by a small integer (handle_table.h).
// The pthreads build runs the batch's shards on the module's thread pool; the other builds run them in turn.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>

#include "attn/checks.h"
#include "attn/trainer_setup.h"
#include "attn/training.h"
#include "js_values.h"
#include "module_shared.h"
#include "step_results.h"

namespace {

using emscripten::val;
using namespace attn;

constexpr double kMaxEvaluationSentences = 10000;
constexpr std::uint64_t kHeldOutSeed = 2;  // the held-out set the shipped model is measured on

struct TrainerEntry {
  std::unique_ptr<model::Trainer> trainer;
  std::vector<corpus::SentencePair> held_out;  // grown on demand, reused by later evaluations
  bool all_held_out = false;                   // the task has no more distinct held-out pairs
  std::string task;                            // its name ("reverse", "en-es", "pairs", …)
  std::uint64_t data_seed = 0;
};

bindings::HandleTable<TrainerEntry>& trainers() {
  static bindings::HandleTable<TrainerEntry> table("trainer");
  return table;
}

// What is wrong with pasted pairs, on `target`: its kind, and the side and numbers the kind names.
void set_pairs_problem(val& target, const tasks::PairsError& problem) {
  target.set("kind", val(problem.kind));
  if (*problem.side) target.set("side", val(problem.side));
  if (problem.count) target.set("count", static_cast<double>(problem.count));
  if (problem.limit) target.set("limit", static_cast<double>(problem.limit));
}

// Every bad line of pasted pairs as { line, message, kind, … }, beside the RangeError's summary of the first few
// (kind "pairs-lines", count: how many lines).
val pairs_errors(const check::Error& error, const std::vector<tasks::PairsError>& errors) {
  val result = js::error_result(error);
  val lines = val::array();
  for (std::size_t i = 0; i < errors.size(); ++i) {
    val e = val::object();
    e.set("line", static_cast<double>(errors[i].line));
    e.set("message", errors[i].message);
    set_pairs_problem(e, errors[i]);
    lines.set(i, e);
  }
  val detail = result["error"];
  detail.set("lines", lines);
  detail.set("kind", val("pairs-lines"));
  detail.set("count", static_cast<double>(errors.size()));
  return result;
}

// trainerCreate({ task, minLength, maxLength, longestSentence, vocabulary, seed, dataSeed, steps, batchSize,
//                 learningRate, warmupSteps,
//                 dModel, heads, ffn, encoderLayers, decoderLayers, kvHeads, tiedOutput, noPositions, noScaling,
//                 sigmoidGates, unknownWordRate, threads })
//   → { id, parameters } | { error }    (web/lib checked the types; the values are checked here)
val trainer_create(const val& o) {
  check::TrainerRequest request;
  request.numbers = {o["seed"].as<double>(),          o["dataSeed"].as<double>(),      o["steps"].as<double>(),
                     o["batchSize"].as<double>(),     o["learningRate"].as<double>(),  o["warmupSteps"].as<double>(),
                     o["dModel"].as<double>(),        o["heads"].as<double>(),         o["ffn"].as<double>(),
                     o["encoderLayers"].as<double>(), o["decoderLayers"].as<double>(), o["kvHeads"].as<double>()};
  request.task = o["task"].as<std::string>();
  request.min_length = o["minLength"].as<double>();
  request.max_length = o["maxLength"].as<double>();
  request.longest_sentence = o["longestSentence"].as<double>();
  request.vocabulary = o["vocabulary"].as<double>();
  if (request.task == "pairs") {
    // Refused before the string is copied into wasm memory (a UTF-16 unit is at least one UTF-8 byte).
    if (o["pairsText"]["length"].as<double>() > check::kMaxPairsTextBytes) {
      return js::error_result("RangeError", "the pairs are longer than 4 MiB of text");
    }
    request.held_out_share = o["heldOutShare"].as<double>();
    request.pairs_text = o["pairsText"].as<std::string>();
    request.lowercase = o["lowercase"].as<bool>();
  }
  request.no_positions = o["noPositions"].as<bool>();
  request.no_scaling = o["noScaling"].as<bool>();
  request.sigmoid_gates = o["sigmoidGates"].as<bool>();
  request.positions = o["positions"].as<std::string>();
  request.tied_output = o["tiedOutput"].as<bool>();
  request.unknown_word_rate = o["unknownWordRate"].as<double>();
  check::TrainerSetup setup = check::trainer_setup(request);
  request.pairs_text = {};
  if (!setup.pair_errors.empty()) return pairs_errors(setup.error, setup.pair_errors);
  if (*setup.pairs_problem.kind) {
    val result = js::error_result(setup.error);
    val detail = result["error"];
    set_pairs_problem(detail, setup.pairs_problem);
    return result;
  }
  if (setup.error) return js::error_result(setup.error);
  unsigned threads = 1;
  if (auto refusal = bindings::read_threads(o, threads)) return *refusal;

  const auto [id, entry] = trainers().add({});
  model::TranslationModel fresh =
      model::new_model(setup.dims, static_cast<std::uint64_t>(request.numbers.seed), *setup.task, setup.unknown_token);
  entry.task = request.task;
  entry.data_seed = setup.options.data_seed;
  entry.trainer = std::make_unique<model::Trainer>(std::move(fresh), setup.options, bindings::module_kernels(),
                                                   bindings::module_parallel_for(threads), std::move(setup.task));
  val out = val::object();
  out.set("id", id);
  out.set("parameters", static_cast<double>(entry.trainer->model().parameters.size()));
  return out;
}

TrainerEntry* find(int id) { return trainers().find(id); }

bool is_example_count(double count) {
  return count >= 1 && count <= kMaxEvaluationSentences && count == std::floor(count);
}

val disposed() { return trainers().disposed(); }

// trainerStep(id, count) → { step, loss, losses, learningRate, gradientNorm, done, shardSeconds } (step_results.h)
val trainer_step(int id, double count) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  return bindings::run_steps(*entry->trainer, count);
}

// trainerEvaluate(id, count, headMask) → { exact, total, alignment, alignmentHead: { layer, head },
// alignmentByHead } over the first `count` held-out sentences (seed 2, as for the shipped model), with the heads
// headMask switches off (null: none).
val trainer_evaluate(int id, double count, const val& head_mask_value) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  if (!is_example_count(count)) return js::error_result("RangeError", "count must be a whole number from 1 to 10000");
  model::HeadMask head_mask;
  if (auto error = bindings::head_mask_from(head_mask_value, entry->trainer->model().config, head_mask)) return *error;
  const std::size_t n = static_cast<std::size_t>(count);
  if (entry->held_out.size() < n && !entry->all_held_out) {
    entry->held_out = entry->trainer->task().held_out(n, kHeldOutSeed);
    entry->all_held_out = entry->held_out.size() < n;  // a small task has run out of distinct pairs
  }
  const std::size_t available = std::min(n, entry->held_out.size());
  const std::vector<corpus::SentencePair> pairs(entry->held_out.begin(),
                                                entry->held_out.begin() + static_cast<std::ptrdiff_t>(available));
  model::Translator translator(entry->trainer->model(), bindings::module_kernels());
  translator.set_head_mask(std::move(head_mask));
  return bindings::evaluation_object(model::evaluate(translator, pairs), translator.model().config);
}

// trainerTranslator(id) → what translatorLoad returns, for a translator over a copy of the current weights
// (float32, not rounded as a saved file would be).
val trainer_translator(int id) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  return bindings::register_translator(entry->trainer->model());
}

// trainerSave(id, encoding) → { bytes: Uint8Array } in the weight-file format loadTranslator reads: encoding 0
// float16 parameters, 1 8-bit blocks, 2 4-bit blocks (the shipped models' encoding); web/lib checks it.
val trainer_save(int id, int encoding) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  if (encoding < 0 || encoding > static_cast<int>(model::WeightEncoding::int4_blocks))
    return js::error_result("RangeError", "unknown weight encoding " + std::to_string(encoding));
  return js::bytes_result(model::save_weights(entry->trainer->model(), static_cast<model::WeightEncoding>(encoding)));
}

// trainerReference(id, sentence) → { reference: { target, sourceIndex } | null }: the task's true answer.
val trainer_reference(int id, const val& sentence) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  if (sentence["length"].as<double>() > 4096)
    return js::error_result("RangeError", "the sentence is longer than 4096 characters");
  const auto pair = entry->trainer->task().reference(model::tokenize(sentence.as<std::string>()));
  val out = val::object();
  out.set("reference", pair ? bindings::alignment_object(*pair) : val::null());
  return out;
}

// trainerHeldOut(id, count) → { pairs: [{ source, target, sourceIndex }] }: the first held-out pairs of the
// trainer's task (those evaluate() scores), source and target as space-separated words.
val trainer_held_out(int id, double count) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  if (!is_example_count(count)) return js::error_result("RangeError", "count must be a whole number from 1 to 10000");
  const auto pairs = entry->trainer->task().held_out(static_cast<std::size_t>(count), kHeldOutSeed);
  val out = val::object();
  out.set("pairs", bindings::pair_objects(pairs));
  return out;
}

// trainerEvaluateLengths(id, longest, count) → { lengths: [{ length, exact, total }] }: for a sequence task,
// `count` held-out sequences of every length from 1 to `longest` (seed as evaluate()), translated greedily and
// scored exactly, lengths never trained on included: how far the model's positions carry it.
val trainer_evaluate_lengths(int id, double longest, double count) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  if (entry->task != "reverse" && entry->task != "sort" && entry->task != "copy") {
    return js::error_result("RangeError", "only the sequence tasks ('reverse', 'sort', 'copy') have lengths to vary");
  }
  if (!(longest >= 1 && longest <= static_cast<double>(tasks::kMaxSequenceLength)) || longest != std::floor(longest))
    return js::error_result("RangeError", "longest must be a whole number from 1 to 16");
  if (!(count >= 1 && count <= 1000) || count != std::floor(count))
    return js::error_result("RangeError", "count must be a whole number from 1 to 1000");
  model::Translator translator(entry->trainer->model(), bindings::module_kernels());
  val lengths = val::array();
  for (std::size_t length = 1; length <= static_cast<std::size_t>(longest); ++length) {
    const auto task = tasks::named_task(entry->task, {length, length}, entry->data_seed);
    const auto pairs = task->held_out(static_cast<std::size_t>(count), kHeldOutSeed);
    const model::Evaluation e = model::evaluate(translator, pairs);
    val row = val::object();
    row.set("length", static_cast<double>(length));
    row.set("exact", static_cast<double>(e.exact));
    row.set("total", static_cast<double>(e.sentences));
    lengths.set(length - 1, row);
  }
  val out = val::object();
  out.set("lengths", lengths);
  return out;
}

// trainerWeights(id) → { weights: Float32Array }: the flat parameter vector, exactly as trained.
val trainer_weights(int id) {
  TrainerEntry* entry = find(id);
  if (!entry) return disposed();
  val out = val::object();
  out.set("weights", js::copy_out(entry->trainer->model().parameters));
  return out;
}

bool trainer_free(int id) { return trainers().erase(id); }

}  // namespace

EMSCRIPTEN_BINDINGS(trainer_module) {
  emscripten::function("trainerCreate", &trainer_create);
  emscripten::function("trainerStep", &trainer_step);
  emscripten::function("trainerEvaluate", &trainer_evaluate);
  emscripten::function("trainerEvaluateLengths", &trainer_evaluate_lengths);
  emscripten::function("trainerTranslator", &trainer_translator);
  emscripten::function("trainerSave", &trainer_save);
  emscripten::function("trainerWeights", &trainer_weights);
  emscripten::function("trainerReference", &trainer_reference);
  emscripten::function("trainerHeldOut", &trainer_held_out);
  emscripten::function("trainerFree", &trainer_free);
}
