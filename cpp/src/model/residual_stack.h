// ResidualStack's scratch (the stack is declared in attn/model.h, for both models to hold one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/model.h"
#include "layers.h"

namespace attn::model {

// Layer scratch and backward-pass gradients, reused between calls (a steady-state step does not allocate).
struct ModelBuffers {
  layers::Scratch scratch;
  std::vector<float> branch, grad, grad_branch, grad_memory, grad_logits;
  std::vector<std::uint8_t> band;  // a sliding window's mask, T × T
  // The cached step's: the residual stream row, its LayerNorm, one attention's activations, the feed-forward's.
  std::vector<float> row;
  LayerNormActivations norm;
  AttentionActivations attention;
  FeedForwardActivations ffn;
  static std::vector<float>& zeroed(std::vector<float>& v, std::size_t n) {
    v.assign(n, 0.0f);
    return v;
  }
};

}  // namespace attn::model
