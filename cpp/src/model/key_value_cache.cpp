// Decoding one token at a time: each block keeps the keys and values of the positions before, so the new
// position's query attends to them without recomputing the prefix (what multi-query and grouped-query
// attention shrink: the cache holds key/value heads, not query heads).
#include <algorithm>

#include "attn/language_model.h"
#include "language_model_buffers.h"
#include "layers.h"

namespace attn::model {

KeyValueCache::KeyValueCache(const LanguageModelConfig& config)
    : row_floats_(std::size_t{config.key_value_heads()} * config.head_width()),
      head_width_(config.head_width()),
      key_value_heads_(config.key_value_heads()),
      rope_(config.relative == RelativePositions::rope),
      keys_(config.layers),
      values_(config.layers) {}

std::size_t KeyValueCache::bytes_allocated() const {
  std::size_t floats = 0;
  for (const auto* side : {&keys_, &values_})
    for (const auto& layer : *side) floats += layer.capacity();
  return floats * sizeof(float);
}

std::size_t KeyValueCache::bytes_used() const { return 2 * keys_.size() * length_ * row_floats_ * sizeof(float); }

void KeyValueCache::clear() {
  for (auto* side : {&keys_, &values_})
    for (auto& layer : *side) layer.clear();  // keeps the allocation for the next sequence
  length_ = appended_ = 0;
}

void KeyValueCache::evict(std::size_t slot) {
  if (slot >= length_) return;
  const auto at = static_cast<std::ptrdiff_t>(slot * row_floats_), row = static_cast<std::ptrdiff_t>(row_floats_);
  for (auto* side : {&keys_, &values_})
    for (auto& layer : *side) layer.erase(layer.begin() + at, layer.begin() + at + row);
  --length_;
  if (!rope_) return;
  for (auto& layer : keys_)
    for (std::size_t j = slot; j < length_; ++j)
      layers::rope_rotate(layer.data() + j * row_floats_, 1, head_width_, key_value_heads_, -1.0, 1);
}

bool LanguageModel::step(const float* params, int token, KeyValueCache& cache, float temperature, StepOutput& out) {
  if (cache.appended_ >= config_.context) return false;  // the whole context has been read
  if (config_.window && cache.length_ >= config_.window) cache.evict(0);
  step_at(params, token, cache.appended_, cache, temperature, out);
  return true;
}

void LanguageModel::step_at(const float* params, int token, std::size_t position, KeyValueCache& cache,
                            float temperature, StepOutput& out) {
  const std::size_t d = config_.d_model, slot = cache.length_, heads = config_.heads;
  Buffers& b = *buffers_;
  b.row.resize(d);
  b.middle.resize(d);
  b.branch.resize(d);
  embed(params, &token, 1, position, b.row.data());
  out.length = slot + 1;
  out.attention.resize(layout_.blocks.size() * heads * out.length);
  for (std::size_t l = 0; l < layout_.blocks.size(); ++l) {
    const LanguageModelBlock& p = layout_.blocks[l];
    layers::layer_norm_forward(params, p.attention_norm, b.row.data(), 1, b.norm);
    layers::attention_step(kernels_, params, p.self_attention, b.norm.out.data(), cache.keys_[l], cache.values_[l],
                           temperature, b.attention, b.branch.data(), b.scratch);
    std::copy(b.attention.weights.begin(), b.attention.weights.end(),
              out.attention.begin() + static_cast<std::ptrdiff_t>(l * heads * out.length));
    for (std::size_t j = 0; j < d; ++j) b.middle[j] = b.row[j] + b.branch[j];
    if (config_.ffn == 0) {  // attention-only
      std::copy(b.middle.begin(), b.middle.begin() + static_cast<std::ptrdiff_t>(d), b.row.begin());
      continue;
    }
    layers::layer_norm_forward(params, p.ffn_norm, b.middle.data(), 1, b.norm);
    layers::feed_forward_forward(kernels_, params, p.ffn, b.norm.out.data(), 1, b.ffn, b.branch.data(), b.scratch);
    for (std::size_t j = 0; j < d; ++j) b.row[j] = b.middle[j] + b.branch[j];
  }
  cache.length_ = slot + 1;
  ++cache.appended_;
  layers::layer_norm_forward(params, layout_.final_norm, b.row.data(), 1, b.norm);
  out.logits.resize(config_.vocabulary);
  layers::linear_forward(kernels_, params, layout_.output, b.norm.out.data(), 1, out.logits.data(), b.scratch);
}

}  // namespace attn::model
