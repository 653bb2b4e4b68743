// The translation model: a small encoder-decoder transformer (pre-LayerNorm), forward and backward.
//
//   source tokens → embedding·√D + sinusoidal positions → N encoder layers → LayerNorm   = memory (S × D)
//     encoder layer:  x += SelfAttention(LN(x));            x += FFN(LN(x))
//   target tokens → embedding·√D + positions → M decoder layers → LayerNorm → · Wout + bout = logits (T × V)
//     (with tied_output, · Eᵀ + bout: E the target embedding table, as it is, without the √D)
//     decoder layer:  y += CausalSelfAttention(LN(y));      y += CrossAttention(LN(y), memory);   y += FFN(LN(y))
//   FFN(x) = ReLU(x W1 + b1) W2 + b2
//
// All parameters live in one flat float array whose layout (ParameterLayout) follows from the Config, so
// Adam, gradient clipping and the weight file treat them as one vector. The forward pass runs on a KernelSet
// (the xsimd kernels or the reference loops) and keeps every activation the backward pass needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attn/attention.h"
#include "attn/kernel_set.h"

namespace attn::model {

// How attention turns logits into weights: the softmax (each row sums to 1), or, as an ablation the lecture
// notes argue against, independent sigmoid gates (each weight in (0, 1), rows unnormalised).
enum class AttentionWeighting : std::uint32_t { softmax = 0, sigmoid = 1 };

// How self-attention sees token positions, besides any absolute encoding added to the embeddings:
// - rope: each head's query and key dimension pairs (2p, 2p + 1) are rotated by the angle position · 10000^(−2p/dh)
//   (Su et al. 2021), so a query·key product depends on the two positions only through their difference;
// - alibi: head h's logits get −m_h·|i − j| added, m_h = 2^(−8(h + 1)/H) (Press et al. 2022): nearer keys weigh more.
enum class RelativePositions : std::uint8_t { none, rope, alibi };

// The feed-forward layer's nonlinearity: ReLU (max(0, x), the translator's and our language models'), or GPT-2's GELU
// in its tanh form (Hendrycks & Gimpel 2016; Hugging Face's "gelu_new"): 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))).
enum class Activation : std::uint8_t { relu, gelu_tanh };

struct Config {
  std::uint32_t d_model = 32;
  std::uint32_t heads = 4;
  // Key/value heads (Shazeer 2019; Ainslie et al. 2023): query head h reads key/value head h·kv_heads/heads, so
  // groups of heads/kv_heads query heads share one; 1 is multi-query attention, 0 means one per query head.
  std::uint32_t kv_heads = 0;
  std::uint32_t ffn = 64;  // hidden width of the feed-forward blocks
  std::uint32_t encoder_layers = 2;
  std::uint32_t decoder_layers = 2;
  std::uint32_t max_positions = 24;  // longest source or target sequence, special tokens included
  std::uint32_t source_vocabulary = 0;
  std::uint32_t target_vocabulary = 0;
  // Ablations (the shipped model has none): without positions the encoder sees a bag of words; without
  // scaling the logits are raw dot products (softmax saturates as the head width grows).
  bool positions = true;  // add sinusoidal position encodings to the embeddings
  bool scaled = true;     // multiply logits by 1/sqrt(head width)
  AttentionWeighting weighting = AttentionWeighting::softmax;
  // Positions inside self-attention (Su et al.'s RoPE, Press et al.'s ALiBi), usually with `positions` off:
  // they see only how far apart two tokens are, which is what lets them read sequences longer than training's.
  RelativePositions relative = RelativePositions::none;
  // Press & Wolf (2017), as in Vaswani et al.: the logits are the decoder's output times the target embedding
  // table transposed, plus the output bias, instead of a D × vocabulary projection of their own (a larger
  // vocabulary's largest matrix, gone). Off by default: every existing model and weight file is unchanged.
  bool tied_output = false;

  std::uint32_t head_width() const { return d_model / heads; }
  std::uint32_t key_value_heads() const { return kv_heads ? kv_heads : heads; }
  // Bytes a decoder caching its self-attention keys and values in float32 keeps per decoded token.
  std::size_t cache_bytes_per_token() const {
    return std::size_t{decoder_layers} * 2 * key_value_heads() * head_width() * sizeof(float);
  }
  // Whether the weight file needs its flags word (version 2): an ablation, relative positions or a tied output.
  bool has_flags() const {
    return !positions || !scaled || weighting != AttentionWeighting::softmax || relative != RelativePositions::none ||
           tied_output;
  }
};

// Offsets of one linear map x·W + b (W: in × out) in the flat parameter array; without a bias (has_bias false: a
// GPT-2's tied unembedding), x·W alone and b unused.
struct Linear {
  std::size_t w = 0, b = 0, in = 0, out = 0;
  bool has_bias = true;
};
struct LayerNorm {
  std::size_t gamma = 0, beta = 0, width = 0;
  float epsilon = 1e-5f;  // inside the square root: rstd = 1/sqrt(var + epsilon)
};
struct AttentionBlock {
  Linear q, k, v, o;  // k and v map to kv_heads · head width columns
  std::size_t heads = 1;
  float logit_scale = 1.0f;  // 1/sqrt(head width), or 1 without scaling
  AttentionWeighting weighting = AttentionWeighting::softmax;
  // Self-attention only: cross-attention's queries and keys come from different sequences, whose positions
  // have no common origin to measure a distance from.
  RelativePositions relative = RelativePositions::none;
  std::size_t kv_heads = 1;  // divides heads
  // Offset of `heads` learnable sink logits (gpt-oss; Xiao et al.'s "sink token" as a parameter): each joins its
  // head's softmax denominator, so a head may attend to nothing. 0: none (offset 0 is always an embedding table).
  std::size_t sink_logits = 0;

  std::size_t head_width() const { return q.out / heads; }
  // The key/value head that query head h reads.
  std::size_t kv_head_of(std::size_t h) const { return h * kv_heads / heads; }
};
struct FeedForward {
  Linear expand, contract;
  Activation activation = Activation::relu;
};
// One pre-LayerNorm residual block, what both models stack:
//   x += SelfAttention(LN(x));   x += CrossAttention(LN(x), memory) (a decoder's);   x += FFN(LN(x)) (unless none)
// An encoder layer and a language model's block have no cross-attention (cross_norm.width 0); a language model's
// attention-only block has no feed-forward layer either (ffn_norm.width 0).
struct ResidualBlock {
  LayerNorm attention_norm, cross_norm, ffn_norm;
  AttentionBlock self_attention, cross_attention;
  FeedForward ffn;

  bool has_cross_attention() const { return cross_norm.width > 0; }
  bool has_feed_forward() const { return ffn_norm.width > 0; }
};

// The linear maps of `blocks`, in layout order: each block's self-attention q, k, v, o, its cross-attention's (a
// decoder's), then its feed-forward layer's two.
std::vector<Linear> linear_maps(const std::vector<ResidualBlock>& blocks);

struct ParameterLayout {
  std::size_t source_embedding = 0, target_embedding = 0;  // vocabulary × D
  std::vector<ResidualBlock> encoder;
  LayerNorm encoder_norm;
  std::vector<ResidualBlock> decoder;  // with cross-attention
  LayerNorm decoder_norm;
  // D × target vocabulary; with a tied output only the bias is the output's own, and w is the target embedding
  // table (vocabulary × D, read transposed).
  Linear output;
  std::size_t count = 0;

  explicit ParameterLayout(const Config& config);
};

// Seeded initialisation: N(0, 1/fan_in) weights, zero biases, unit LayerNorm gains, N(0, 1/D) embeddings.
std::vector<float> initial_parameters(const Config& config, std::uint64_t seed);

// Every activation of one forward pass over one sentence pair: what the backward pass reads and what the
// playground displays (attention weights per layer and head).
struct AttentionActivations {
  std::size_t sq = 0, sk = 0;
  std::vector<float> q, k, v;  // Sq × D, Sk × (kv heads · head width) twice
  std::vector<float> weights;  // H × Sq × Sk
  std::vector<float> heads;    // Sq × D: the heads' outputs side by side, before Wo
  // The mask was causal over as many queries as keys: every weight past a query's own position is zero (the
  // backward's products take the triangle only).
  bool causal = false;
};
struct LayerNormActivations {
  std::vector<float> out, normalized, rstd;  // gamma·x̂ + beta, x̂ = (x − mean)·rstd, rstd = 1/sqrt(var + eps)
};
struct FeedForwardActivations {
  std::vector<float> hidden;  // after the activation (ReLU's sign is its derivative)
  std::vector<float> pre;     // GELU's input, which its derivative needs (empty for ReLU)
};
// A residual block's activations: the residual stream before it and after each attention (after_cross: a
// decoder's), each sublayer's LayerNorm and layer.
struct ResidualBlockActivations {
  std::vector<float> input, after_self, after_cross;
  LayerNormActivations attention_norm, cross_norm, ffn_norm;
  AttentionActivations self_attention, cross_attention;
  FeedForwardActivations ffn;
};
struct Activations {
  std::vector<int> source, target_in;  // token ids
  float temperature = 1.0f;
  std::vector<ResidualBlockActivations> encoder;
  std::vector<float> encoder_out_raw;  // residual stream after the last encoder layer
  LayerNormActivations memory;         // the encoder's output (memory.out)
  std::vector<ResidualBlockActivations> decoder;
  std::vector<float> decoder_out_raw;
  LayerNormActivations decoder_final;
  std::vector<float> logits;  // T × target vocabulary
};

struct LanguageModelConfig;

// The key/value cache of a model decoding a token at a time (the translator's decoder, the language model): each
// block's self-attention keys and values of the positions decoded so far (turned by RoPE at their positions when the
// model uses it) and, for a decoder reading an encoder's memory, its cross-attention keys and values of that memory,
// projected once. A new token then costs one row of work per block instead of a pass over the whole prefix (what
// multi-query and grouped-query attention shrink: the cache holds key/value heads, not query heads). The buffers
// grow a row per token; bytes_allocated() is what the self-attention's hold, measured rather than computed.
class KeyValueCache {
 public:
  explicit KeyValueCache(const Config& config);  // the translator's decoder (sized by start_decoding)
  explicit KeyValueCache(const LanguageModelConfig& config);
  std::size_t length() const { return length_; }      // positions held
  std::size_t appended() const { return appended_; }  // positions appended since clear(), evicted ones included
  std::size_t bytes_allocated() const;
  std::size_t bytes_used() const;
  void clear();  // empties the self-attention's keys and values, keeping their allocation
  // Removes position `slot` from every layer; the positions after it move one place back (StreamingLLM's rolling
  // cache: a key sits at its place in the cache, not in the text). With RoPE their keys are turned back one
  // position, so each key stays rotated at its place. The allocation is kept: a cache that evicts as it appends
  // stays the same size however long the text.
  void evict(std::size_t slot);
  // Keys or values of `layer`, length() × (key/value heads · head width).
  const float* keys(std::size_t layer) const { return keys_[layer].data(); }
  const float* values(std::size_t layer) const { return values_[layer].data(); }

 private:
  KeyValueCache(std::size_t layers, std::size_t key_value_heads, std::size_t head_width, bool rope);
  friend class ResidualStack;  // the blocks' cached step appends to it
  std::size_t row_floats_ = 0, head_width_ = 0, key_value_heads_ = 0;
  bool rope_ = false;
  std::vector<std::vector<float>> keys_, values_;
  std::vector<std::vector<float>> memory_keys_, memory_values_;  // a decoder's: memory_length_ rows per layer
  std::size_t length_ = 0, appended_ = 0, memory_length_ = 0;
};

// Heads switched off at inference, as in Michel et al. 2019 ("Are sixteen heads really better than one?"): an
// off head's output (its columns of the heads' concatenation) is zeroed before the output projection Wo; its
// attention weights are still computed, so the maps show what it would have read. Each vector holds one entry
// per layer and head of its kind (layer-major, 1 = on, 0 = off); an empty vector leaves every head of that kind
// on. Inference only: backward() assumes every head is on.
struct HeadMask {
  std::vector<std::uint8_t> encoder_self, decoder_self, cross;
  bool all_on() const;
};
// Why `mask` does not fit `config` (an entry count, or an entry other than 0 or 1), or "" when it does.
std::string head_mask_problem(const Config& config, const HeadMask& mask);

// Sinusoidal position encodings, positions × d row-major: dimension pair (2i, 2i+1) turns at frequency
// 10000^(−2i/d), sin then cos (the transformer adds them to its embeddings; exposed for the position lesson).
// Rows start at `first_position` (a language model reading past its context extends the table).
void sinusoidal_positions(std::size_t positions, std::size_t d, float* out, std::size_t first_position = 0);

// x = E[token]·√D + the position's encoding: the input of both models' blocks (the translator's encoder and
// decoder, the language model's). The encoding is a sinusoid, tabled for `positions` rows and extended past them (a
// text read beyond a language model's context), or none (the ablation), or a learned table of `positions` rows in the
// parameters (GPT-2's wpe), which has no row past its last: positions there get none, and the language model refuses
// to read them (LanguageModel::step_at). Without `scaled` the token's row is added as it is, without the √D (GPT-2).
class TokenEmbedding {
 public:
  // `learned`: the offset of the learned table (positions × D) in the parameters, or 0 for none (offset 0 is always
  // an embedding table).
  TokenEmbedding(std::size_t d, std::size_t positions, bool sinusoids, bool scaled = true, std::size_t learned = 0);
  // `count` tokens' rows of the table at offset `table` (vocabulary × D), at positions `first_position` on, into
  // `out` (count × D).
  void forward(const float* params, std::size_t table, const int* tokens, std::size_t count, std::size_t first_position,
               float* out) const;
  // Each token's row of the table's gradient receives ∂L/∂x·√D (dx: count × D, positions 0..count − 1), and a
  // learned position table's row i receives ∂L/∂x_i.
  void backward(std::size_t table, const int* tokens, std::size_t count, const float* dx, float* grads) const;

 private:
  std::size_t d_, rows_;
  bool sinusoids_;
  float gain_;
  std::size_t learned_;
  std::vector<float> positions_;  // rows_ × D sinusoids (empty without them)
};

class PackedWeights;  // weight matrices packed once for many products (packed_weights.h)
struct ModelBuffers;  // layer scratch and backward-pass gradients, reused between calls (residual_stack.h)

// What a stack's blocks read besides the residual stream.
struct BlockInputs {
  Mask mask;  // the self-attention's (none for an encoder, causal or a band for a decoder)
  float temperature = 1.0f;
  const float* memory = nullptr;  // cross-attention's keys and values: the encoder's output, memory_rows × D
  std::size_t memory_rows = 0;
  // Heads switched off (HeadMask), one entry per layer and head (layer-major), or null when all are on.
  const std::uint8_t* self_heads_on = nullptr;
  const std::uint8_t* cross_heads_on = nullptr;
};

// A stack of residual blocks run over a model's flat parameters (residual_stack.cpp): the translator's encoder and
// decoder and the language model are each one, with the LayerNorm and output projection on top. What differs
// between them is data, not code: whether a block has cross-attention or a feed-forward layer, the self-attention's
// mask, the heads switched off. Copies share their scratch.
class ResidualStack {
 public:
  ResidualStack(const KernelSet& kernels, std::size_t d_model);
  ModelBuffers& buffers() { return *buffers_; }
  const KernelSet& kernels() const { return kernels_; }

  // Every block in turn over `x` (rows × D: the embedded tokens on entry, the last block's output on return),
  // keeping each block's activations in `acts`.
  void forward(const float* params, const std::vector<ResidualBlock>& blocks,
               std::vector<ResidualBlockActivations>& acts, std::size_t rows, const BlockInputs& in,
               std::vector<float>& x);
  // forward()'s twin, walking down the blocks: `dx` holds ∂L/∂(the last block's output) and becomes ∂L/∂x; a
  // cross-attention's memory gradient is added to `dmemory`.
  void backward(const float* params, float* grads, const std::vector<ResidualBlock>& blocks,
                const std::vector<ResidualBlockActivations>& acts, std::size_t rows, float temperature,
                const float* memory, float* dmemory, float* dx);

  // Empties `cache` and projects each block's cross-attention keys and values of `memory` (rows × D) into it.
  void start_decoding(const float* params, const std::vector<ResidualBlock>& blocks, const float* memory,
                      std::size_t rows, KeyValueCache& cache);
  // One new row (D floats, in place) through every block from `cache`, which takes its keys and values: what
  // forward() gives for the last row of the whole prefix. `weights`, when not null, receives each layer's
  // self-attention weights over the cache (layer-major, heads × (cache.length() + 1) per layer), and
  // `cross_weights` each layer's cross-attention weights over the memory (heads × memory rows per layer).
  void step(const float* params, const std::vector<ResidualBlock>& blocks, float temperature,
            const std::uint8_t* self_heads_on, const std::uint8_t* cross_heads_on, KeyValueCache& cache, float* row,
            float* weights, float* cross_weights = nullptr);

  // The stack's top: logits (rows × vocabulary) = LN(x) · W + b, or with a tied output LN(x) · Eᵀ + b.
  void head_forward(const float* params, const LayerNorm& norm, const Linear& output, bool tied, const float* x,
                    std::size_t rows, LayerNormActivations& norm_act, float* logits);
  // Σ −log p(targets) over `logits` after head_forward(), adding `loss_weight` × its gradient to `grads`; ∂L/∂x
  // goes into `dx` (rows × D, zeroed here).
  double head_backward(const float* params, float* grads, const LayerNorm& norm, const Linear& output, bool tied,
                       const LayerNormActivations& norm_act, const float* logits, std::size_t rows,
                       std::size_t vocabulary, const int* targets, float loss_weight, std::vector<float>& dx);

 private:
  // LN(x) through one attention into the buffers' branch; self-attention when `memory` is null.
  void attention_branch(const float* params, const LayerNorm& norm, const AttentionBlock& block, const float* x,
                        std::size_t rows, const float* memory, std::size_t memory_rows, const Mask& mask,
                        float temperature, const std::uint8_t* heads_on, LayerNormActivations& norm_act,
                        AttentionActivations& act);
  // Residual FFN sublayer x_out = x + FFN(LN(x)): `dx` holds ∂L/∂x_out and becomes ∂L/∂x.
  void ffn_backward(const float* params, float* grads, const LayerNorm& norm, const LayerNormActivations& norm_act,
                    const FeedForward& ffn, const FeedForwardActivations& ffn_act, std::size_t rows, float* dx);
  // Residual attention sublayer x_out = x + Attention(LN(x), memory), as ffn_backward; a cross-attention's memory
  // gradient goes to `dmemory`.
  void attention_backward(const float* params, float* grads, const LayerNorm& norm,
                          const LayerNormActivations& norm_act, const AttentionBlock& block,
                          const AttentionActivations& block_act, const float* memory, float temperature,
                          std::size_t rows, float* dx, float* dmemory);

  const KernelSet& kernels_;
  std::shared_ptr<ModelBuffers> buffers_;
  std::size_t d_;
};

class Transformer {
 public:
  Transformer(const Config& config, const KernelSet& kernels);

  const Config& config() const { return config_; }
  const ParameterLayout& layout() const { return layout_; }
  // The kernel set every pass runs on (the one given at construction).
  const KernelSet& kernels() const { return stack_.kernels(); }

  // Encoder over `source`, then the decoder over `target_in` (teacher forcing or a decoding prefix).
  // `params` is the flat parameter array; `temperature` divides every attention layer's logits (on top of
  // the config's scale, 1/sqrt(head width) unless ablated).
  void forward(const float* params, const std::vector<int>& source, const std::vector<int>& target_in,
               float temperature, Activations& act);
  // What a decoder pass ends with: every row's logits (teacher forcing, training, beam search), or none (the maps
  // alone: a cached decoding's steps gave each row's logits already; the output head over every row, the tied table
  // packed for it, was a fifth of a translation's time in the module). With none, act.logits is left empty.
  enum class DecoderHead { logits, none };
  // Only the decoder, reusing act.memory from an earlier forward() over the same source.
  void forward_decoder(const float* params, const std::vector<int>& target_in, float temperature, Activations& act,
                       DecoderHead head = DecoderHead::logits);
  // Only the encoder: act.memory (and the encoder's maps) for `source`, as forward() computes them.
  void forward_encoder(const float* params, const std::vector<int>& source, float temperature, Activations& act);

  // Incremental decoding. Whether decode_step() can stand in for forward_decoder(): softmax attention (sigmoid
  // gates have no cached step).
  bool decodes_incrementally() const { return config_.weighting == AttentionWeighting::softmax; }
  // Empties `cache` for the source act.memory holds (after forward_encoder()): its cross-attention keys and values.
  void start_decoding(const float* params, const Activations& act, KeyValueCache& cache);
  // Appends `token` at position cache.appended() and writes the next token's logits (target vocabulary floats) into
  // `logits`: the last row forward_decoder() would give over the whole prefix. The head mask applies as there.
  // `self_weights` and `cross_weights`, when not null, receive that row of each layer's maps (ResidualStack::step's
  // layouts).
  void decode_step(const float* params, int token, float temperature, KeyValueCache& cache, float* logits,
                   float* self_weights = nullptr, float* cross_weights = nullptr);

  // Mean-free cross-entropy: returns Σ_t −log p(target_out[t]) and adds `loss_weight` × its gradient to
  // `grads` (same layout as params). `act` must hold a forward() over the same sentence with temperature 1.
  double backward(const float* params, const std::vector<int>& target_out, float loss_weight, Activations& act,
                  float* grads);

  // The heads forward() and forward_decoder() switch off from now on (checked with head_mask_problem first).
  void set_head_mask(HeadMask mask) { head_mask_ = std::move(mask); }
  const HeadMask& head_mask() const { return head_mask_; }
  // Weights packed once for every later product (the translator's, packed when it loads; null: none), read by the
  // forward passes instead of packing each weight again (the same bits).
  void use_packed_weights(const PackedWeights* packed);

  // Cross-entropy of one pair without gradients (for tests and evaluation).
  double loss(const float* params, const std::vector<int>& source, const std::vector<int>& target_in,
              const std::vector<int>& target_out);

 private:
  // The on/off entries of one kind of `head_mask_`'s heads (layer-major), or null when that kind is all on.
  static const std::uint8_t* heads_on(const std::vector<std::uint8_t>& kind);

  Config config_;
  ParameterLayout layout_;
  ResidualStack stack_;       // the encoder's blocks and the decoder's
  TokenEmbedding embedding_;  // max_positions sinusoids, for the source and the target tables
  Activations loss_activations_;
  HeadMask head_mask_;
};

}  // namespace attn::model
