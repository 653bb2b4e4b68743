// The decoder-only transformer: layout, initialisation, the causal pass over a sequence and its backward twin.
// (step(), decoding one token from the key/value cache, is in key_value_cache.cpp.)
#include "attn/language_model.h"

#include <algorithm>
#include <cmath>

#include "language_model_buffers.h"
#include "layers.h"

namespace attn::model {

LanguageModelLayout::LanguageModelLayout(const LanguageModelConfig& c) {
  const std::size_t d = c.d_model;
  layers::ParameterAllocator take;
  const std::size_t kv_width = std::size_t{c.key_value_heads()} * c.head_width();
  embedding = take.take(std::size_t{c.vocabulary} * d);
  for (std::uint32_t l = 0; l < c.layers; ++l) {
    LanguageModelBlock block;
    block.attention_norm = take.norm(d);
    block.self_attention = take.attention(d, kv_width, c.heads, c.key_value_heads(), default_scale(c.head_width()),
                                          AttentionWeighting::softmax, c.relative);
    if (c.sink_logits) block.self_attention.sink_logits = take.take(c.heads);  // initially 0
    if (c.ffn > 0) {  // ffn = 0: an attention-only block (Elhage et al. 2021), with no feed-forward weights at all
      block.ffn_norm = take.norm(d);
      block.ffn = FeedForward{take.linear(d, c.ffn), take.linear(c.ffn, d)};
    }
    blocks.push_back(block);
  }
  final_norm = take.norm(d);
  output = take.linear(d, c.vocabulary);
  count = take.count;
}

std::vector<float> initial_language_model_parameters(const LanguageModelConfig& c, std::uint64_t seed) {
  const LanguageModelLayout layout(c);
  std::vector<float> p(layout.count, 0.0f);
  layers::ParameterInitialiser init(p, seed);
  init.normal(layout.embedding, std::size_t{c.vocabulary} * c.d_model, 1.0 / std::sqrt(static_cast<double>(c.d_model)));
  for (const auto& b : layout.blocks) init.self_attention_layer(b);
  init.norm(layout.final_norm);
  init.linear(layout.output);
  return p;
}

LanguageModel::LanguageModel(const LanguageModelConfig& config, const KernelSet& kernels)
    : config_(config), layout_(config), kernels_(kernels), buffers_(std::make_shared<Buffers>()) {
  positions_.assign(std::size_t{config.context} * config.d_model, 0.0f);
  if (config.positions) sinusoidal_positions(config.context, config.d_model, positions_.data());
}

void LanguageModel::embed(const float* params, const int* tokens, std::size_t count, std::size_t first_position,
                          float* out) const {
  const std::size_t d = config_.d_model;
  const float gain = std::sqrt(static_cast<float>(d));
  for (std::size_t i = 0; i < count; ++i) {
    const float* row = params + layout_.embedding + static_cast<std::size_t>(tokens[i]) * d;
    float* x = out + i * d;
    const std::size_t at = first_position + i;
    if (at < config_.context) {
      std::copy_n(positions_.data() + at * d, d, x);
    } else if (config_.positions) {  // past the table (a text read beyond the context): the same sinusoids, extended
      sinusoidal_positions(1, d, x, at);
    } else {
      std::fill_n(x, d, 0.0f);
    }
    for (std::size_t j = 0; j < d; ++j) x[j] = row[j] * gain + x[j];
  }
}

void LanguageModel::forward(const float* params, const std::vector<int>& tokens, float temperature,
                            LanguageModelActivations& act, const std::uint8_t* allowed) {
  const std::size_t d = config_.d_model, t = tokens.size();
  Buffers& b = *buffers_;
  act.tokens = tokens;
  act.temperature = temperature;
  act.blocks.resize(layout_.blocks.size());
  act.out_raw.resize(t * d);
  embed(params, tokens.data(), t, 0, act.out_raw.data());
  if (!allowed && config_.window && config_.window < t) {  // the band: key j for query i when i − window < j ≤ i
    b.band.assign(t * t, 0);
    for (std::size_t i = 0; i < t; ++i)
      std::fill_n(
          b.band.begin() + static_cast<std::ptrdiff_t>(i * t + i + 1 - std::min<std::size_t>(i + 1, config_.window)),
          std::min<std::size_t>(i + 1, config_.window), std::uint8_t{1});
    allowed = b.band.data();
  }
  const Mask mask = allowed ? Mask{MaskKind::explicit_, allowed} : Mask{MaskKind::causal, nullptr};
  for (std::size_t l = 0; l < layout_.blocks.size(); ++l) {
    const LanguageModelBlock& p = layout_.blocks[l];
    LanguageModelBlockActivations& a = act.blocks[l];
    a.input = act.out_raw;
    b.branch.resize(t * d);
    layers::layer_norm_forward(params, p.attention_norm, a.input.data(), t, a.attention_norm);
    layers::attention_forward(kernels_, params, p.self_attention, a.attention_norm.out.data(), t,
                              a.attention_norm.out.data(), t, mask, temperature, a.self_attention, b.branch.data(),
                              b.scratch);
    a.middle.resize(t * d);
    for (std::size_t i = 0; i < t * d; ++i) a.middle[i] = a.input[i] + b.branch[i];
    if (config_.ffn == 0) {
      act.out_raw = a.middle;
      continue;
    }
    layers::layer_norm_forward(params, p.ffn_norm, a.middle.data(), t, a.ffn_norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, a.ffn_norm.out.data(), t, a.ffn, b.branch.data(), b.scratch);
    for (std::size_t i = 0; i < t * d; ++i) act.out_raw[i] = a.middle[i] + b.branch[i];
  }
  layers::layer_norm_forward(params, layout_.final_norm, act.out_raw.data(), t, act.final_norm);
  act.logits.resize(t * config_.vocabulary);
  layers::linear_forward(kernels_, params, layout_.output, act.final_norm.out.data(), t, act.logits.data(), b.scratch);
}

double LanguageModel::backward(const float* params, const std::vector<int>& targets, float loss_weight,
                               LanguageModelActivations& act, float* grads) {
  const std::size_t d = config_.d_model, t = act.tokens.size();
  Buffers& b = *buffers_;
  b.grad_logits.resize(t * config_.vocabulary);
  const double loss = layers::cross_entropy(act.logits.data(), t, config_.vocabulary, targets.data(), loss_weight,
                                            b.grad_logits.data());
  std::vector<float>& dz = Buffers::zeroed(b.grad_branch, t * d);
  layers::linear_backward(kernels_, params, grads, layout_.output, act.final_norm.out.data(), b.grad_logits.data(), t,
                          dz.data(), b.scratch);
  std::vector<float>& dx = Buffers::zeroed(b.grad, t * d);  // ∂L/∂(residual stream), walking down the blocks
  layers::layer_norm_backward(params, grads, layout_.final_norm, act.final_norm, dz.data(), t, dx.data());
  for (std::size_t l = layout_.blocks.size(); l-- > 0;) {
    const LanguageModelBlock& p = layout_.blocks[l];
    const LanguageModelBlockActivations& a = act.blocks[l];
    // x_out = middle + FFN(LN(middle)): the identity keeps dx, the branch adds to it (attention-only: x_out = middle).
    std::vector<float>& dbranch = Buffers::zeroed(b.grad_branch, t * d);
    if (config_.ffn > 0) {
      layers::feed_forward_backward(kernels_, params, grads, p.ffn, a.ffn_norm.out.data(), a.ffn, dx.data(), t,
                                    dbranch.data(), b.scratch);
      layers::layer_norm_backward(params, grads, p.ffn_norm, a.ffn_norm, dbranch.data(), t, dx.data());
    }
    // middle = input + Attention(LN(input)): queries, keys and values all come from LN(input).
    Buffers::zeroed(b.grad_branch, t * d);
    const float* xq = a.attention_norm.out.data();
    layers::attention_backward(kernels_, params, grads, p.self_attention, xq, xq, act.temperature, a.self_attention,
                               dx.data(), dbranch.data(), dbranch.data(), b.scratch);
    layers::layer_norm_backward(params, grads, p.attention_norm, a.attention_norm, dbranch.data(), t, dx.data());
  }
  const float gain = std::sqrt(static_cast<float>(d));  // x = E[token]·√D + position
  for (std::size_t i = 0; i < t; ++i)
    for (std::size_t j = 0; j < d; ++j)
      grads[layout_.embedding + static_cast<std::size_t>(act.tokens[i]) * d + j] += dx[i * d + j] * gain;
  return loss;
}

double LanguageModel::loss(const float* params, const std::vector<int>& tokens, const std::vector<int>& targets) {
  forward(params, tokens, 1.0f, loss_activations_);
  return layers::cross_entropy(loss_activations_.logits.data(), tokens.size(), config_.vocabulary, targets.data(), 1.0f,
                               nullptr);
}

}  // namespace attn::model
