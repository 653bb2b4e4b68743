// The encoder-decoder transformer: layout, initialisation, the passes over a sentence pair and their backward twin,
// and the cached decoding step. Its encoder and decoder are ResidualStack's blocks (residual_stack.cpp), as the
// language model's are: the decoder's with cross-attention over the encoder's memory.
#include <algorithm>
#include <cmath>
#include <string>

#include "attn/model.h"
#include "layers.h"
#include "packed_weights.h"
#include "residual_stack.h"

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

  source_embedding = take.take(c.source_vocabulary * d);
  target_embedding = take.take(c.target_vocabulary * d);
  encoder = take.blocks(c.encoder_layers, d, false, true, c.ffn, attention);
  encoder_norm = take.norm(d);
  decoder = take.blocks(c.decoder_layers, d, true, true, c.ffn, attention);
  decoder_norm = take.norm(d);
  // Tied, only the bias is the output's own: its weights are the target embedding table, read transposed.
  output = c.tied_output ? Linear{target_embedding, take.take(c.target_vocabulary), d, c.target_vocabulary}
                         : take.linear(d, c.target_vocabulary);
  count = take.count;
}

std::vector<float> initial_parameters(const Config& c, std::uint64_t seed) {
  const ParameterLayout layout(c);
  std::vector<float> p(layout.count, 0.0f);
  layers::ParameterInitialiser init(p, seed);
  init.embedding(layout.source_embedding, c.source_vocabulary, c.d_model);
  init.embedding(layout.target_embedding, c.target_vocabulary, c.d_model);
  init.blocks(layout.encoder, layout.encoder_norm);
  init.blocks(layout.decoder, layout.decoder_norm);
  // A tied output's weights are the target embeddings, N(0, 1/D) like an untied projection's N(0, 1/fan_in):
  // against LayerNorm's unit-variance output either gives logits of about unit spread at the start.
  if (!c.tied_output) init.linear(layout.output);
  return p;
}

void Transformer::use_packed_weights(const PackedWeights* packed) { stack_.buffers().scratch.packed = packed; }

Transformer::Transformer(const Config& config, const KernelSet& kernels)
    : config_(config),
      layout_(config),
      stack_(kernels, config.d_model),
      // without positions, the ablation: embeddings alone, no word order
      embedding_(config.d_model, config.max_positions, config.positions) {}

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

const std::uint8_t* Transformer::heads_on(const std::vector<std::uint8_t>& kind) {
  return kind.empty() ? nullptr : kind.data();
}

void Transformer::forward(const float* params, const std::vector<int>& source, const std::vector<int>& target_in,
                          float temperature, Activations& act) {
  forward_encoder(params, source, temperature, act);
  forward_decoder(params, target_in, temperature, act);
}

void Transformer::forward_encoder(const float* params, const std::vector<int>& source, float temperature,
                                  Activations& act) {
  const std::size_t s = source.size();
  act.source = source;
  act.temperature = temperature;
  act.encoder_out_raw.resize(s * config_.d_model);
  embedding_.forward(params, layout_.source_embedding, source.data(), s, 0, act.encoder_out_raw.data());
  BlockInputs in;
  in.temperature = temperature;
  in.self_heads_on = heads_on(head_mask_.encoder_self);
  stack_.forward(params, layout_.encoder, act.encoder, s, in, act.encoder_out_raw);
  layers::layer_norm_forward(params, layout_.encoder_norm, act.encoder_out_raw.data(), s, act.memory);
}

void Transformer::forward_decoder(const float* params, const std::vector<int>& target_in, float temperature,
                                  Activations& act, DecoderHead head) {
  const std::size_t t = target_in.size();
  act.target_in = target_in;
  act.temperature = temperature;
  act.decoder_out_raw.resize(t * config_.d_model);
  embedding_.forward(params, layout_.target_embedding, target_in.data(), t, 0, act.decoder_out_raw.data());
  BlockInputs in;
  in.mask = Mask{MaskKind::causal, nullptr};
  in.temperature = temperature;
  in.memory = act.memory.out.data();
  in.memory_rows = act.source.size();
  in.self_heads_on = heads_on(head_mask_.decoder_self);
  in.cross_heads_on = heads_on(head_mask_.cross);
  stack_.forward(params, layout_.decoder, act.decoder, t, in, act.decoder_out_raw);
  if (head == DecoderHead::none) {
    act.logits.clear();
    return;
  }
  act.logits.resize(t * config_.target_vocabulary);
  stack_.head_forward(params, layout_.decoder_norm, layout_.output, config_.tied_output, act.decoder_out_raw.data(), t,
                      act.decoder_final, act.logits.data());
}

void Transformer::start_decoding(const float* params, const Activations& act, KeyValueCache& cache) {
  stack_.start_decoding(params, layout_.decoder, act.memory.out.data(), act.source.size(), cache);
}

void Transformer::decode_step(const float* params, int token, float temperature, KeyValueCache& cache, float* logits,
                              float* self_weights, float* cross_weights) {
  ModelBuffers& b = stack_.buffers();
  b.row.resize(config_.d_model);
  embedding_.forward(params, layout_.target_embedding, &token, 1, cache.appended(), b.row.data());
  stack_.step(params, layout_.decoder, temperature, heads_on(head_mask_.decoder_self), heads_on(head_mask_.cross),
              cache, b.row.data(), self_weights, cross_weights);
  stack_.head_forward(params, layout_.decoder_norm, layout_.output, config_.tied_output, b.row.data(), 1, b.norm,
                      logits);
}

double Transformer::backward(const float* params, const std::vector<int>& target_out, float loss_weight,
                             Activations& act, float* grads) {
  const std::size_t s = act.source.size(), t = act.target_in.size();
  ModelBuffers& b = stack_.buffers();
  std::vector<float>& dy = b.grad;  // ∂L/∂(the decoder's residual stream), walking down its layers
  const double loss =
      stack_.head_backward(params, grads, layout_.decoder_norm, layout_.output, config_.tied_output, act.decoder_final,
                           act.logits.data(), t, config_.target_vocabulary, target_out.data(), loss_weight, dy);
  std::vector<float>& dmemory = ModelBuffers::zeroed(b.grad_memory, s * config_.d_model);
  stack_.backward(params, grads, layout_.decoder, act.decoder, t, act.temperature, act.memory.out.data(),
                  dmemory.data(), dy.data());
  embedding_.backward(layout_.target_embedding, act.target_in.data(), t, dy.data(), grads);

  std::vector<float>& dx = ModelBuffers::zeroed(b.grad, s * config_.d_model);  // the encoder's, reusing dy's buffer
  layers::layer_norm_backward(params, grads, layout_.encoder_norm, act.memory, dmemory.data(), s, dx.data());
  stack_.backward(params, grads, layout_.encoder, act.encoder, s, act.temperature, nullptr, nullptr, dx.data());
  embedding_.backward(layout_.source_embedding, act.source.data(), s, dx.data(), grads);
  return loss;
}

double Transformer::loss(const float* params, const std::vector<int>& source, const std::vector<int>& target_in,
                         const std::vector<int>& target_out) {
  forward(params, source, target_in, 1.0f, loss_activations_);
  return layers::cross_entropy(loss_activations_.logits.data(), target_in.size(), config_.target_vocabulary,
                               target_out.data(), 1.0f, nullptr);
}

}  // namespace attn::model
