// GPT-2's weights from the files a learner downloads (config.json and model.safetensors, see
// ../shared/GPT2-FILES.md): the configuration read and checked, every tensor mapped to the parameter it is under
// Hugging Face's names (with or without the "transformer." prefix) and checked against the shape the configuration
// implies, then copied in piece by piece as float32. Conv1D weights keep the file's layout: (in, out), row-major, so
// that y = x·W + b. The causal-mask buffers (h.i.attn.bias, h.i.attn.masked_bias) are ignored; lm_head.weight, when
// present, must have wte's shape and is not read (the unembedding is tied to wte). This is the weights only: the
// forward pass and the tokenizer build on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

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

// One layer's parameters, named as Hugging Face names them.
struct Layer {
  std::vector<float> ln_1_weight, ln_1_bias;              // [D]
  std::vector<float> attn_c_attn_weight;                  // [D, 3D]: q, k, v columns, D each
  std::vector<float> attn_c_attn_bias;                    // [3D]
  std::vector<float> attn_c_proj_weight;                  // [D, D]
  std::vector<float> attn_c_proj_bias;                    // [D]
  std::vector<float> ln_2_weight, ln_2_bias;              // [D]
  std::vector<float> mlp_c_fc_weight, mlp_c_fc_bias;      // [D, n_inner], [n_inner]
  std::vector<float> mlp_c_proj_weight, mlp_c_proj_bias;  // [n_inner, D], [D]
};

struct Weights {
  Config config;
  std::vector<float> wte;  // [V, D], also the unembedding
  std::vector<float> wpe;  // [P, D]
  std::vector<Layer> layers;
  std::vector<float> ln_f_weight, ln_f_bias;  // [D]
};

// One tensor to copy in: where its bytes are in the file, and the parameter they fill.
struct Piece {
  safetensors::Tensor tensor;
  std::uint64_t file_offset = 0;  // the header's data_start() + tensor.begin
  float* destination = nullptr;   // tensor.elements() floats inside the Loader's Weights
  std::uint64_t bytes_done = 0;   // how much of the tensor put() has converted
};

// Maps a safetensors header to GPT-2's parameters, then takes each tensor's bytes in order, in chunks of whole
// elements (as small as the caller likes: a learner's 548 MB file is read a few MB at a time).
class Loader {
 public:
  Loader() = default;
  Loader(const Loader&) = delete;  // pieces point into its own weights
  Loader& operator=(const Loader&) = delete;
  Loader(Loader&&) = default;  // moving the vectors keeps their buffers, and so the pieces' destinations
  Loader& operator=(Loader&&) = default;

  // Refuses a header whose tensors do not make the configured model: ErrorKind::missing names the first parameter
  // absent, ErrorKind::shape a tensor whose shape differs from the configuration's (and says both), ErrorKind::config
  // a layer beyond n_layer, ErrorKind::header a parameter given twice (with and without the prefix) and
  // ErrorKind::dtype a parameter neither F32, F16 nor BF16. On success the weights are allocated, still zero.
  Error open(const safetensors::Header& header, const Config& config);

  const std::vector<Piece>& pieces() const { return pieces_; }
  // `size` bytes of piece `index`, the next after those already put: a whole number of its elements.
  Error put(std::size_t index, std::uint64_t offset, const std::uint8_t* bytes, std::size_t size);
  // Every piece put in full, else ErrorKind::truncated naming the first that is not.
  Error finish() const;
  Weights& weights() { return weights_; }

 private:
  Weights weights_;
  std::vector<Piece> pieces_;
};

// Reads `size` bytes at `offset` of the file into `into`; false if the file cannot give them.
using ReadBytes = std::function<bool(std::uint64_t offset, std::size_t size, std::uint8_t* into)>;

// The whole load over any byte source: the 8-byte length, the header, then every piece in chunks of at most
// chunk_bytes (rounded down to whole elements), so at most one chunk of the file is in memory at a time.
Error load(std::uint64_t file_size, const ReadBytes& read, const Config& config, Weights& out,
           std::size_t chunk_bytes = std::size_t{1} << 20);

}  // namespace attn::gpt2
