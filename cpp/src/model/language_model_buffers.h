// LanguageModel's scratch, shared by its two source files (the sequence pass and the cached step).
#pragma once

#include <vector>

#include "attn/language_model.h"
#include "layers.h"

namespace attn::model {

// Layer scratch and backward-pass gradients, reused between calls (a steady-state step does not allocate).
struct LanguageModel::Buffers {
  layers::Scratch scratch;
  std::vector<float> branch, grad, grad_branch, grad_logits;
  std::vector<std::uint8_t> band;  // a sliding window's mask, T × T
  // The cached step's: the residual stream row, its LayerNorm, one attention's activations.
  std::vector<float> row, middle;
  LayerNormActivations norm;
  AttentionActivations attention;
  FeedForwardActivations ffn;
  static std::vector<float>& zeroed(std::vector<float>& v, std::size_t n) {
    v.assign(n, 0.0f);
    return v;
  }
};

}  // namespace attn::model
