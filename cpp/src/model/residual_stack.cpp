#include "residual_stack.h"

#include <algorithm>
#include <cmath>

namespace attn::model {
namespace {

// The on/off entries of layer `layer`'s heads in a layer-major head mask, or null when all are on.
const std::uint8_t* layer_heads(const std::uint8_t* heads_on, std::size_t layer, std::size_t heads) {
  return heads_on ? heads_on + layer * heads : nullptr;
}

// out = x + branch (n floats): a residual connection.
void add_residual(const std::vector<float>& x, const std::vector<float>& branch, std::size_t n,
                  std::vector<float>& out) {
  out.resize(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = x[i] + branch[i];
}

}  // namespace

TokenEmbedding::TokenEmbedding(std::size_t d, std::size_t positions, bool sinusoids, bool scaled, std::size_t learned)
    : d_(d),
      rows_(positions),
      sinusoids_(sinusoids && !learned),
      gain_(scaled ? std::sqrt(static_cast<float>(d)) : 1.0f),
      learned_(learned) {
  if (sinusoids_) {
    positions_.resize(positions * d);
    sinusoidal_positions(positions, d, positions_.data());
  }
}

void TokenEmbedding::forward(const float* params, std::size_t table, const int* tokens, std::size_t count,
                             std::size_t first_position, float* out) const {
  for (std::size_t i = 0; i < count; ++i) {
    const float* row = params + table + static_cast<std::size_t>(tokens[i]) * d_;
    float* x = out + i * d_;
    const std::size_t at = first_position + i;
    if (learned_ && at < rows_) {
      std::copy_n(params + learned_ + at * d_, d_, x);
    } else if (sinusoids_ && at < rows_) {
      std::copy_n(positions_.data() + at * d_, d_, x);
    } else if (sinusoids_) {  // past the table (a text read beyond the context): the same sinusoids, extended
      sinusoidal_positions(1, d_, x, at);
    } else {
      std::fill_n(x, d_, 0.0f);
    }
    for (std::size_t j = 0; j < d_; ++j) x[j] = row[j] * gain_ + x[j];
  }
}

void TokenEmbedding::backward(std::size_t table, const int* tokens, std::size_t count, const float* dx,
                              float* grads) const {
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = 0; j < d_; ++j) {
      grads[table + static_cast<std::size_t>(tokens[i]) * d_ + j] += dx[i * d_ + j] * gain_;
      if (learned_ && i < rows_) grads[learned_ + i * d_ + j] += dx[i * d_ + j];
    }
}

ResidualStack::ResidualStack(const KernelSet& kernels, std::size_t d_model)
    : kernels_(kernels), buffers_(std::make_shared<ModelBuffers>()), d_(d_model) {}

void ResidualStack::attention_branch(const float* params, const LayerNorm& norm, const AttentionBlock& block,
                                     const float* x, std::size_t rows, const float* memory, std::size_t memory_rows,
                                     const Mask& mask, float temperature, const std::uint8_t* heads_on,
                                     LayerNormActivations& norm_act, AttentionActivations& act) {
  layers::layer_norm_forward(params, norm, x, rows, norm_act);
  const float* xq = norm_act.out.data();
  layers::attention_forward(kernels_, params, block, xq, rows, memory ? memory : xq, memory ? memory_rows : rows, mask,
                            temperature, act, buffers_->branch.data(), buffers_->scratch, heads_on);
}

void ResidualStack::forward(const float* params, const std::vector<ResidualBlock>& blocks,
                            std::vector<ResidualBlockActivations>& acts, std::size_t rows, const BlockInputs& in,
                            std::vector<float>& x) {
  const std::size_t n = rows * d_;
  acts.resize(blocks.size());
  for (std::size_t l = 0; l < blocks.size(); ++l) {
    const ResidualBlock& p = blocks[l];
    ResidualBlockActivations& a = acts[l];
    a.input = x;
    buffers_->branch.resize(n);
    attention_branch(params, p.attention_norm, p.self_attention, a.input.data(), rows, nullptr, 0, in.mask,
                     in.temperature, layer_heads(in.self_heads_on, l, p.self_attention.heads), a.attention_norm,
                     a.self_attention);
    add_residual(a.input, buffers_->branch, n, a.after_self);
    const std::vector<float>* stream = &a.after_self;
    if (p.has_cross_attention()) {
      attention_branch(params, p.cross_norm, p.cross_attention, a.after_self.data(), rows, in.memory, in.memory_rows,
                       Mask{}, in.temperature, layer_heads(in.cross_heads_on, l, p.cross_attention.heads), a.cross_norm,
                       a.cross_attention);
      add_residual(a.after_self, buffers_->branch, n, a.after_cross);
      stream = &a.after_cross;
    }
    if (!p.has_feed_forward()) {  // an attention-only block
      x = *stream;
      continue;
    }
    layers::layer_norm_forward(params, p.ffn_norm, stream->data(), rows, a.ffn_norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, a.ffn_norm.out.data(), rows, a.ffn, buffers_->branch.data(),
                                 buffers_->scratch);
    add_residual(*stream, buffers_->branch, n, x);
  }
}

void ResidualStack::backward(const float* params, float* grads, const std::vector<ResidualBlock>& blocks,
                             const std::vector<ResidualBlockActivations>& acts, std::size_t rows, float temperature,
                             const float* memory, float* dmemory, float* dx) {
  for (std::size_t l = blocks.size(); l-- > 0;) {
    const ResidualBlock& p = blocks[l];
    const ResidualBlockActivations& a = acts[l];
    if (p.has_feed_forward()) ffn_backward(params, grads, p.ffn_norm, a.ffn_norm, p.ffn, a.ffn, rows, dx);
    if (p.has_cross_attention())
      attention_backward(params, grads, p.cross_norm, a.cross_norm, p.cross_attention, a.cross_attention, memory,
                         temperature, rows, dx, dmemory);
    attention_backward(params, grads, p.attention_norm, a.attention_norm, p.self_attention, a.self_attention, nullptr,
                       temperature, rows, dx, nullptr);
  }
}

void ResidualStack::ffn_backward(const float* params, float* grads, const LayerNorm& norm,
                                 const LayerNormActivations& norm_act, const FeedForward& ffn,
                                 const FeedForwardActivations& ffn_act, std::size_t rows, float* dx) {
  std::vector<float>& dbranch = ModelBuffers::zeroed(buffers_->grad_branch, rows * d_);
  layers::feed_forward_backward(kernels_, params, grads, ffn, norm_act.out.data(), ffn_act, dx, rows, dbranch.data(),
                                buffers_->scratch);
  layers::layer_norm_backward(params, grads, norm, norm_act, dbranch.data(), rows, dx);
}

void ResidualStack::attention_backward(const float* params, float* grads, const LayerNorm& norm,
                                       const LayerNormActivations& norm_act, const AttentionBlock& block,
                                       const AttentionActivations& block_act, const float* memory, float temperature,
                                       std::size_t rows, float* dx, float* dmemory) {
  std::vector<float>& dbranch = ModelBuffers::zeroed(buffers_->grad_branch, rows * d_);
  const float* xq = norm_act.out.data();  // self-attention's keys and values come from LN(x) too
  layers::attention_backward(kernels_, params, grads, block, xq, memory ? memory : xq, temperature, block_act, dx,
                             dbranch.data(), memory ? dmemory : dbranch.data(), buffers_->scratch);
  layers::layer_norm_backward(params, grads, norm, norm_act, dbranch.data(), rows, dx);
}

void ResidualStack::start_decoding(const float* params, const std::vector<ResidualBlock>& blocks, const float* memory,
                                   std::size_t rows, KeyValueCache& cache) {
  for (auto* layers : {&cache.keys_, &cache.values_, &cache.memory_keys_, &cache.memory_values_})
    layers->resize(blocks.size());
  cache.clear();
  for (std::size_t l = 0; l < blocks.size(); ++l) {
    const AttentionBlock& cross = blocks[l].cross_attention;
    cache.memory_keys_[l].resize(rows * cross.k.out);
    cache.memory_values_[l].resize(rows * cross.v.out);
    layers::linear_forward(kernels_, params, cross.k, memory, rows, cache.memory_keys_[l].data(), buffers_->scratch);
    layers::linear_forward(kernels_, params, cross.v, memory, rows, cache.memory_values_[l].data(), buffers_->scratch);
  }
  cache.memory_length_ = rows;
}

void ResidualStack::step(const float* params, const std::vector<ResidualBlock>& blocks, float temperature,
                         const std::uint8_t* self_heads_on, const std::uint8_t* cross_heads_on, KeyValueCache& cache,
                         float* row, float* weights, float* cross_weights) {
  const std::size_t length = cache.length_ + 1;  // positions the new row attends, itself included
  std::vector<float>& branch = buffers_->branch;
  branch.resize(d_);
  auto add_branch = [&] {
    for (std::size_t j = 0; j < d_; ++j) row[j] += branch[j];
  };
  for (std::size_t l = 0; l < blocks.size(); ++l) {
    const ResidualBlock& p = blocks[l];
    const std::size_t heads = p.self_attention.heads;
    layers::layer_norm_forward(params, p.attention_norm, row, 1, buffers_->norm);
    layers::attention_step(kernels_, params, p.self_attention, buffers_->norm.out.data(), cache.keys_[l],
                           cache.values_[l], temperature, buffers_->attention, branch.data(), buffers_->scratch,
                           layer_heads(self_heads_on, l, heads));
    if (weights)
      std::copy(buffers_->attention.weights.begin(), buffers_->attention.weights.end(), weights + l * heads * length);
    add_branch();
    if (p.has_cross_attention()) {
      layers::layer_norm_forward(params, p.cross_norm, row, 1, buffers_->norm);
      layers::attention_to_projected(kernels_, params, p.cross_attention, buffers_->norm.out.data(),
                                     cache.memory_keys_[l], cache.memory_values_[l], cache.memory_length_, temperature,
                                     buffers_->attention, branch.data(), buffers_->scratch,
                                     layer_heads(cross_heads_on, l, p.cross_attention.heads));
      if (cross_weights)
        std::copy(buffers_->attention.weights.begin(), buffers_->attention.weights.end(),
                  cross_weights + l * p.cross_attention.heads * cache.memory_length_);
      add_branch();
    }
    if (!p.has_feed_forward()) continue;  // an attention-only block
    layers::layer_norm_forward(params, p.ffn_norm, row, 1, buffers_->norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, buffers_->norm.out.data(), 1, buffers_->ffn, branch.data(),
                                 buffers_->scratch);
    add_branch();
  }
  cache.length_ = length;
  ++cache.appended_;
}

void ResidualStack::head_forward(const float* params, const LayerNorm& norm, const Linear& output, bool tied,
                                 const float* x, std::size_t rows, LayerNormActivations& norm_act, float* logits) {
  layers::layer_norm_forward(params, norm, x, rows, norm_act);
  // Tied, the table is used as it is: the √D that the embedding multiplies by scales the lookup's input only (as in
  // Vaswani et al.), so the logits keep the untied projection's scale.
  (tied ? layers::tied_output_forward : layers::linear_forward)(kernels_, params, output, norm_act.out.data(), rows,
                                                                logits, buffers_->scratch);
}

double ResidualStack::head_backward(const float* params, float* grads, const LayerNorm& norm, const Linear& output,
                                    bool tied, const LayerNormActivations& norm_act, const float* logits,
                                    std::size_t rows, std::size_t vocabulary, const int* targets, float loss_weight,
                                    std::vector<float>& dx) {
  buffers_->grad_logits.resize(rows * vocabulary);
  const double loss =
      layers::cross_entropy(logits, rows, vocabulary, targets, loss_weight, buffers_->grad_logits.data());
  std::vector<float>& dz = ModelBuffers::zeroed(buffers_->grad_branch, rows * d_);
  // Tied, the output's gradient goes into the embedding table's (the lookup's backward adds its own beside it).
  (tied ? layers::tied_output_backward : layers::linear_backward)(kernels_, params, grads, output, norm_act.out.data(),
                                                                  buffers_->grad_logits.data(), rows, dz.data(),
                                                                  buffers_->scratch);
  ModelBuffers::zeroed(dx, rows * d_);
  layers::layer_norm_backward(params, grads, norm, norm_act, dz.data(), rows, dx.data());
  return loss;
}

}  // namespace attn::model
