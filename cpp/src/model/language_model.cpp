// The decoder-only transformer: layout, initialisation, the causal pass over a sequence and its backward twin, and
// step(), decoding one token from the key/value cache. The blocks are ResidualStack's (residual_stack.cpp), as the
// translator's are.
#include "attn/language_model.h"

#include <algorithm>
#include <cmath>

#include "attn/quantized_weights.h"
#include "layers.h"
#include "residual_stack.h"

namespace attn::model {

LanguageModelLayout::LanguageModelLayout(const LanguageModelConfig& c) {
  const std::size_t d = c.d_model;
  layers::ParameterAllocator take;
  const std::size_t kv_width = std::size_t{c.key_value_heads()} * c.head_width();
  auto attention = [&](bool) {
    AttentionBlock a = take.attention(d, kv_width, c.heads, c.key_value_heads(), default_scale(c.head_width()),
                                      AttentionWeighting::softmax, c.relative);
    if (c.sink_logits) a.sink_logits = take.take(c.heads);  // initially 0
    return a;
  };
  embedding = take.take(std::size_t{c.vocabulary} * d);
  if (c.positions && c.learned_positions) positions = take.take(std::size_t{c.context} * d);
  // ffn = 0: attention-only blocks (Elhage et al. 2021), with no feed-forward weights at all
  blocks = take.blocks(c.layers, d, false, c.ffn > 0, c.ffn, attention);
  for (ResidualBlock& b : blocks) {
    b.ffn.activation = c.activation;
    b.attention_norm.epsilon = b.ffn_norm.epsilon = c.norm_epsilon;
  }
  final_norm = take.norm(d);
  final_norm.epsilon = c.norm_epsilon;
  if (c.tied_output) {
    output = Linear{embedding, c.output_bias ? take.take(c.vocabulary) : 0, d, c.vocabulary, c.output_bias};
  } else if (c.output_bias) {
    output = take.linear(d, c.vocabulary);
  } else {
    output = Linear{take.take(d * c.vocabulary), 0, d, c.vocabulary, false};
  }
  count = take.count;
}

std::vector<float> initial_language_model_parameters(const LanguageModelConfig& c, std::uint64_t seed) {
  const LanguageModelLayout layout(c);
  std::vector<float> p(layout.count, 0.0f);
  layers::ParameterInitialiser init(p, seed);
  init.embedding(layout.embedding, c.vocabulary, c.d_model);
  if (layout.positions) init.embedding(layout.positions, c.context, c.d_model);  // N(0, 1/D), as the tokens'
  init.blocks(layout.blocks, layout.final_norm);
  if (!c.tied_output) init.linear(layout.output);
  return p;
}

LanguageModel::LanguageModel(const LanguageModelConfig& config, const KernelSet& kernels)
    : config_(config),
      layout_(config),
      stack_(kernels, config.d_model),
      embedding_(config.d_model, config.context, config.positions, config.embedding_scaled, layout_.positions) {}

void LanguageModel::forward(const float* params, const std::vector<int>& tokens, float temperature,
                            LanguageModelActivations& act, const std::uint8_t* allowed, const std::uint8_t* heads_on) {
  const std::size_t d = config_.d_model, t = tokens.size();
  ModelBuffers& b = stack_.buffers();
  act.tokens = tokens;
  act.temperature = temperature;
  act.out_raw.resize(t * d);
  embedding_.forward(params, layout_.embedding, tokens.data(), t, 0, act.out_raw.data());
  if (!allowed && config_.window && config_.window < t) {  // the band: key j for query i when i − window < j ≤ i
    b.band.assign(t * t, 0);
    for (std::size_t i = 0; i < t; ++i)
      std::fill_n(
          b.band.begin() + static_cast<std::ptrdiff_t>(i * t + i + 1 - std::min<std::size_t>(i + 1, config_.window)),
          std::min<std::size_t>(i + 1, config_.window), std::uint8_t{1});
    allowed = b.band.data();
  }
  BlockInputs in;
  in.mask = allowed ? Mask{MaskKind::explicit_, allowed} : Mask{MaskKind::causal, nullptr};
  in.temperature = temperature;
  in.self_heads_on = heads_on_or_mask(heads_on);
  stack_.forward(params, layout_.blocks, act.blocks, t, in, act.out_raw);
  act.logits.resize(t * config_.vocabulary);
  stack_.head_forward(params, layout_.final_norm, layout_.output, config_.tied_output, act.out_raw.data(), t,
                      act.final_norm, act.logits.data());
}

double LanguageModel::backward(const float* params, const std::vector<int>& targets, float loss_weight,
                               LanguageModelActivations& act, float* grads) {
  const std::size_t t = act.tokens.size();
  ModelBuffers& b = stack_.buffers();
  std::vector<float>& dx = b.grad;  // ∂L/∂(residual stream), walking down the blocks
  const double loss =
      stack_.head_backward(params, grads, layout_.final_norm, layout_.output, config_.tied_output, act.final_norm,
                           act.logits.data(), t, config_.vocabulary, targets.data(), loss_weight, dx);
  stack_.backward(params, grads, layout_.blocks, act.blocks, t, act.temperature, nullptr, nullptr, dx.data());
  embedding_.backward(layout_.embedding, act.tokens.data(), t, dx.data(), grads);
  return loss;
}

double LanguageModel::loss(const float* params, const std::vector<int>& tokens, const std::vector<int>& targets) {
  forward(params, tokens, 1.0f, loss_activations_);
  return layers::cross_entropy(loss_activations_.logits.data(), tokens.size(), config_.vocabulary, targets.data(), 1.0f,
                               nullptr);
}

bool LanguageModel::step(const float* params, int token, KeyValueCache& cache, float temperature, StepOutput& out,
                         const std::uint8_t* heads_on) {
  if (cache.appended() >= config_.context) return false;  // the whole context has been read
  if (config_.window && cache.length() >= config_.window) cache.evict(0);
  return step_at(params, token, cache.appended(), cache, temperature, out, heads_on);
}

bool LanguageModel::step_at(const float* params, int token, std::size_t position, KeyValueCache& cache,
                            float temperature, StepOutput& out, const std::uint8_t* heads_on) {
  if (layout_.positions && position >= config_.context) return false;  // no learned row there
  const std::size_t d = config_.d_model;
  ModelBuffers& b = stack_.buffers();
  b.row.resize(d);
  embedding_.forward(params, layout_.embedding, &token, 1, position, b.row.data());
  out.length = cache.length() + 1;
  out.attention.resize(layout_.blocks.size() * config_.heads * out.length);
  stack_.step(params, layout_.blocks, temperature, heads_on_or_mask(heads_on), nullptr, cache, b.row.data(),
              out.attention.data());
  out.logits.resize(config_.vocabulary);
  stack_.head_forward(params, layout_.final_norm, layout_.output, config_.tied_output, b.row.data(), 1, b.norm,
                      out.logits.data());
  return true;
}

bool LanguageModel::use_weight_bits(unsigned bits, const float* params) {
  if (bits != 8 && bits != 32) return false;
  quantized_.reset();
  if (bits == 8) quantized_ = std::make_shared<const QuantizedWeights>(layout_, config_.tied_output, params);
  stack_.buffers().scratch.quantized = quantized_.get();
  return true;
}

void LanguageModel::use_packed_weights(const PackedWeights* packed) { stack_.buffers().scratch.packed = packed; }

void LanguageModel::use_threads(ParallelFor parallel, unsigned threads, std::size_t from_madds) {
  layers::Scratch& scratch = stack_.buffers().scratch;
  scratch.split = threads > 1 ? std::move(parallel) : ParallelFor{};
  scratch.split_parts = std::max(threads, 1U);
  scratch.split_from = from_madds;
}

std::size_t LanguageModel::quantized_bytes() const { return quantized_ ? quantized_->bytes() : 0; }

}  // namespace attn::model
