// Shared by the model tests: a translation model small enough to train for a few steps in milliseconds.
#pragma once

#include "attn/model.h"

namespace attn::testing {

inline model::Config tiny_model_config() {
  model::Config c;
  c.d_model = 16, c.heads = 2, c.ffn = 24, c.encoder_layers = 1, c.decoder_layers = 1;
  return c;
}

}  // namespace attn::testing
