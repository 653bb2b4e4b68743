// The key/value cache both models decode from (the cached step itself is ResidualStack::step, residual_stack.cpp).
#include <algorithm>

#include "attn/language_model.h"
#include "attn/model.h"
#include "layers.h"

namespace attn::model {

KeyValueCache::KeyValueCache(std::size_t layers, std::size_t key_value_heads, std::size_t head_width, bool rope)
    : row_floats_(key_value_heads * head_width),
      head_width_(head_width),
      key_value_heads_(key_value_heads),
      rope_(rope),
      keys_(layers),
      values_(layers) {}

KeyValueCache::KeyValueCache(const Config& config)
    : KeyValueCache(0, config.key_value_heads(), config.head_width(), config.relative == RelativePositions::rope) {}

KeyValueCache::KeyValueCache(const LanguageModelConfig& config)
    : KeyValueCache(config.layers, config.key_value_heads(), config.head_width(),
                    config.relative == RelativePositions::rope) {}

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

}  // namespace attn::model
