// The language model's side of the JS seam: a trainer over a corpus (create, step, evaluate against the
// baselines, save, hand out its weights), and language models (load a weight file, generate with or without
// the key/value cache, score a text, show the tokenizer). Like the other Embind files it answers { error }
// instead of throwing, after all C++ locals are gone; models and trainers live in tables keyed by small integers.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "attn/checks.h"
#include "attn/gpt2_weights.h"
#include "attn/head_circuits.h"
#include "attn/language_model_setup.h"
#include "attn/language_model_training.h"
#include "generated_steps.h"
#include "js_values.h"
#include "language_model_table.h"
#include "module_shared.h"
#include "step_results.h"
#include "token_pieces.h"

namespace {

using emscripten::val;
using namespace attn;
using bindings::LanguageModelEntry;

constexpr double kMaxCheckpointBytes = 256.0 * 1024 * 1024;  // float32 weights and two moments: 12 bytes a parameter
constexpr double kMaxTextCharacters = 8.0 * 1024 * 1024;     // JS string length, checked before conversion

struct LanguageModelTrainerEntry {
  std::unique_ptr<model::LanguageModelTrainer> trainer;
  std::vector<int> held_out;
  std::unique_ptr<model::NGramBaselines> baselines;
  std::size_t train_tokens = 0;
  check::CorpusIdentity corpus;  // what its checkpoint says it trains on
};

bindings::HandleTable<LanguageModelEntry>& models() { return bindings::language_models(); }
bindings::HandleTable<LanguageModelTrainerEntry>& trainers() {
  static bindings::HandleTable<LanguageModelTrainerEntry> table("trainer");
  return table;
}

// A run refused: its error, and when the learner's text is why, the refusal's kind and numbers.
val setup_refused(const check::LanguageModelSetup& setup) {
  val result = js::error_result(setup.error);
  const check::TextRefusal& why = setup.refusal;
  if (*why.kind) {
    val detail = result["error"];
    detail.set("kind", val(why.kind));
    if (*why.side) detail.set("side", val(why.side));
    detail.set("count", why.count);
    detail.set("limit", why.limit);
  }
  return result;
}

// A weight file refused: its kind (LoadedLanguageModel::kind) and any limit it names, beside the reason.
val file_refused(const std::string& message, const char* kind, double limit = 0) {
  val result = js::error_result("RangeError", message);
  result["error"].set("kind", val(kind));
  if (limit > 0) result["error"].set("limit", limit);
  return result;
}

using bindings::piece;
using bindings::pieces;

val ids_array(const std::vector<int>& ids) {
  return val::global("Int32Array").new_(emscripten::typed_memory_view(ids.size(), ids.data()));
}

// { kind, size, merges }: what a tokenizer is, as a trainer and a loaded model describe it.
val tokenizer_object(const text::Tokenizer& t) {
  val out = val::object();
  static constexpr const char* kKinds[] = {"characters", "byte-pairs", "gpt2", "gpt2-byte-pairs"};
  out.set("kind", kKinds[static_cast<int>(t.kind())]);
  out.set("size", static_cast<double>(t.size()));
  out.set("merges", static_cast<double>(t.merges().size()));
  return out;
}

val config_object(const model::LanguageModelConfig& c);

// What languageModelLoad answers: { id, config, tokenizer: { kind, size, merges } }.
val register_model(model::TrainedLanguageModel trained) {
  auto language_model = std::make_unique<model::LanguageModel>(trained.config, bindings::module_kernels());
  const auto [id, entry] = models().add({std::move(trained), std::move(language_model)});
  val out = val::object();
  out.set("id", id);
  out.set("config", config_object(entry.trained.config));
  out.set("tokenizer", tokenizer_object(entry.trained.tokenizer));
  return out;
}

// { dModel, heads, kvHeads, ffn, layers, context, vocabulary, positions, window, sinkLogits, activation,
//   architecture, tiedOutput, parameters, cacheBytesPerToken }
val config_object(const model::LanguageModelConfig& c) {
  val config = val::object();
  config.set("dModel", c.d_model);
  config.set("heads", c.heads);
  config.set("kvHeads", c.key_value_heads());
  config.set("ffn", c.ffn);
  config.set("layers", c.layers);
  config.set("context", c.context);
  config.set("vocabulary", c.vocabulary);
  config.set("positions",
             c.positions && c.learned_positions ? "learned" : check::position_scheme_name(c.positions, c.relative));
  config.set("window", c.window);
  config.set("sinkLogits", c.sink_logits);
  config.set("activation", c.activation == model::Activation::gelu_tanh ? "gelu" : "relu");
  config.set("architecture", gpt2::architecture_problem(c).empty() ? "gpt2" : "playground");
  config.set("tiedOutput", c.tied_output);
  config.set("parameters", static_cast<double>(model::LanguageModelLayout(c).count));
  config.set("cacheBytesPerToken", static_cast<double>(c.cache_bytes_per_token()));
  return config;
}

val score_object(const model::TextScore& s) {
  val out = val::object();
  out.set("bitsPerCharacter", s.bits_per_character());
  out.set("tokens", static_cast<double>(s.tokens));
  out.set("characters", static_cast<double>(s.characters));
  return out;
}

std::optional<std::string> text_argument(const val& value, const char* name, val& error) {
  if (value["length"].as<double>() > kMaxTextCharacters) {
    error = js::error_result("RangeError", std::string(name) + " is longer than 8 MiB of text");
    return std::nullopt;
  }
  return value.as<std::string>();
}

// A trainer for a setup (fresh, or a saved run's state restored): { id, parameters, trainTokens, heldOutTokens,
// tokenizer, step, config, schedule: { steps, batchSize, learningRate, warmupSteps, dataSeed, heldOut } }.
val register_trainer(check::LanguageModelSetup setup, unsigned threads) {
  const auto [id, entry] = trainers().add({});
  entry.train_tokens = setup.train_tokens.size();
  entry.corpus = setup.corpus;
  entry.baselines = std::make_unique<model::NGramBaselines>(setup.train_tokens, setup.model.tokenizer.size());
  entry.held_out = std::move(setup.held_out_tokens);
  const std::size_t parameters = setup.model.parameters.size();
  val tokenizer = tokenizer_object(setup.model.tokenizer);
  entry.trainer = std::make_unique<model::LanguageModelTrainer>(std::move(setup.model), std::move(setup.train_tokens),
                                                                setup.options, bindings::module_kernels(),
                                                                bindings::module_parallel_for(threads));
  if (setup.run.steps_done > 0) entry.trainer->restore(std::move(setup.run));
  val out = val::object();
  out.set("id", id);
  out.set("parameters", static_cast<double>(parameters));
  out.set("trainTokens", static_cast<double>(entry.train_tokens));
  out.set("heldOutTokens", static_cast<double>(entry.held_out.size()));
  out.set("tokenizer", tokenizer);
  out.set("step", static_cast<double>(entry.trainer->steps_done()));
  out.set("config", config_object(entry.trainer->model().config));
  const model::TrainingOptions& o = entry.trainer->options();
  val schedule = val::object();
  schedule.set("steps", static_cast<double>(o.steps));
  schedule.set("batchSize", static_cast<double>(o.batch));
  schedule.set("learningRate", o.learning_rate);
  schedule.set("warmupSteps", static_cast<double>(o.warmup));
  schedule.set("dataSeed", static_cast<double>(o.data_seed));
  schedule.set("heldOut", entry.corpus.held_out_share);
  out.set("schedule", schedule);
  return out;
}

// languageModelTrainerCreate({ corpus, tokenizer, merges, context, heldOut, positions, layers, seed, dataSeed,
//   steps, batchSize, learningRate, warmupSteps, dModel, heads, kvHeads, ffn, window, sinkLogits, activation,
//   architecture, threads })
//   → { id, parameters, trainTokens, heldOutTokens, tokenizer: { kind, size, merges } } | { error }
val trainer_create(const val& o) {
  unsigned threads = 1;
  if (auto refusal = bindings::read_threads(o, threads)) return *refusal;
  check::LanguageModelRequest request;
  request.numbers = {o["seed"].as<double>(),
                     o["dataSeed"].as<double>(),
                     o["steps"].as<double>(),
                     o["batchSize"].as<double>(),
                     o["learningRate"].as<double>(),
                     o["warmupSteps"].as<double>(),
                     o["dModel"].as<double>(),
                     o["heads"].as<double>(),
                     o["ffn"].as<double>(),
                     1,
                     1,
                     o["kvHeads"].as<double>()};
  request.layers = o["layers"].as<double>();
  val refusal = val::undefined();
  auto corpus = text_argument(o["corpus"], "task.corpus", refusal);
  if (!corpus) return refusal;
  request.corpus = std::move(*corpus);
  request.tokenizer = o["tokenizer"].as<std::string>();
  request.merges = o["merges"].as<double>();
  request.context = o["context"].as<double>();
  request.held_out_share = o["heldOut"].as<double>();
  request.positions = o["positions"].as<std::string>();
  request.window = o["window"].as<double>();
  request.sink_logits = o["sinkLogits"].as<bool>();
  request.activation = o["activation"].as<std::string>();
  request.architecture = o["architecture"].as<std::string>();
  check::LanguageModelSetup setup = check::language_model_setup(request);
  request.corpus = {};
  if (setup.error) return setup_refused(setup);
  return register_trainer(std::move(setup), threads);
}

// languageModelTrainerResume({ checkpoint, corpus, steps, threads }) → as languageModelTrainerCreate, with the step
// the run continues from; steps is NaN to keep the saved schedule.
val trainer_resume(const val& o) {
  unsigned threads = 1;
  if (auto refusal = bindings::read_threads(o, threads)) return *refusal;
  val refusal = val::undefined();
  auto corpus = text_argument(o["corpus"], "task.corpus", refusal);
  if (!corpus) return refusal;
  const double length = o["checkpoint"]["length"].as<double>();
  if (length > kMaxCheckpointBytes) return js::error_result("RangeError", "options.resume is larger than 256 MiB");
  check::LanguageModelSetup setup;
  {
    const auto bytes = js::copy_in<std::uint8_t>(o["checkpoint"], static_cast<std::size_t>(length));
    setup = check::resumed_language_model_setup(bytes.data(), bytes.size(), *corpus, o["steps"].as<double>());
  }
  corpus = std::nullopt;
  if (setup.error) return setup_refused(setup);
  return register_trainer(std::move(setup), threads);
}

val trainer_step(int id, double count) {
  auto* entry = trainers().find(id);
  if (!entry) return trainers().disposed();
  return bindings::run_steps(*entry->trainer, count);
}

// languageModelTrainerEvaluate(id, maxTokens) → { bitsPerCharacter, tokens, characters, baselines: { unigram,
// bigram } }: the model and both baselines on the first maxTokens held-out tokens.
val trainer_evaluate(int id, double max_tokens) {
  auto* entry = trainers().find(id);
  if (!entry) return trainers().disposed();
  if (!(max_tokens >= 2 && max_tokens <= 1e7) || max_tokens != std::floor(max_tokens))
    return js::error_result("RangeError", "options.maxTokens must be a whole number from 2 to 10000000");
  const std::size_t n = std::min(entry->held_out.size(), static_cast<std::size_t>(max_tokens));
  const std::vector<int> tokens(entry->held_out.begin(), entry->held_out.begin() + static_cast<std::ptrdiff_t>(n));
  const model::TrainedLanguageModel& trained = entry->trainer->model();
  model::LanguageModel model(trained.config, bindings::module_kernels());
  val out = score_object(model::score_text(model, trained.parameters.data(), trained.tokenizer, tokens));
  val baselines = val::object();
  baselines.set("unigram", score_object(entry->baselines->unigram(trained.tokenizer, tokens)));
  baselines.set("bigram", score_object(entry->baselines->bigram(trained.tokenizer, tokens)));
  out.set("baselines", baselines);
  return out;
}

val trainer_model(int id) {
  auto* entry = trainers().find(id);
  if (!entry) return trainers().disposed();
  return register_model(entry->trainer->model());
}

val trainer_save(int id) {
  auto* entry = trainers().find(id);
  if (!entry) return trainers().disposed();
  return js::bytes_result(model::save_language_model(entry->trainer->model()));
}

// languageModelTrainerCheckpoint(id) → { bytes }: the run to continue later (full precision, Adam's moments).
val trainer_checkpoint(int id) {
  auto* entry = trainers().find(id);
  if (!entry) return trainers().disposed();
  return js::bytes_result(model::save_checkpoint(check::checkpoint_of(*entry->trainer, entry->corpus)));
}

bool trainer_free(int id) { return trainers().erase(id); }

// languageModelLoad(bytes) → { id, config, tokenizer } | { error }
val model_load(const val& bytes) {
  const double length = bytes["length"].as<double>();
  if (auto error = check::model_file_size(length))
    return file_refused(error.message, "too-large", check::kMaxModelBytes);
  model::LoadedLanguageModel loaded;
  {
    const auto data = js::copy_in<std::uint8_t>(bytes, static_cast<std::size_t>(length));
    loaded = model::load_language_model(data.data(), data.size());
  }
  if (!loaded.model) return file_refused(loaded.error, loaded.kind);
  return register_model(std::move(*loaded.model));
}

val model_save(int id) {
  auto* entry = models().find(id);
  if (!entry) return models().disposed();
  return js::bytes_result(model::save_language_model(entry->trained));
}

// languageModelGenerate(id, prompt, { tokens, temperature, topK, topP, seed, top, cache, threads })
//   → { text, promptTokens, promptPieces, steps: generated_steps (generated_steps.h) }
val model_generate(int id, const val& prompt_value, const val& o) {
  auto* entry = models().find(id);
  if (!entry) return models().disposed();
  unsigned threads = 1;  // the token's products shared among them (LanguageModel::use_threads), the same bits
  if (auto threads_refused = bindings::read_threads(o, threads)) return *threads_refused;
  val refusal = val::undefined();
  auto prompt = text_argument(prompt_value, "prompt", refusal);
  if (!prompt) return refusal;
  entry->model->use_threads(bindings::module_parallel_for(threads), threads);
  check::GenerationRequest request{o["tokens"].as<double>(), o["temperature"].as<double>(), o["topK"].as<double>(),
                                   o["topP"].as<double>(),   o["seed"].as<double>(),        o["top"].as<double>()};
  model::Sampling sampling;
  const text::Tokenizer& tokenizer = entry->trained.tokenizer;
  if (auto error = check::generation_options(request, tokenizer.size(), sampling)) return js::error_result(error);
  const auto top = static_cast<std::size_t>(request.top);
  const model::Generation g =
      model::generate(*entry->model, entry->trained.parameters.data(), tokenizer.encode(*prompt),
                      static_cast<std::size_t>(request.tokens), sampling, o["cache"].as<bool>(), top);
  const std::vector<int> prompt_ids(g.tokens.begin(), g.tokens.begin() + static_cast<std::ptrdiff_t>(g.prompt_tokens));
  const std::vector<int> written(g.tokens.begin() + static_cast<std::ptrdiff_t>(g.prompt_tokens), g.tokens.end());
  val out = val::object();
  out.set("text", tokenizer.text(written));
  out.set("promptTokens", ids_array(prompt_ids));
  out.set("promptPieces", pieces(tokenizer, prompt_ids));
  out.set("steps", bindings::generated_steps(g, tokenizer, std::min(top, tokenizer.size())));
  return out;
}

// A model's answer about the tokens of a text: `use(entry, tokens)`, once the model is found live and the text
// taken (or the reason not).
template <class Use>
val with_text_tokens(int id, const val& text_value, Use use) {
  auto* entry = models().find(id);
  if (!entry) return models().disposed();
  val refusal = val::undefined();
  auto text = text_argument(text_value, "text", refusal);
  if (!text) return refusal;
  return use(*entry, entry->trained.tokenizer.encode(*text));
}

// languageModelEvaluate(id, text) → { bitsPerCharacter, tokens, characters }
val model_evaluate(int id, const val& text) {
  return with_text_tokens(id, text, [](LanguageModelEntry& entry, const std::vector<int>& tokens) {
    if (tokens.size() < 2) return js::error_result("RangeError", "text must hold at least two tokens to predict one");
    return score_object(
        model::score_text(*entry.model, entry.trained.parameters.data(), entry.trained.tokenizer, tokens));
  });
}

// languageModelTokenize(id, text) → { ids: Int32Array, pieces: string[] }
val model_tokenize(int id, const val& text) {
  return with_text_tokens(id, text, [](LanguageModelEntry& entry, const std::vector<int>& ids) {
    val out = val::object();
    out.set("ids", ids_array(ids));
    out.set("pieces", pieces(entry.trained.tokenizer, ids));
    return out;
  });
}

// languageModelCopyingScores(id, text) → { scores: Float64Array (layers × heads) }: each head's OV circuit on the
// distinct tokens of `text` (head_circuits.h).
val model_copying_scores(int id, const val& text) {
  return with_text_tokens(id, text, [](LanguageModelEntry& entry, std::vector<int> tokens) {
    std::sort(tokens.begin(), tokens.end());
    tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
    if (tokens.empty()) return js::error_result("RangeError", "text must hold at least one token");
    const std::vector<double> scores = model::copying_scores(entry.trained, tokens);
    val out = val::object();
    out.set("scores", val::global("Float64Array").new_(emscripten::typed_memory_view(scores.size(), scores.data())));
    return out;
  });
}

// languageModelSetHeadsOn(id, mask: Uint8Array (layers × heads, 0 = off) | null) → {}: the heads every later pass of
// the model switches off (web/lib sets it around one call that has a headMask, and clears it after).
val model_set_heads_on(int id, const val& mask) {
  auto* entry = models().find(id);
  if (!entry) return models().disposed();
  if (mask.isNull() || mask.isUndefined()) {
    entry->model->clear_heads_on();
    return val::object();
  }
  const model::LanguageModelConfig& c = entry->trained.config;
  const std::size_t expected = std::size_t{c.layers} * c.heads;
  if (mask["length"].as<double>() != static_cast<double>(expected)) {
    return js::error_result("RangeError", "options.headMask must list " + std::to_string(c.layers) + " layers of " +
                                              std::to_string(c.heads) + " heads");
  }
  const auto copied = js::copy_in<std::uint8_t>(mask, expected);
  entry->model->set_heads_on(std::vector<std::uint8_t>(copied.data(), copied.data() + copied.size()));
  return val::object();
}

// languageModelMerges(id) → { merges: [{ left, right, merged }] } (pieces, in the order learned)
val model_merges(int id) {
  auto* entry = models().find(id);
  if (!entry) return models().disposed();
  const text::Tokenizer& t = entry->trained.tokenizer;
  val merges = val::array();
  for (std::size_t i = 0; i < t.merges().size(); ++i) {
    const text::Merge& m = t.merges()[i];
    val row = val::object();
    row.set("left", piece(t, m.left));
    row.set("right", piece(t, m.right));
    row.set("merged", piece(t, m.merged));
    merges.set(i, row);
  }
  val out = val::object();
  out.set("merges", merges);
  return out;
}

// languageModelUseWeightBits(id, bits) → { quantizedBytes }: 8 makes forward passes and steps read the int8 copy of
// every linear map and the unembedding (LanguageModel::use_weight_bits), 32 the float32 weights again.
val model_use_weight_bits(int id, double bits) {
  auto* entry = models().find(id);
  if (!entry) return models().disposed();
  if (!entry->model->use_weight_bits(bits == 8 ? 8U : bits == 32 ? 32U : 0U, entry->trained.parameters.data()))
    return js::error_result("RangeError", "weightBits must be 8 or 32");
  val out = val::object();
  out.set("quantizedBytes", static_cast<double>(entry->model->quantized_bytes()));
  return out;
}

bool model_free(int id) { return models().erase(id); }

}  // namespace

emscripten::val attn::bindings::register_language_model(model::TrainedLanguageModel trained) {
  return register_model(std::move(trained));
}

attn::bindings::HandleTable<LanguageModelEntry>& attn::bindings::language_models() {
  static HandleTable<LanguageModelEntry> table("language model");
  return table;
}

EMSCRIPTEN_BINDINGS(language_model_module) {
  emscripten::function("languageModelTrainerCreate", &trainer_create);
  emscripten::function("languageModelTrainerStep", &trainer_step);
  emscripten::function("languageModelTrainerEvaluate", &trainer_evaluate);
  emscripten::function("languageModelTrainerModel", &trainer_model);
  emscripten::function("languageModelTrainerSave", &trainer_save);
  emscripten::function("languageModelTrainerCheckpoint", &trainer_checkpoint);
  emscripten::function("languageModelTrainerResume", &trainer_resume);
  emscripten::function("languageModelTrainerFree", &trainer_free);
  emscripten::function("languageModelLoad", &model_load);
  emscripten::function("languageModelSave", &model_save);
  emscripten::function("languageModelGenerate", &model_generate);
  emscripten::function("languageModelEvaluate", &model_evaluate);
  emscripten::function("languageModelTokenize", &model_tokenize);
  emscripten::function("languageModelMerges", &model_merges);
  emscripten::function("languageModelCopyingScores", &model_copying_scores);
  emscripten::function("languageModelSetHeadsOn", &model_set_heads_on);
  emscripten::function("languageModelUseWeightBits", &model_use_weight_bits);
  emscripten::function("languageModelFree", &model_free);
}
