// Argument checks for the JavaScript-facing API, in plain C++ so they are tested natively too.
// Sizes arrive as doubles (JavaScript numbers) and are checked before any size_t arithmetic, so a hostile
// value can neither overflow a 32-bit size nor make the module allocate.
#pragma once

#include <cstddef>
#include <string>

#include "attn/model.h"

namespace attn::check {

enum class ErrorKind { none, range_error, type_error };

struct Error {
  ErrorKind kind = ErrorKind::none;
  std::string message;

  explicit operator bool() const { return kind != ErrorKind::none; }
};

// A number as messages show it: its shortest faithful form ("3", "1.5", "nan", "inf").
std::string message_number(double x);

// The most floats one call may need (inputs, outputs and workspace together): 256 Mi floats = 1 GiB.
inline constexpr double kMaxFloatsPerCall = 256.0 * 1024 * 1024;

struct MatrixArg {
  const char* name;  // as the caller knows it: "q", "wq", ...
  double rows;
  double cols;
  double length;         // data.length
  double heads = 1;      // a batch of `heads` matrices, one after another in data
  bool batched = false;  // the argument named its heads ({ data, heads, rows, cols })
};

// rows and cols (and heads, for a batch) are whole numbers >= 1 and data holds exactly rows*cols (times
// heads) values.
Error matrix(const MatrixArg& m);

// A vector argument (a bias) of exactly `expected` values.
Error vector_length(const char* name, double length, double expected, const char* what);

// Two sizes that must agree, e.g. k.cols and q.cols.
Error same(const char* name, double actual, const char* expected_name, double expected);

// mask: kind is "none", "causal" or "explicit"; an explicit mask has sq*sk bytes.
Error mask(const std::string& kind, double length, double sq, double sk);

// scale in [-1e6, 1e6], temperature in [1e-6, 1e6]. The kernels work in float32 and multiply every score by
// scale/temperature: these bounds keep that factor (at most 1e12) and both numbers finite in float32, where a
// scale of 1e300 becomes infinity and its ratio to a temperature of 1e300 NaN (found by call_checks_fuzzer).
inline constexpr double kMaxScale = 1e6, kMinTemperature = 1e-6, kMaxTemperature = 1e6;
Error logit_params(double scale, double temperature);

// Position encodings' shape: rows (positions) from 1 to 65536, cols (the width) from 1 to 4096.
Error position_shape(double rows, double cols);

// A translation's decoding: choice is 'greedy' or 'sample'; the output temperature lies in [0.01, 100]; the
// seed is a whole number from 0 to 2^53 - 1 (every JS number that is one exactly).
Error decoding(const std::string& choice, double output_temperature, double seed);
// options.beam: a whole number from 1 to kMaxBeamWidth (8), neither with sampling (a beam keeps the most likely
// hypotheses, a sample draws one) nor with a forced target (teacher forcing chooses every word).
Error beam(double width, const std::string& choice, bool forced);

// heads >= 1 divides d_model; kv_heads >= 1 divides heads.
Error head_counts(double heads, double kv_heads, double d_model);

// The first non-finite value of data, if any.
Error finite(const char* name, const float* data, std::size_t count, std::size_t cols);
// The same for a batch of matrices of `rows` rows each: the message names the head too.
Error finite(const char* name, const float* data, std::size_t count, std::size_t cols, std::size_t rows);

// A result with NaN or +infinity (finite inputs whose products overflowed float32, e.g. values near 1e30):
// refused rather than returned. -infinity is allowed where it means "masked" (logits).
Error overflowed(const float* data, std::size_t count, bool minus_infinity_allowed = false);

// The largest weight file a module reads (either model's): refused before it is copied into wasm memory.
inline constexpr double kMaxModelBytes = 64.0 * 1024 * 1024;
Error model_file_size(double bytes);

// A request needing more than kMaxFloatsPerCall floats.
Error memory_budget(const char* operation, double floats);

// The trainer's options as JavaScript numbers, named as createTrainer() names them.
struct TrainingArgs {
  double seed, data_seed, steps, batch_size, learning_rate, warmup_steps;
  double d_model, heads, ffn, encoder_layers, decoder_layers;
  double kv_heads;  // key/value heads (heads: one per query head)
};
inline constexpr double kMaxTrainingSteps = 1e6, kMaxBatchSize = 1024, kMaxModelWidth = 512, kMaxFfnWidth = 4096,
                        kMaxLayers = 6;
// The largest model createTrainer() builds: Adam's moments and the shards' gradients make training take
// about 8 floats per parameter, so 2 M parameters stay under 64 MiB.
inline constexpr double kMaxTrainingParameters = 2e6;

// `name` a whole number from low to high ("<name> must be a whole number from <low> to <high>, got <value>").
Error whole_number(const char* name, double value, double low, double high);

// A model's shape, the part of the trainer's options the native tools check too (before they train): dModel an even
// whole number from 2 to 512, heads from 1 dividing it, ffn from 1 to 4096, the layers from 1 to 6, kvHeads from 1
// dividing heads.
struct ModelShape {
  double d_model, heads, ffn, encoder_layers, decoder_layers, kv_heads;
};
Error model_shape(const ModelShape& s);
// The schedule: seeds whole numbers up to 2^53 - 1, steps, batchSize and warmupSteps whole numbers in their ranges,
// learningRate finite and in (0, 1], warmupSteps at most steps.
Error schedule_options(const TrainingArgs& a);
// Both: the schedule, then the model's shape.
Error training_options(const TrainingArgs& a);
// task is 'en-es', 'en-ja', 'reverse', 'sort', 'copy' or 'pairs'; for the sequence tasks, 1 ≤ minLength ≤ maxLength
// ≤ 12.
Error training_task(const std::string& task, double min_length, double max_length, double longest_sentence);
// vocabulary (a language pair's): how many of the lexicon's commonest nouns, verbs and adjectives its sentences use,
// a whole number from 1 to kMaxVocabularyWords, or 0 for the whole lexicon (a number above the lexicon's size takes it
// all too); not checked for the other tasks, which ignore it.
inline constexpr double kMaxVocabularyWords = 100000;
Error vocabulary_size(double vocabulary, const std::string& task);
// unknownWordRate: a number from 0 to 1; above 0 only for a task whose pairs have word alignments (not pasted
// pairs, whose alignments are unknown: no word could be masked, and the model's <unk> would stay untrained).
Error unknown_word_rate(double rate, const std::string& task);
// The held-out share of pasted pairs: 0.01 to 0.5.
Error held_out_share(double share);
// model.positions by name ('sinusoidal', 'none', 'rope' or 'alibi') into whether sinusoids are added and which
// relative scheme self-attention uses; RoPE turns pairs of dimensions, so it needs an even head width.
Error position_scheme(const std::string& name, std::size_t head_width, bool& sinusoids,
                      model::RelativePositions& relative);
// The name position_scheme() reads for a model's positions ('rope', 'alibi', 'sinusoidal' or 'none'): a relative
// scheme is named by itself, whether or not sinusoids are added too.
const char* position_scheme_name(bool sinusoids, model::RelativePositions relative);
// A model of `parameters` parameters is within kMaxTrainingParameters.
Error training_parameters(double parameters);

}  // namespace attn::check
