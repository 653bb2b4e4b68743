#include "attn/language_model_setup.h"

#include <algorithm>
#include <cmath>

#include "attn/gpt2_weights.h"

namespace attn::check {
namespace {

Error range_error(std::string message) { return {ErrorKind::range_error, std::move(message)}; }

const std::uint8_t* bytes_of(const std::string& text) { return reinterpret_cast<const std::uint8_t*>(text.data()); }

// The training and held-out parts in the setup's tokenizer: evaluate() predicts every held-out token but the first,
// and training needs a token to predict from another.
Error tokenize_parts(const model::LanguageModelCorpus& split, LanguageModelSetup& setup) {
  setup.train_tokens = setup.model.tokenizer.encode(split.train_text);
  setup.held_out_tokens = setup.model.tokenizer.encode(split.held_out_text);
  for (const auto& [part, tokens] :
       {std::pair{"held-out", &setup.held_out_tokens}, {"training", &setup.train_tokens}}) {
    if (tokens->size() >= 2) continue;
    setup.refusal = {"corpus-part-too-short", part, static_cast<double>(tokens->size()), 2};
    return range_error(std::string("the corpus's ") + part + " part is " + std::to_string(tokens->size()) +
                       " token long; it needs at least 2 (a longer task.corpus, or another task.heldOut)");
  }
  return {};
}

// model.activation and model.architecture into the config: 'gpt2' ties the unembedding without a bias and leaves the
// embedding unscaled, and refuses any other choice GPT-2 does not make.
Error architecture(const LanguageModelRequest& r, model::LanguageModelConfig& c) {
  if (r.activation != "relu" && r.activation != "gelu")
    return range_error("model.activation must be 'relu' or 'gelu', got '" + r.activation + "'");
  c.activation = r.activation == "gelu" ? model::Activation::gelu_tanh : model::Activation::relu;
  if (r.architecture == "playground") return {};
  if (r.architecture != "gpt2")
    return range_error("model.architecture must be 'playground' or 'gpt2', got '" + r.architecture + "'");
  c.tied_output = true;
  c.output_bias = false;
  c.embedding_scaled = false;
  const std::string problem = gpt2::architecture_problem(c);
  if (!problem.empty()) return range_error("model.architecture 'gpt2' is GPT-2's model, but " + problem);
  return {};
}

}  // namespace

Error language_model_shape(const LanguageModelRequest& r) {
  if (auto error = whole_number("model.layers", r.layers, 1, kMaxLayers)) return error;
  // A language model may have no feed-forward layers (attention-only, as in the induction-head experiments); the
  // translator's shared check below asks for at least 1, so it sees 1 once 0 has passed here.
  if (auto error = whole_number("model.ffn", r.numbers.ffn, 0, kMaxFfnWidth)) return error;
  const TrainingArgs& n = r.numbers;  // one block kind: `layers` counts them, checked above
  if (auto error = model_shape({n.d_model, n.heads, std::max(n.ffn, 1.0), 1, 1, n.kv_heads})) return error;
  if (auto error = whole_number("task.context", r.context, 2, kMaxContext)) return error;
  if (auto error = held_out_share(r.held_out_share)) return error;
  if (r.tokenizer != "characters" && r.tokenizer != "byte-pairs" && r.tokenizer != "gpt2-byte-pairs") {
    return range_error("task.tokenizer must be 'characters', 'byte-pairs' or 'gpt2-byte-pairs', got '" + r.tokenizer +
                       "'");
  }
  if (r.tokenizer != "characters") return whole_number("task.merges", r.merges, 1, kMaxMerges);
  return {};
}

LanguageModelSetup language_model_setup(const LanguageModelRequest& r) {
  LanguageModelSetup setup;
  if ((setup.error = schedule_options(r.numbers))) return setup;
  if ((setup.error = language_model_shape(r))) return setup;
  if (static_cast<double>(r.corpus.size()) > kMaxCorpusBytes) {
    setup.error = range_error("task.corpus is longer than 8 MiB of text");
    setup.refusal = {"corpus-too-long", "", static_cast<double>(r.corpus.size()), kMaxCorpusBytes};
    return setup;
  }
  const std::size_t characters = text::count_characters(r.corpus);
  if (static_cast<double>(characters) < kMinCorpusCharacters) {
    setup.error = range_error("task.corpus has " + std::to_string(characters) +
                              " characters; a language model needs at least 20 to train on and measure");
    setup.refusal = {"corpus-too-short", "", static_cast<double>(characters), kMinCorpusCharacters};
    return setup;
  }
  model::LanguageModelConfig& c = setup.model.config;
  c.d_model = static_cast<std::uint32_t>(r.numbers.d_model);
  c.heads = static_cast<std::uint32_t>(r.numbers.heads);
  c.kv_heads = static_cast<std::uint32_t>(r.numbers.kv_heads);
  c.ffn = static_cast<std::uint32_t>(r.numbers.ffn);
  c.layers = static_cast<std::uint32_t>(r.layers);
  c.context = static_cast<std::uint32_t>(r.context);
  if (r.positions == "learned") {  // a language model's only (the translator's shared check knows no 'learned')
    c.positions = c.learned_positions = true;
  } else if (r.positions != "sinusoidal" && r.positions != "none" && r.positions != "rope" && r.positions != "alibi") {
    setup.error = range_error("model.positions must be 'sinusoidal', 'none', 'rope', 'alibi' or 'learned', got '" +
                              r.positions + "'");
    return setup;
  } else if ((setup.error = position_scheme(r.positions, c.head_width(), c.positions, c.relative))) {
    return setup;
  }
  if ((setup.error = whole_number("model.window", r.window, 0, r.context))) return setup;
  c.window = static_cast<std::uint32_t>(r.window);
  c.sink_logits = r.sink_logits;
  if ((setup.error = architecture(r, c))) return setup;

  const model::LanguageModelCorpus split = model::split_corpus(r.corpus, r.held_out_share);
  // task.merges is checked, and read, for the byte-pair tokenizers only: the characters tokenizer ignores it, whatever
  // number it holds (converting a negative or NaN one to a size would be undefined behaviour: the fuzzer found it).
  const std::size_t merges = r.tokenizer == "characters" ? 0 : static_cast<std::size_t>(r.merges);
  setup.model.tokenizer = r.tokenizer == "characters"   ? text::Tokenizer::characters(split.train_text)
                          : r.tokenizer == "byte-pairs" ? text::Tokenizer::byte_pairs(split.train_text, merges)
                                                        : text::Tokenizer::gpt2_byte_pairs(split.train_text, merges);
  c.vocabulary = static_cast<std::uint32_t>(setup.model.tokenizer.size());
  const auto parameters = static_cast<double>(model::LanguageModelLayout(c).count);
  if ((setup.error = training_parameters(parameters))) return setup;
  if ((setup.error = tokenize_parts(split, setup))) return setup;
  setup.corpus = {r.held_out_share, r.corpus.size(), model::weight_file_checksum(bytes_of(r.corpus), r.corpus.size())};
  setup.model.parameters = model::initial_language_model_parameters(c, static_cast<std::uint64_t>(r.numbers.seed));
  setup.options.data_seed = static_cast<std::uint64_t>(r.numbers.data_seed);
  setup.options.steps = static_cast<std::size_t>(r.numbers.steps);
  setup.options.batch = static_cast<std::size_t>(r.numbers.batch_size);
  setup.options.learning_rate = static_cast<float>(r.numbers.learning_rate);
  setup.options.warmup = static_cast<std::size_t>(r.numbers.warmup_steps);
  return setup;
}

LanguageModelSetup resumed_language_model_setup(const std::uint8_t* checkpoint, std::size_t size,
                                                const std::string& corpus, double steps) {
  LanguageModelSetup setup;
  model::LoadedCheckpoint loaded = model::load_checkpoint(checkpoint, size);
  if (!loaded.checkpoint) {
    setup.error = range_error("options.resume: " + loaded.error);
    return setup;
  }
  model::LanguageModelCheckpoint& saved = *loaded.checkpoint;
  setup.corpus = {saved.held_out_share, corpus.size(), model::weight_file_checksum(bytes_of(corpus), corpus.size())};
  if (setup.corpus.bytes != saved.corpus_bytes || setup.corpus.checksum != saved.corpus_checksum) {
    setup.error =
        range_error("task.corpus is not the text this run was trained on (" + std::to_string(saved.corpus_bytes) +
                    " bytes of UTF-8 with another checksum): give it " + "the same text to continue the run");
    return setup;
  }
  setup.options = saved.options;
  if (!std::isnan(steps)) {
    const auto done = static_cast<double>(saved.run.steps_done);
    if ((setup.error = whole_number("steps", steps, std::max(done, 1.0), kMaxTrainingSteps))) return setup;
    setup.options.steps = static_cast<std::size_t>(steps);
  }
  setup.model = std::move(saved.model);
  setup.run = std::move(saved.run);
  if ((setup.error = tokenize_parts(model::split_corpus(corpus, saved.held_out_share), setup))) return setup;
  return setup;
}

model::LanguageModelCheckpoint checkpoint_of(const model::LanguageModelTrainer& trainer, const CorpusIdentity& corpus) {
  return {trainer.model(),       trainer.options(), trainer.run_state(),
          corpus.held_out_share, corpus.bytes,      corpus.checksum};
}

Error generation_options(const GenerationRequest& r, std::size_t vocabulary, model::Sampling& sampling) {
  if (auto error = whole_number("options.tokens", r.tokens, 1, kMaxGeneratedTokens)) return error;
  if (!std::isfinite(r.temperature) || r.temperature < 0 || r.temperature > 100) {
    return range_error("options.temperature must be a number from 0 (the most likely token) to 100, got " +
                       message_number(r.temperature));
  }
  if (auto error = whole_number("options.topK", r.top_k, 0, static_cast<double>(vocabulary))) return error;
  if (!std::isfinite(r.top_p) || r.top_p <= 0 || r.top_p > 1)
    return range_error("options.topP must be a share in (0, 1], got " + message_number(r.top_p));
  if (auto error = whole_number("options.seed", r.seed, 0, 9007199254740991.0)) return error;
  if (auto error = whole_number("options.top", r.top, 1, 64)) return error;
  sampling.temperature = static_cast<float>(r.temperature);
  sampling.top_k = static_cast<std::size_t>(r.top_k);
  sampling.top_p = static_cast<float>(r.top_p);
  sampling.seed = static_cast<std::uint64_t>(r.seed);
  return {};
}

}  // namespace attn::check
