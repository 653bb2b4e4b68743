// Models and texts the language model's tests share: a model of useful width and a fixed token sequence.
#pragma once

#include <cstddef>
#include <vector>

#include "attn/language_model.h"

namespace attn::model::testing {

// A model of useful width (several SIMD vectors per head) with weights large enough to give peaked attention.
inline LanguageModelConfig wide_config(RelativePositions relative, std::uint32_t kv_heads, std::uint32_t layers = 2) {
  LanguageModelConfig c;
  c.d_model = 32, c.heads = 4, c.kv_heads = kv_heads, c.ffn = 48, c.layers = layers, c.context = 19;
  c.vocabulary = 11;
  c.relative = relative;
  c.positions = relative == RelativePositions::none;
  return c;
}

// `c` in GPT-2's architecture (learned positions, GELU, the unembedding tied to the embedding without a bias, the
// embedding unscaled) when `gpt2`, else as it is (ours).
inline LanguageModelConfig in_architecture(LanguageModelConfig c, bool gpt2) {
  if (gpt2) {
    c.learned_positions = true, c.activation = Activation::gelu_tanh, c.tied_output = true, c.output_bias = false;
    c.embedding_scaled = false;
  }
  return c;
}

inline std::vector<int> some_tokens(std::size_t count, int vocabulary) {
  std::vector<int> tokens;
  for (std::size_t i = 0; i < count; ++i) tokens.push_back(static_cast<int>((i * 7 + 3) % vocabulary));
  return tokens;
}

}  // namespace attn::model::testing
