#include <algorithm>
#include <cmath>
#include <string>

#include "attn/model.h"
#include "layers.h"

namespace attn::model {

ParameterLayout::ParameterLayout(const Config& c) {
  const std::size_t d = c.d_model;
  layers::ParameterAllocator take;
  const float logit_scale = c.scaled ? default_scale(c.head_width()) : 1.0f;
  const std::size_t kv_width = std::size_t{c.key_value_heads()} * c.head_width();
  auto attention = [&](bool self) {
    return take.attention(d, kv_width, c.heads, c.key_value_heads(), logit_scale, c.weighting,
                          self ? c.relative : RelativePositions::none);
  };
  auto ffn = [&] { return FeedForward{take.linear(d, c.ffn), take.linear(c.ffn, d)}; };

  source_embedding = take.take(c.source_vocabulary * d);
  target_embedding = take.take(c.target_vocabulary * d);
  for (std::uint32_t l = 0; l < c.encoder_layers; ++l) {
    EncoderLayer layer;
    layer.attention_norm = take.norm(d);
    layer.self_attention = attention(true);
    layer.ffn_norm = take.norm(d);
    layer.ffn = ffn();
    encoder.push_back(layer);
  }
  encoder_norm = take.norm(d);
  for (std::uint32_t l = 0; l < c.decoder_layers; ++l) {
    DecoderLayer layer;
    layer.self_norm = take.norm(d);
    layer.self_attention = attention(true);
    layer.cross_norm = take.norm(d);
    layer.cross_attention = attention(false);
    layer.ffn_norm = take.norm(d);
    layer.ffn = ffn();
    decoder.push_back(layer);
  }
  decoder_norm = take.norm(d);
  if (c.tied_output) {
    output = Linear{target_embedding, take.take(c.target_vocabulary), d, c.target_vocabulary};
  } else {
    output = take.linear(d, c.target_vocabulary);
  }
  count = take.count;
}

std::vector<float> initial_parameters(const Config& c, std::uint64_t seed) {
  const ParameterLayout layout(c);
  std::vector<float> p(layout.count, 0.0f);
  layers::ParameterInitialiser init(p, seed);
  const double embedding_std = 1.0 / std::sqrt(static_cast<double>(c.d_model));
  init.normal(layout.source_embedding, std::size_t{c.source_vocabulary} * c.d_model, embedding_std);
  init.normal(layout.target_embedding, std::size_t{c.target_vocabulary} * c.d_model, embedding_std);
  for (const auto& l : layout.encoder) init.self_attention_layer(l);
  init.norm(layout.encoder_norm);
  for (const auto& l : layout.decoder) {
    init.norm(l.self_norm), init.attention(l.self_attention), init.norm(l.cross_norm),
        init.attention(l.cross_attention);
    init.norm(l.ffn_norm), init.linear(l.ffn.expand), init.linear(l.ffn.contract);
  }
  init.norm(layout.decoder_norm);
  // A tied output's weights are the target embeddings, N(0, 1/D) like an untied projection's N(0, 1/fan_in):
  // against LayerNorm's unit-variance output either gives logits of about unit spread at the start.
  if (!c.tied_output) init.linear(layout.output);
  return p;
}

struct Transformer::Buffers {
  layers::Scratch scratch;
  std::vector<float> branch, grad, grad_branch, grad_memory, grad_logits;
  static std::vector<float>& zeroed(std::vector<float>& v, std::size_t n) {
    v.assign(n, 0.0f);
    return v;
  }
};

Transformer::Transformer(const Config& config, const KernelSet& kernels)
    : config_(config), layout_(config), kernels_(kernels), buffers_(std::make_shared<Buffers>()) {
  positions_.assign(std::size_t{config.max_positions} * config.d_model, 0.0f);
  if (!config.positions) return;  // the ablation: embeddings alone, no word order
  sinusoidal_positions(config.max_positions, config.d_model, positions_.data());
}

bool HeadMask::all_on() const {
  for (const auto* kind : {&encoder_self, &decoder_self, &cross})
    if (std::find(kind->begin(), kind->end(), 0) != kind->end()) return false;
  return true;
}

std::string head_mask_problem(const Config& config, const HeadMask& mask) {
  const struct {
    const char* name;
    const std::vector<std::uint8_t>& entries;
    std::size_t layers;
  } kinds[] = {{"encoder self-attention", mask.encoder_self, config.encoder_layers},
               {"decoder self-attention", mask.decoder_self, config.decoder_layers},
               {"cross-attention", mask.cross, config.decoder_layers}};
  for (const auto& kind : kinds) {
    if (kind.entries.empty()) continue;
    const std::size_t expected = kind.layers * config.heads;
    if (kind.entries.size() != expected) {
      return std::string("the head mask for ") + kind.name + " has " + std::to_string(kind.entries.size()) +
             " entries; the model has " + std::to_string(kind.layers) + " layers × " + std::to_string(config.heads) +
             " heads = " + std::to_string(expected);
    }
    if (std::any_of(kind.entries.begin(), kind.entries.end(), [](std::uint8_t on) { return on > 1; }))
      return std::string("the head mask for ") + kind.name + " has an entry other than 0 (off) or 1 (on)";
  }
  return "";
}

const std::uint8_t* Transformer::heads_on(const std::vector<std::uint8_t>& kind, std::size_t layer) const {
  return kind.empty() ? nullptr : kind.data() + layer * config_.heads;
}

void Transformer::embed(const float* params, std::size_t table, const std::vector<int>& tokens,
                        std::vector<float>& out) const {
  out.resize(tokens.size() * config_.d_model);
  embed_rows(params, table, tokens.data(), tokens.size(), 0, out.data());
}

void Transformer::embed_rows(const float* params, std::size_t table, const int* tokens, std::size_t count,
                             std::size_t first_position, float* out) const {
  const std::size_t d = config_.d_model;
  const float gain = std::sqrt(static_cast<float>(d));
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = 0; j < d; ++j)
      out[i * d + j] = params[table + tokens[i] * d + j] * gain + positions_[(first_position + i) * d + j];
}

void Transformer::forward(const float* params, const std::vector<int>& source, const std::vector<int>& target_in,
                          float temperature, Activations& act) {
  forward_encoder(params, source, temperature, act);
  forward_decoder(params, target_in, temperature, act);
}

void Transformer::forward_encoder(const float* params, const std::vector<int>& source, float temperature,
                                  Activations& act) {
  const std::size_t d = config_.d_model, s = source.size();
  Buffers& b = *buffers_;
  act.source = source;
  act.temperature = temperature;
  act.encoder.resize(layout_.encoder.size());
  std::vector<float>* x = nullptr;
  for (std::size_t l = 0; l < layout_.encoder.size(); ++l) {
    const EncoderLayer& p = layout_.encoder[l];
    EncoderLayerActivations& a = act.encoder[l];
    if (l == 0)
      embed(params, layout_.source_embedding, source, a.input);
    else
      a.input = *x;
    b.branch.resize(s * d);
    layers::layer_norm_forward(params, p.attention_norm, a.input.data(), s, a.attention_norm);
    layers::attention_forward(kernels_, params, p.self_attention, a.attention_norm.out.data(), s,
                              a.attention_norm.out.data(), s, Mask{}, temperature, a.self_attention, b.branch.data(),
                              b.scratch, heads_on(head_mask_.encoder_self, l));
    a.middle.resize(s * d);
    for (std::size_t i = 0; i < s * d; ++i) a.middle[i] = a.input[i] + b.branch[i];
    layers::layer_norm_forward(params, p.ffn_norm, a.middle.data(), s, a.ffn_norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, a.ffn_norm.out.data(), s, a.ffn, b.branch.data(), b.scratch);
    act.encoder_out_raw.resize(s * d);
    for (std::size_t i = 0; i < s * d; ++i) act.encoder_out_raw[i] = a.middle[i] + b.branch[i];
    x = &act.encoder_out_raw;
  }
  if (layout_.encoder.empty()) embed(params, layout_.source_embedding, source, act.encoder_out_raw);
  layers::layer_norm_forward(params, layout_.encoder_norm, act.encoder_out_raw.data(), s, act.memory);
}

void Transformer::forward_decoder(const float* params, const std::vector<int>& target_in, float temperature,
                                  Activations& act) {
  const std::size_t d = config_.d_model, s = act.source.size(), t = target_in.size();
  Buffers& b = *buffers_;
  act.target_in = target_in;
  act.temperature = temperature;
  act.decoder.resize(layout_.decoder.size());
  const Mask causal{MaskKind::causal, nullptr};
  for (std::size_t l = 0; l < layout_.decoder.size(); ++l) {
    const DecoderLayer& p = layout_.decoder[l];
    DecoderLayerActivations& a = act.decoder[l];
    if (l == 0)
      embed(params, layout_.target_embedding, target_in, a.input);
    else
      a.input = act.decoder_out_raw;
    b.branch.resize(t * d);
    a.after_self.resize(t * d);
    a.after_cross.resize(t * d);
    act.decoder_out_raw.resize(t * d);

    layers::layer_norm_forward(params, p.self_norm, a.input.data(), t, a.self_norm);
    layers::attention_forward(kernels_, params, p.self_attention, a.self_norm.out.data(), t, a.self_norm.out.data(), t,
                              causal, temperature, a.self_attention, b.branch.data(), b.scratch,
                              heads_on(head_mask_.decoder_self, l));
    for (std::size_t i = 0; i < t * d; ++i) a.after_self[i] = a.input[i] + b.branch[i];

    layers::layer_norm_forward(params, p.cross_norm, a.after_self.data(), t, a.cross_norm);
    layers::attention_forward(kernels_, params, p.cross_attention, a.cross_norm.out.data(), t, act.memory.out.data(), s,
                              Mask{}, temperature, a.cross_attention, b.branch.data(), b.scratch,
                              heads_on(head_mask_.cross, l));
    for (std::size_t i = 0; i < t * d; ++i) a.after_cross[i] = a.after_self[i] + b.branch[i];

    layers::layer_norm_forward(params, p.ffn_norm, a.after_cross.data(), t, a.ffn_norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, a.ffn_norm.out.data(), t, a.ffn, b.branch.data(), b.scratch);
    for (std::size_t i = 0; i < t * d; ++i) act.decoder_out_raw[i] = a.after_cross[i] + b.branch[i];
  }
  if (layout_.decoder.empty()) embed(params, layout_.target_embedding, target_in, act.decoder_out_raw);
  layers::layer_norm_forward(params, layout_.decoder_norm, act.decoder_out_raw.data(), t, act.decoder_final);
  act.logits.resize(t * config_.target_vocabulary);
  // Tied, the table is used as it is: the √D that embed() multiplies by scales the lookup's input only (as in
  // Vaswani et al.), so the logits keep the untied projection's scale.
  (config_.tied_output ? layers::tied_output_forward : layers::linear_forward)(
      kernels_, params, layout_.output, act.decoder_final.out.data(), t, act.logits.data(), b.scratch);
}

void Transformer::start_decoding(const float* params, const Activations& act, DecoderCache& cache) {
  const std::size_t s = act.source.size(), layers = layout_.decoder.size();
  const std::size_t kv_width = std::size_t{config_.key_value_heads()} * config_.head_width();
  cache.keys.resize(layers);
  cache.values.resize(layers);
  cache.memory_keys.resize(layers);
  cache.memory_values.resize(layers);
  for (std::size_t l = 0; l < layers; ++l) {
    const AttentionBlock& cross = layout_.decoder[l].cross_attention;
    cache.keys[l].clear();  // keeps the allocation for the next sentence
    cache.values[l].clear();
    cache.memory_keys[l].resize(s * kv_width);
    cache.memory_values[l].resize(s * kv_width);
    layers::linear_forward(kernels_, params, cross.k, act.memory.out.data(), s, cache.memory_keys[l].data(),
                           buffers_->scratch);
    layers::linear_forward(kernels_, params, cross.v, act.memory.out.data(), s, cache.memory_values[l].data(),
                           buffers_->scratch);
  }
  cache.length = 0;
  cache.source_length = s;
}

void Transformer::decode_step(const float* params, int token, float temperature, DecoderCache& cache, float* logits) {
  const std::size_t d = config_.d_model, position = cache.length;
  layers::Scratch& scratch = buffers_->scratch;
  std::vector<float>& row = cache.row;
  std::vector<float>& branch = cache.branch;
  row.resize(d);
  branch.resize(d);
  embed_rows(params, layout_.target_embedding, &token, 1, position, row.data());
  auto add_branch = [&] {
    for (std::size_t j = 0; j < d; ++j) row[j] += branch[j];
  };
  for (std::size_t l = 0; l < layout_.decoder.size(); ++l) {
    const DecoderLayer& p = layout_.decoder[l];
    layers::layer_norm_forward(params, p.self_norm, row.data(), 1, cache.norm);
    layers::attention_step(kernels_, params, p.self_attention, cache.norm.out.data(), cache.keys[l], cache.values[l],
                           temperature, cache.attention, branch.data(), scratch, heads_on(head_mask_.decoder_self, l));
    add_branch();
    layers::layer_norm_forward(params, p.cross_norm, row.data(), 1, cache.norm);
    layers::attention_to_projected(kernels_, params, p.cross_attention, cache.norm.out.data(), cache.memory_keys[l],
                                   cache.memory_values[l], cache.source_length, temperature, cache.attention,
                                   branch.data(), scratch, heads_on(head_mask_.cross, l));
    add_branch();
    layers::layer_norm_forward(params, p.ffn_norm, row.data(), 1, cache.norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, cache.norm.out.data(), 1, cache.ffn, branch.data(), scratch);
    add_branch();
  }
  cache.length = position + 1;
  layers::layer_norm_forward(params, layout_.decoder_norm, row.data(), 1, cache.norm);
  (config_.tied_output ? layers::tied_output_forward : layers::linear_forward)(
      kernels_, params, layout_.output, cache.norm.out.data(), 1, logits, scratch);
}

double Transformer::backward(const float* params, const std::vector<int>& target_out, float loss_weight,
                             Activations& act, float* grads) {
  const std::size_t d = config_.d_model, s = act.source.size(), t = act.target_in.size();
  const float temperature = act.temperature;
  Buffers& b = *buffers_;

  // Output layer and the decoder's final LayerNorm.
  b.grad_logits.resize(t * config_.target_vocabulary);
  const double loss = layers::cross_entropy(act.logits.data(), t, config_.target_vocabulary, target_out.data(),
                                            loss_weight, b.grad_logits.data());
  std::vector<float>& dz = Buffers::zeroed(b.grad_branch, t * d);
  // Tied, the output's gradient goes into the target embeddings' (embedding_backward adds the lookup's below).
  (config_.tied_output ? layers::tied_output_backward : layers::linear_backward)(
      kernels_, params, grads, layout_.output, act.decoder_final.out.data(), b.grad_logits.data(), t, dz.data(),
      b.scratch);
  std::vector<float>& dy = Buffers::zeroed(b.grad, t * d);  // ∂L/∂(residual stream), walking down the layers
  layers::layer_norm_backward(params, grads, layout_.decoder_norm, act.decoder_final, dz.data(), t, dy.data());

  std::vector<float>& dmemory = Buffers::zeroed(b.grad_memory, s * d);
  for (std::size_t l = layout_.decoder.size(); l-- > 0;) {
    const DecoderLayer& p = layout_.decoder[l];
    const DecoderLayerActivations& a = act.decoder[l];
    ffn_backward(params, grads, p.ffn_norm, a.ffn_norm, p.ffn, a.ffn, t, dy.data());
    attention_backward(params, grads, p.cross_norm, a.cross_norm, p.cross_attention, a.cross_attention,
                       act.memory.out.data(), temperature, t, dy.data(), dmemory.data());
    attention_backward(params, grads, p.self_norm, a.self_norm, p.self_attention, a.self_attention, nullptr,
                       temperature, t, dy.data(), nullptr);
  }
  embedding_backward(layout_.target_embedding, act.target_in, dy.data(), grads);

  std::vector<float>& dx = Buffers::zeroed(b.grad, s * d);
  layers::layer_norm_backward(params, grads, layout_.encoder_norm, act.memory, dmemory.data(), s, dx.data());
  for (std::size_t l = layout_.encoder.size(); l-- > 0;) {
    const EncoderLayer& p = layout_.encoder[l];
    const EncoderLayerActivations& a = act.encoder[l];
    ffn_backward(params, grads, p.ffn_norm, a.ffn_norm, p.ffn, a.ffn, s, dx.data());
    attention_backward(params, grads, p.attention_norm, a.attention_norm, p.self_attention, a.self_attention, nullptr,
                       temperature, s, dx.data(), nullptr);
  }
  embedding_backward(layout_.source_embedding, act.source, dx.data(), grads);
  return loss;
}

// Residual FFN block x_out = x + FFN(LN(x)): `dx` holds ∂L/∂x_out and becomes ∂L/∂x (the identity path keeps
// it, the branch adds to it).
void Transformer::ffn_backward(const float* params, float* grads, const LayerNorm& norm,
                               const LayerNormActivations& norm_act, const FeedForward& ffn,
                               const FeedForwardActivations& ffn_act, std::size_t rows, float* dx) {
  Buffers& b = *buffers_;
  std::vector<float>& dbranch = Buffers::zeroed(b.grad_branch, rows * config_.d_model);
  layers::feed_forward_backward(kernels_, params, grads, ffn, norm_act.out.data(), ffn_act, dx, rows, dbranch.data(),
                                b.scratch);
  layers::layer_norm_backward(params, grads, norm, norm_act, dbranch.data(), rows, dx);
}

// Residual attention block x_out = x + Attention(LN(x), memory): self-attention when `memory` is null
// (keys and values from LN(x) too), cross-attention otherwise, whose memory gradient goes to `dmemory`.
void Transformer::attention_backward(const float* params, float* grads, const LayerNorm& norm,
                                     const LayerNormActivations& norm_act, const AttentionBlock& block,
                                     const AttentionActivations& block_act, const float* memory, float temperature,
                                     std::size_t rows, float* dx, float* dmemory) {
  Buffers& b = *buffers_;
  std::vector<float>& dbranch = Buffers::zeroed(b.grad_branch, rows * config_.d_model);
  const float* xq = norm_act.out.data();
  layers::attention_backward(kernels_, params, grads, block, xq, memory ? memory : xq, temperature, block_act, dx,
                             dbranch.data(), memory ? dmemory : dbranch.data(), b.scratch);
  layers::layer_norm_backward(params, grads, norm, norm_act, dbranch.data(), rows, dx);
}

// x = E[token]·√D + position: E[token] receives ∂L/∂x·√D.
void Transformer::embedding_backward(std::size_t table, const std::vector<int>& tokens, const float* dx,
                                     float* grads) const {
  const std::size_t d = config_.d_model;
  const float gain = std::sqrt(static_cast<float>(d));
  for (std::size_t i = 0; i < tokens.size(); ++i)
    for (std::size_t j = 0; j < d; ++j) grads[table + tokens[i] * d + j] += dx[i * d + j] * gain;
}

double Transformer::loss(const float* params, const std::vector<int>& source, const std::vector<int>& target_in,
                         const std::vector<int>& target_out) {
  forward(params, source, target_in, 1.0f, loss_activations_);
  return layers::cross_entropy(loss_activations_.logits.data(), target_in.size(), config_.target_vocabulary,
                               target_out.data(), 1.0f, nullptr);
}

}  // namespace attn::model
