// The trained translation model as a product: vocabularies + configuration + weights, the weight file that
// carries them, and greedy decoding that exposes every attention map.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "attn/corpus.h"
#include "attn/kernel_set.h"
#include "attn/model.h"
#include "attn/tasks.h"

namespace attn::model {

class Vocabulary {
 public:
  Vocabulary() = default;
  explicit Vocabulary(std::vector<std::string> words);
  const std::vector<std::string>& words() const { return words_; }
  std::size_t size() const { return words_.size(); }
  int id(const std::string& word) const;  // -1 when unknown
  const std::string& word(int id) const { return words_[static_cast<std::size_t>(id)]; }

 private:
  std::vector<std::string> words_;
  std::unordered_map<std::string, int> ids_;
};

inline constexpr int kSourceEnd = 0;    // "<eos>" closes every source sentence
inline constexpr int kTargetBegin = 0;  // "<bos>" starts every decoder input
inline constexpr int kTargetEnd = 1;    // "<eos>": the decoder's way of stopping

struct TranslationModel {
  Config config;
  Vocabulary source, target;
  std::vector<float> parameters;  // ParameterLayout(config).count floats
};

// A fresh, seeded model over a task's vocabularies (source: <eos> + words; target: <bos>, <eos> + words).
TranslationModel new_model(Config dims, std::uint64_t seed, const tasks::Task& task);
// The same over the toy English → Spanish corpus's vocabularies.
TranslationModel new_translation_model(Config dims, std::uint64_t seed);
// `dims` with the vocabulary sizes new_model() gives it (to size a model before building it).
Config with_vocabularies(Config dims, const tasks::Task& task);
// The corpus language pair a model was built for (its vocabularies are that pair's), if any: where the
// grammar's references and held-out sentences apply.
std::optional<corpus::Language> grammar_language(const TranslationModel& model);

// Token ids of a corpus pair: source = words + <eos>, target_in = <bos> + words, target_out = words + <eos>.
struct EncodedPair {
  std::vector<int> source, target_in, target_out;
};
EncodedPair encode(const TranslationModel& model, const corpus::SentencePair& pair);

// The weight file: magic "APTM", format version, dimensions, both vocabularies, float16 parameters and a
// CRC-32 of everything before it. Saving rounds parameters to float16 (round to nearest even).
// Version 2 adds a word of ablation flags after the dimensions, version 3 a word of key/value heads after it;
// each file is written in the oldest version that holds its model, so files (and the shipped model's bytes)
// stay readable by older builds.
inline constexpr std::uint32_t kWeightFileVersion = 3;
// The largest model a weight file may hold (its float32 parameters take 64 MiB in memory).
inline constexpr std::size_t kMaxModelParameters = std::size_t{16} * 1024 * 1024;
// The CRC-32 a weight file ends with, over the bytes before it.
std::uint32_t weight_file_checksum(const std::uint8_t* data, std::size_t size);
std::vector<std::uint8_t> save_weights(const TranslationModel& model);
struct LoadedModel {
  std::optional<TranslationModel> model;
  std::string error;  // why the bytes were refused, when model is empty
};
LoadedModel load_weights(const std::uint8_t* bytes, std::size_t size);

// Lower-cases ASCII, drops . , ! ? ; : and splits on white space.
std::vector<std::string> tokenize(const std::string& sentence);

// How each next word is chosen. The output distribution is softmax(logits / output_temperature): the output
// temperature shapes which word comes next, and is distinct from the attention temperature, which reshapes
// every attention map inside the model.
struct Decoding {
  enum class Choice { greedy, sample } choice = Choice::greedy;  // the most likely word, or a draw
  float output_temperature = 1.0f;
  std::uint64_t seed = 0;  // sampling: the same seed draws the same words on every platform
  // Teacher forcing: these (known) target words are the decoder's input instead of its own output; each
  // step's distribution is then the model's guess at the next reference word.
  std::optional<std::vector<std::string>> forced_target;
};

struct Translation {
  std::vector<std::string> source;  // the input words + "<eos>"
  std::vector<std::string> target;  // the produced (or forced) words, + "<eos>" when decoding stopped by itself
  std::size_t layers_encoder = 0, layers_decoder = 0, heads = 0;
  // Row-major maps, layer by layer and head by head. Row t of a decoder map is the query that produced
  // target[t]; decoder self-attention's columns are the decoder inputs "<bos>", target[0], … (T of them).
  std::vector<float> encoder_self;     // Le × H × S × S
  std::vector<float> decoder_self;     // Ld × H × T × T
  std::vector<float> cross_attention;  // Ld × H × T × S
  // T × V: at step t, the output distribution the word target[t] was chosen from (over model.target's words;
  // <bos> has probability 0).
  std::vector<float> probabilities;
};

struct TranslateError {
  enum class Kind { empty, too_long, unknown_words, unknown_target_words } kind;
  std::string message;
  std::vector<std::string> unknown_words;
  std::vector<std::vector<std::string>> suggestions;  // closest known words, per unknown word
};

struct TranslateResult {
  std::optional<Translation> translation;
  std::optional<TranslateError> error;
};

// The longest sentence translate() reads, in UTF-8 bytes (its word count is bounded by the model too).
inline constexpr std::size_t kMaxSentenceBytes = 4096;
// The most target tokens (<eos> included) decoding produces, and forcing accepts, whatever the model's
// positions: every task here has targets of at most a dozen or so words, and a model that never says <eos>
// (a stranger's file allows 512 positions and 16 layers) must not keep a page decoding for seconds, nor make
// the per-step maps (T³ numbers) outgrow memory.
inline constexpr std::size_t kMaxTargetTokens = 32;

class Translator {
 public:
  Translator(TranslationModel model, const KernelSet& kernels);

  const TranslationModel& model() const { return model_; }
  std::size_t max_source_words() const;  // the longest sentence accepted, in words
  // The heads every later translation switches off (see HeadMask; check it with head_mask_problem first).
  void set_head_mask(HeadMask mask) { transformer_.set_head_mask(std::move(mask)); }

  // Decoding as `decoding` says (greedy by default); temperature applies to every attention layer.
  TranslateResult translate(const std::string& sentence, float temperature = 1.0f, const Decoding& decoding = {});
  // `max_tokens` stops decoding early (<eos> included): an evaluation that only asks whether the output is
  // the reference need not decode past the reference's length. Forced target words must be known.
  Translation translate_words(const std::vector<std::string>& words, float temperature = 1.0f,
                              std::size_t max_tokens = SIZE_MAX, const Decoding& decoding = {});
  // Teacher forcing: the decoder is fed <bos> + `target` (known words) instead of its own output. Returns the
  // cross-attention maps, Ld × H × (|target| + 1) × (|source| + 1): row t produced target[t] (the last, <eos>).
  std::vector<float> forced_cross_attention(const std::vector<std::string>& source,
                                            const std::vector<std::string>& target);

 private:
  std::vector<int> source_ids(const std::vector<std::string>& words) const;  // words (known) + <eos>
  // The output distribution at decoder position `row` of the last forward pass, into `out` (V floats).
  void distribution(std::size_t row, float output_temperature, float* out) const;

  TranslationModel model_;
  Transformer transformer_;
  Activations activations_;
};

// The known words nearest to `word` by edit distance (at most `count`, ties in vocabulary order).
std::vector<std::string> closest_words(const std::string& word, const std::vector<std::string>& known,
                                       std::size_t count = 3);

}  // namespace attn::model
