// The line the native tools print for a model that carries unknown words (train after training, translate for a
// file as it is): how a made-up word in each held-out sentence fares, `prefix` before it.
#pragma once

#include <algorithm>
#include <cstdio>
#include <vector>

#include "attn/training.h"

namespace attn::tools {

inline void print_copying(model::Translator& translator, const std::vector<corpus::SentencePair>& held_out,
                          const char* prefix = "") {
  if (!model::has_unknown_token(translator.model())) return;
  const model::CopyEvaluation copy = model::evaluate_copying(translator, held_out);
  const double n = static_cast<double>(std::max<std::size_t>(copy.sentences, 1));
  std::printf(
      "%sone word made up per held-out sentence (%zu): translation exact with it copied %.1f%%, copied to the "
      "reference's position %.1f%%, copied at all %.1f%%\n",
      prefix, copy.sentences, 100.0 * copy.exact / n, 100.0 * copy.placed / n, 100.0 * copy.copied / n);
}

}  // namespace attn::tools
