// The language model: a decoder-only transformer (GPT-style, pre-LayerNorm) over a tokenizer's ids.
//
//   tokens → embedding·√D (+ sinusoidal positions) → N blocks → LayerNorm → · Wout + bout = logits (T × V)
//     block:  x += CausalSelfAttention(LN(x));   x += FFN(LN(x))
// GPT-2 is the same model with other choices (LanguageModelConfig): learned positions, GELU, the embedding unscaled,
// the unembedding tied to the embedding table without a bias (logits = LN(x)·Eᵀ).
//
// The blocks are the translator's encoder layers with a causal mask (the same layers, kernels, LayerNorm,
// shared key/value heads and position schemes); there is no encoder and no cross-attention. Beside the
// training pass over a whole sequence, step() decodes one token at a time from a KeyValueCache: each block's
// keys and values of earlier positions are kept, so a new token costs one row of work per layer instead of
// recomputing the whole prefix.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "attn/kernel_set.h"
#include "attn/model.h"
#include "attn/parallel_for.h"

namespace attn::model {

class PackedWeights;
class QuantizedWeights;

struct LanguageModelConfig {
  std::uint32_t d_model = 64;
  std::uint32_t heads = 4;
  std::uint32_t kv_heads = 0;  // as Config::kv_heads: 0 means one per query head
  std::uint32_t ffn = 256;     // 0: attention-only blocks (no feed-forward layer)
  std::uint32_t layers = 2;
  std::uint32_t context = 64;      // the longest sequence the model reads (and the key/value cache holds)
  std::uint32_t vocabulary = 256;  // the tokenizer's size
  bool positions = true;           // sinusoidal positions added to the embeddings
  RelativePositions relative = RelativePositions::none;
  // Sliding-window attention (Beltagy et al. 2020, Longformer; Jiang et al. 2023, Mistral 7B): each position reads
  // itself and the window − 1 before it, in training (a band mask) and in generation (a cache that evicts its oldest
  // position, so its memory stays flat). 0: every earlier position.
  std::uint32_t window = 0;
  // A learnable sink logit per head and layer (as gpt-oss): one more entry in each softmax's denominator whose value
  // is zero, so a head can put its weight nowhere instead of on some token (what natural sinks do with the first).
  bool sink_logits = false;
  // GPT-2's choices (Radford et al. 2019), off by default so that every existing model, file and training hash is
  // unchanged. Learned positions: a context × D table in the parameters (GPT-2's wpe) added instead of the sinusoids
  // when `positions` is on; it has no row past the context, so such a model never reads past it (step() and
  // step_at() refuse).
  bool learned_positions = false;
  Activation activation = Activation::relu;  // the feed-forward layer's
  bool tied_output = false;                  // logits = x·Eᵀ, E the token embedding table (Press & Wolf 2017)
  bool output_bias = true;                   // the unembedding's bias (GPT-2 has none)
  bool embedding_scaled = true;              // the token's row times √D (GPT-2 adds it as it is)
  float norm_epsilon = 1e-5f;                // every LayerNorm's (GPT-2's config.json: layer_norm_epsilon)

  std::uint32_t head_width() const { return d_model / heads; }
  std::uint32_t key_value_heads() const { return kv_heads ? kv_heads : heads; }
  // Keys and values of every layer for one position, float32.
  std::size_t cache_bytes_per_token() const {
    return std::size_t{layers} * 2 * key_value_heads() * head_width() * sizeof(float);
  }
};

struct LanguageModelLayout {
  std::size_t embedding = 0;          // vocabulary × D
  std::size_t positions = 0;          // learned positions: context × D, right after the embedding (0: none)
  std::vector<ResidualBlock> blocks;  // without cross-attention (their self-attention is causal)
  LayerNorm final_norm;
  // D × vocabulary; tied, w is the embedding table (vocabulary × D, read transposed) and only a bias, if any, is the
  // output's own.
  Linear output;
  std::size_t count = 0;

  explicit LanguageModelLayout(const LanguageModelConfig& config);
  // The blocks' linear maps, in layout order: each block's q, k, v, o, then its feed-forward layer's two.
  std::vector<Linear> block_maps() const { return linear_maps(blocks); }
};

// Seeded initialisation, as the translator's: N(0, 1/fan_in) weights, zero biases, unit gains, N(0, 1/D) embeddings
// (and learned positions, drawn after the embeddings; a tied output draws nothing of its own).
std::vector<float> initial_language_model_parameters(const LanguageModelConfig& config, std::uint64_t seed);

struct LanguageModelActivations {
  std::vector<int> tokens;
  float temperature = 1.0f;
  std::vector<ResidualBlockActivations> blocks;
  std::vector<float> out_raw;  // the residual stream after the last block
  LayerNormActivations final_norm;
  std::vector<float> logits;  // T × vocabulary
};

// What one cached step computed: the next token's logits and, per layer and head, the new position's
// attention over every position held (layer-major: weights[(layer·heads + head)·length + j]).
struct StepOutput {
  std::vector<float> logits;
  std::vector<float> attention;
  std::size_t length = 0;  // positions attended, the new one included
};

// The smallest one-row product a generated token shares among threads (use_threads), in multiply-adds: below it,
// waking the pool costs more than the product saves. Measured natively (gpt2_step with a thread count and this
// threshold, AMD EPYC, 2 cores at load 10-12): sharing a product costs about 20 µs more a token (every product of a
// width-64 GPT-2 shared: +0.4-0.6 ms a token over its 25 products), and a token runs about 3 multiply-adds a
// nanosecond (GPT-2 small: 124 M in 42 ms; wasm about 1.6 times slower), so halving a product on a free core pays
// from about 1.2e5 multiply-adds natively and 7e4 in wasm: 2^18 (2.6e5) with room. Our width-64 model's largest
// product (64 × 256 = 1.6e4) stays on one thread; every one of GPT-2 small's (768 × 768 = 5.9e5 and up) is shared.
inline constexpr std::size_t kThreadedProductMadds = std::size_t{1} << 18;

class LanguageModel {
 public:
  LanguageModel(const LanguageModelConfig& config, const KernelSet& kernels);

  const LanguageModelConfig& config() const { return config_; }
  const LanguageModelLayout& layout() const { return layout_; }
  // The kernel set every pass runs on (the one given at construction).
  const KernelSet& kernels() const { return stack_.kernels(); }

  // The causal pass over `tokens`: logits for every position. Past config.context tokens the sinusoids go on past
  // the table (what the model was not trained on); learned positions have no row there, so a model with them must be
  // given at most config.context tokens (past them, positions add nothing). `allowed` (T × T, 1 where query i may
  // read key j; null: causal, within the window if any) narrows which keys each query reads, as a sliding window's
  // band does. `heads_on` (layers × heads, layer-major; 0 = that head's output zeroed before the output projection,
  // as the translator's HeadMask; null = all on) switches heads off; backward() assumes every head is on.
  void forward(const float* params, const std::vector<int>& tokens, float temperature, LanguageModelActivations& act,
               const std::uint8_t* allowed = nullptr, const std::uint8_t* heads_on = nullptr);
  // Σ_t −log p(targets[t]) after forward() at temperature 1, adding `loss_weight` × its gradient to `grads`.
  double backward(const float* params, const std::vector<int>& targets, float loss_weight,
                  LanguageModelActivations& act, float* grads);
  double loss(const float* params, const std::vector<int>& tokens, const std::vector<int>& targets);

  // Appends `token` at position cache.appended() and computes its logits from the cache: the same numbers forward()
  // gives for the last row of the whole prefix. With a window, the cache first evicts its oldest position once it
  // holds `window`. Returns false, changing nothing, when config.context positions have been appended (the module
  // is built without exceptions). `heads_on` as forward()'s.
  bool step(const float* params, int token, KeyValueCache& cache, float temperature, StepOutput& out,
            const std::uint8_t* heads_on = nullptr);
  // step() without the context's bound, for a text longer than the context: the token's sinusoids (when the model
  // adds them) are those of `position`, its place in the text, extended past the context's table; RoPE and ALiBi
  // see the cache's places (after evictions, not the text's). Learned positions cannot be extended: with them it
  // returns false, changing nothing, for a position at or past config.context (a learned absolute position cannot
  // move inside a cache either: a text longer than the context is read through a recomputed window).
  bool step_at(const float* params, int token, std::size_t position, KeyValueCache& cache, float temperature,
               StepOutput& out, const std::uint8_t* heads_on = nullptr);

  // The heads every later forward(), step() and step_at() switches off when given no heads_on of their own (so that
  // generation, scoring and the streaming readers, which call those, all honour one mask): layers × heads bytes as
  // heads_on's, or empty for every head on. clear_heads_on() is set_heads_on({}).
  void set_heads_on(std::vector<std::uint8_t> heads_on) { heads_on_ = std::move(heads_on); }
  void clear_heads_on() { heads_on_.clear(); }
  // That mask, or null when every head is on (what a pass of the model's blocks outside forward() reads: inspect's).
  const std::uint8_t* heads_on_mask() const { return heads_on_.empty() ? nullptr : heads_on_.data(); }
  // 8: from now on forward() and step() read every linear map of the blocks and the output (the tied unembedding's
  // table included) from an int8 copy of `params`' with a scale per output (attn/quantized_weights.h), made here once;
  // 32: the float32 parameters again (the copy freed). The float32 parameters stay: the embeddings' lookup, the
  // LayerNorms and biases, backward() and the weights' own readers (copying scores) use them. Returns the copy's
  // bytes (0 at 32); false, changing nothing, for other bits.
  bool use_weight_bits(unsigned bits, const float* params);
  // Weights packed once for many products (packed_weights.h: a training step's, packed by the trainer), read by
  // forward() and backward() from now on in place of packing them at each product; null: none. The same bits.
  void use_packed_weights(const PackedWeights* packed);
  // From now on a generated token's products (step()'s and step_at()'s single rows: the attention's and the MLP's
  // linear maps, the unembedding) share their outputs among `threads` through `parallel`, each product only from
  // `from_madds` multiply-adds (inputs × outputs) up; each output is computed as on one thread, so tokens and
  // probabilities are the same bits for any count. 1 (or fewer): all on the calling thread.
  void use_threads(ParallelFor parallel, unsigned threads, std::size_t from_madds = kThreadedProductMadds);
  std::size_t quantized_bytes() const;

 private:
  const std::uint8_t* heads_on_or_mask(const std::uint8_t* heads_on) const {
    return heads_on ? heads_on : heads_on_mask();
  }
  LanguageModelConfig config_;
  LanguageModelLayout layout_;
  ResidualStack stack_;
  TokenEmbedding embedding_;  // context sinusoids (none when the model has none), extended past it, or learned
  LanguageModelActivations loss_activations_;
  std::vector<std::uint8_t> heads_on_;  // set_heads_on()'s mask, empty when every head is on
  std::shared_ptr<const QuantizedWeights> quantized_;
};

}  // namespace attn::model
