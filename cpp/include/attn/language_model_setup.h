// From createTrainer({ task: { corpus } })'s options to a fresh language model, its tokenized corpus and its
// schedule, or the reason the options are refused: plain C++, so the bindings, GoogleTest and the libFuzzer
// target run the same path.
#pragma once

#include <string>
#include <vector>

#include "attn/checks.h"
#include "attn/language_model_training.h"

namespace attn::check {

// The most text a language model trains on (UTF-8 bytes; the bindings refuse longer JS strings first).
inline constexpr double kMaxCorpusBytes = 8.0 * 1024 * 1024;
inline constexpr double kMinCorpusCharacters = 20, kMaxContext = 512, kMaxMerges = 4096;

struct LanguageModelRequest {
  TrainingArgs numbers;  // encoder_layers and decoder_layers unused: `layers` counts the blocks
  double layers = 2;
  std::string corpus;
  std::string tokenizer = "characters";  // or "byte-pairs"
  double merges = 256;                   // byte pairs only
  double context = 64;
  double held_out_share = 0.1;
  std::string positions = "sinusoidal";  // 'sinusoidal', 'none', 'rope', 'alibi' or 'learned' (GPT-2's)
  double window = 0;                     // sliding-window attention's width, 0 (none) to context
  bool sink_logits = false;              // a learnable sink logit per head
  std::string activation = "relu";       // the feed-forward layer's: 'relu' or 'gelu' (tanh form, GPT-2's)
  // 'playground' (ours: the embedding ×√D, an unembedding matrix with a bias) or 'gpt2' (GPT-2's: the embedding
  // as it is, the unembedding tied to it without a bias; with learned positions and GELU, no window, no sink logits,
  // a key/value head per query head), which gpt2::export_safetensors writes as Hugging Face's files.
  std::string architecture = "playground";
};

// Which text a run trains on, as its checkpoint keeps it, so that a run is continued on the same split.
struct CorpusIdentity {
  double held_out_share = 0.1;
  std::uint64_t bytes = 0;
  std::uint32_t checksum = 0;  // CRC-32
};

// Why a learner's own text was refused, for a page to say it in its own language (JavaScript's error.kind, side,
// count and limit): "corpus-too-short", "corpus-part-too-short" or "corpus-too-long". Kept beside the Error, not
// in it, so that the translator's module, which shares check::Error, carries none of it.
struct TextRefusal {
  const char* kind = "";
  const char* side = "";
  double count = 0, limit = 0;
};

struct LanguageModelSetup {
  Error error;          // set when refused
  TextRefusal refusal;  // set when the refusal is the text's
  model::TrainedLanguageModel model;
  std::vector<int> train_tokens, held_out_tokens;
  model::TrainingOptions options;
  CorpusIdentity corpus;
  model::LanguageModelRunState run;  // a continued run's; empty for a fresh one
};

// The checks of a request that need neither its corpus nor its schedule, which the native tool makes too before it
// trains: model.layers (1-6), model.ffn (0-4096: 0 is attention only), the model's shape, task.context (2-512),
// task.heldOut, task.tokenizer and, for byte pairs, task.merges (1-4096).
Error language_model_shape(const LanguageModelRequest& request);

LanguageModelSetup language_model_setup(const LanguageModelRequest& request);

// A saved run continued (createTrainer({ task: { corpus }, resume })): its checkpoint's model, schedule and state,
// on `corpus`, which must be the text it was saved with; `steps` (NaN: keep the saved schedule's) may lengthen the
// schedule, never end it before the steps already taken.
LanguageModelSetup resumed_language_model_setup(const std::uint8_t* checkpoint, std::size_t size,
                                                const std::string& corpus, double steps);
model::LanguageModelCheckpoint checkpoint_of(const model::LanguageModelTrainer& trainer, const CorpusIdentity& corpus);

// generate()'s options as JavaScript numbers: tokens 1-4096, temperature 0-100 (0: the most likely token), topK
// 0 (all) to the vocabulary, topP in (0, 1], seed a whole number below 2^53, top (probabilities reported per
// step) 1-64. Fills `sampling` and `count`, or says what is wrong.
struct GenerationRequest {
  double tokens = 64, temperature = 1, top_k = 0, top_p = 1, seed = 1, top = 10;
};
inline constexpr double kMaxGeneratedTokens = 4096;
Error generation_options(const GenerationRequest& request, std::size_t vocabulary, model::Sampling& sampling);

}  // namespace attn::check
