#include "attn/quantized_weights.h"

#include <algorithm>

#include "attn/language_model.h"

namespace attn::model {

QuantizedWeights::QuantizedWeights(const LanguageModelLayout& layout, bool tied_output, const float* params) {
  for (const Linear& l : layout.block_maps()) add_columns(params, l);
  if (tied_output)  // logits = x·Eᵀ: E's rows are the outputs
    add_rows(params, layout.embedding, layout.output.out, layout.output.in);
  else
    add_columns(params, layout.output);
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.offset < b.offset; });
}

void QuantizedWeights::add_columns(const float* params, const Linear& l) {
  Entry& e = entries_.emplace_back();
  e.offset = l.w;
  e.values.resize(l.in * l.out);
  e.scales.resize(l.out);
  quantize_columns(params + l.w, l.in, l.out, e.values.data(), e.scales.data());
  e.matrix = {e.values.data(), e.scales.data(), l.out, l.in};
}

void QuantizedWeights::add_rows(const float* params, std::size_t offset, std::size_t rows, std::size_t cols) {
  Entry& e = entries_.emplace_back();
  e.offset = offset;
  e.values.resize(rows * cols);
  e.scales.resize(rows);
  quantize_rows(params + offset, rows, cols, e.values.data(), e.scales.data());
  e.matrix = {e.values.data(), e.scales.data(), rows, cols};
}

std::size_t QuantizedWeights::bytes() const {
  std::size_t total = 0;
  for (const Entry& e : entries_) total += e.values.size() + e.scales.size() * sizeof(float);
  return total;
}

}  // namespace attn::model
