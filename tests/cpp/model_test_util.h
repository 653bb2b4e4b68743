// Shared by the model tests: a translation model small enough to train for a few steps in milliseconds.
#pragma once

#include "attn/model.h"

namespace attn::testing {

inline model::Config tiny_model_config() {
  model::Config c;
  c.d_model = 16, c.heads = 2, c.ffn = 24, c.encoder_layers = 1, c.decoder_layers = 1;
  return c;
}

// Said when a shipped weight file's vocabularies are not the grammar's (a file older than the grammar): scoring it
// on the grammar's held-out sentences would feed it words it has no embedding for.
inline constexpr const char* kPredatesTheGrammar =
    " predates the grammar (its vocabularies are not the grammar's): re-make it with npm run train";

}  // namespace attn::testing
