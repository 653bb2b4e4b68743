// A language model's 8-bit weights (attn/quantized.h): every linear map of its blocks and its output (the tied
// unembedding's table, a row per token, or an untied output's columns) copied once into int8 with a scale per
// output, looked up by where the float32 weights start in the parameters. The layers read these instead of the
// float32 weights when the model has them (LanguageModel::use_weight_bits); LayerNorms, biases, the embeddings' lookup
// and every backward pass keep reading the float32 parameters.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/quantized.h"

namespace attn::model {

struct LanguageModelLayout;
struct Linear;

class QuantizedWeights {
 public:
  QuantizedWeights(const LanguageModelLayout& layout, bool tied_output, const float* params);

  // The 8-bit copy of the matrix whose float32 weights start at params + offset, or null. Inline: the layers, built
  // into both modules, call it, and only the language model's module builds the rest.
  const QuantizedMatrix* find(std::size_t offset) const {
    const auto at = std::lower_bound(entries_.begin(), entries_.end(), offset,
                                     [](const Entry& e, std::size_t value) { return e.offset < value; });
    return at != entries_.end() && at->offset == offset ? &at->matrix : nullptr;
  }
  std::size_t bytes() const;

 private:
  struct Entry {
    std::size_t offset = 0;
    std::vector<std::int8_t> values;
    std::vector<float> scales;
    QuantizedMatrix matrix;
  };
  void add_columns(const float* params, const Linear& l);
  void add_rows(const float* params, std::size_t offset, std::size_t rows, std::size_t cols);
  std::vector<Entry> entries_;  // in layout order: offsets ascending
};

}  // namespace attn::model
