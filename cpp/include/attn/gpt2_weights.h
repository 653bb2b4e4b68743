// GPT-2's weights from the files a learner downloads (config.json and model.safetensors, see
// ../shared/GPT2-FILES.md): the configuration read and checked, every tensor mapped to the parameter it is under
// Hugging Face's names (with or without the "transformer." prefix) and checked against the shape the configuration
// implies, then copied in piece by piece as float32 into our language model's flat parameters. Conv1D weights are
// (in, out), row-major, y = x·W + b: our Linear's layout, so they are copied as they are, c_attn's q, k and v columns
// each to its own map. The causal-mask buffers (h.i.attn.bias, h.i.attn.masked_bias) are ignored; lm_head.weight,
// when present, must have wte's shape and is not read (the unembedding is tied to wte).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "attn/language_model.h"
#include "attn/safetensors.h"

namespace attn::gpt2 {

using safetensors::Error;
using safetensors::ErrorKind;

struct Config {
  std::size_t n_layer = 0, n_head = 0, n_embd = 0;
  std::size_t n_positions = 0;  // "n_positions", or "n_ctx" in older files without it
  std::size_t vocab_size = 0;
  std::size_t n_inner = 0;           // the MLP's width: "n_inner", or 4·n_embd when it is null or absent (GPT-2's)
  double layer_norm_epsilon = 1e-5;  // Hugging Face's default when absent

  std::size_t head_width() const { return n_embd / n_head; }
  // The parameters the tensors hold (wte counted once: the unembedding is tied).
  std::uint64_t parameters() const;
};

// The largest configuration read: beyond any GPT-2 (gpt2-xl: 48 layers, 25 heads, 1600 wide), small enough that
// sizes never overflow.
inline constexpr std::size_t kMaxLayers = 256, kMaxWidth = 16384, kMaxPositions = 65536, kMaxVocabulary = 1'000'000;

// config.json's text into a Config: n_layer, n_head, n_embd, vocab_size and n_positions (or n_ctx) whole numbers in
// range, n_head dividing n_embd, layer_norm_epsilon finite in (0, 1), activation_function (if given) "gelu_new".
// Other fields are GPT-2's training settings and are ignored. Refusals have ErrorKind::config.
Error read_config(std::string_view text, Config& out);

// The language model GPT-2 is (attn/language_model.h): learned positions, GELU (tanh form), the unembedding tied to
// wte without a bias, the embedding unscaled, config's epsilon, context n_positions, n_inner's feed-forward width.
model::LanguageModelConfig language_model_config(const Config& config);

// Why `config` is not a model of GPT-2's architecture (its first difference, as a phrase: "its positions are
// sinusoidal; GPT-2's are learned"), or "" when it is one: learned positions, GELU, the unembedding tied to the
// embedding without a bias, the embedding unscaled, one key/value head per query head, a feed-forward layer, no
// sliding window and no sink logits. What export_safetensors and the trainer's model.architecture 'gpt2' check.
std::string architecture_problem(const model::LanguageModelConfig& config);

// One tensor to copy in: where its bytes are in the file, and where its elements go in the flat parameters.
struct Piece {
  safetensors::Tensor tensor;
  std::uint64_t file_offset = 0;  // the header's data_start() + tensor.begin
  // Element e goes to destination[e]; or, for c_attn's weight [D, 3D] and bias [3D] (split_columns = D), column c of
  // row r goes to parts[c / D][r·D + c % D]: its q, k and v columns to the q, k and v maps.
  float* destination = nullptr;
  std::array<float*, 3> parts{};
  std::size_t split_columns = 0;
  std::uint64_t bytes_done = 0;  // how much of the tensor put() has converted
};

// Maps a safetensors header to GPT-2's parameters, then takes each tensor's bytes in order, in chunks of whole
// elements (as small as the caller likes: a learner's 548 MB file is read a few MB at a time), converting each chunk
// straight into the language model's flat parameters in LanguageModelLayout(language_model_config(config)) order.
// The model is never held twice: peak memory is the parameters plus the caller's chunk.
class Loader {
 public:
  Loader() = default;
  Loader(const Loader&) = delete;  // pieces point into its own parameters
  Loader& operator=(const Loader&) = delete;
  Loader(Loader&&) = default;  // moving the vector keeps its buffer, and so the pieces' destinations
  Loader& operator=(Loader&&) = default;

  // Refuses a header whose tensors do not make the configured model: ErrorKind::missing names the first parameter
  // absent, ErrorKind::shape a tensor whose shape differs from the configuration's (and says both), ErrorKind::config
  // a layer beyond n_layer, ErrorKind::header a parameter given twice (with and without the prefix) and
  // ErrorKind::dtype a parameter neither F32, F16 nor BF16. On success the parameters are allocated, still zero.
  Error open(const safetensors::Header& header, const Config& config);

  const std::vector<Piece>& pieces() const { return pieces_; }
  // `size` bytes of piece `index`, the next after those already put: a whole number of its elements.
  Error put(std::size_t index, std::uint64_t offset, const std::uint8_t* bytes, std::size_t size);
  // Every piece put in full, else ErrorKind::truncated naming the first that is not.
  Error finish() const;
  const model::LanguageModelConfig& model_config() const { return model_config_; }
  // The flat parameters, moved out (after finish(); the loader then holds none).
  std::vector<float> take_parameters();

 private:
  model::LanguageModelConfig model_config_;
  std::vector<float> parameters_;
  std::vector<Piece> pieces_;
};

// A model of GPT-2's architecture (architecture_problem() empty) as Hugging Face's files: model.safetensors with
// float32 tensors under GPT-2's names (no prefix, no mask buffers, no lm_head.weight: the unembedding is wte), in the
// Conv1D layout, c_attn's columns gathered from the q, k and v maps; and config.json (n_positions the context,
// n_inner null when 4·D). Read back through Loader, they give the same parameters. Another architecture is refused:
// ErrorKind::config naming its first difference, and out empty.
Error export_safetensors(const model::LanguageModelConfig& config, const float* params, std::vector<std::uint8_t>& out);
// The same, empty when refused.
std::vector<std::uint8_t> export_safetensors(const model::LanguageModelConfig& config, const float* params);
// config.json's text ("" when refused).
std::string export_config(const model::LanguageModelConfig& config);

// Reads `size` bytes at `offset` of the file into `into`; false if the file cannot give them.
using ReadBytes = std::function<bool(std::uint64_t offset, std::size_t size, std::uint8_t* into)>;

// The whole load over any byte source: the 8-byte length, the header, then every piece in chunks of at most
// chunk_bytes (rounded down to whole elements), so at most one chunk of the file is in memory at a time. `parameters`
// receives the flat parameters of language_model_config(config).
Error load(std::uint64_t file_size, const ReadBytes& read, const Config& config, std::vector<float>& parameters,
           std::size_t chunk_bytes = std::size_t{1} << 20);

}  // namespace attn::gpt2
