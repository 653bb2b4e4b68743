// What the fuzz targets assert beyond "no sanitizer report": a broken invariant aborts with its place, which
// libFuzzer records as a crash like any other.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "attn/translator.h"

#define FUZZ_CHECK(condition)                                                                \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      std::fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                          \
    }                                                                                        \
  } while (0)

namespace fuzz {

// Every map has the size its shape says, every number is a weight in [0, 1], and rows of softmax weights and
// of the output distribution sum to 1 (or 0: a fully masked row); sigmoid gates need not.
inline void check_rows(const std::vector<float>& data, std::size_t cols, bool sums_to_one = true) {
  FUZZ_CHECK(cols > 0 && data.size() % cols == 0);
  for (std::size_t row = 0; row < data.size() / cols; ++row) {
    double sum = 0;
    for (std::size_t j = 0; j < cols; ++j) {
      const float w = data[row * cols + j];
      FUZZ_CHECK(std::isfinite(w) && w >= 0 && w <= 1.0001f);
      sum += w;
    }
    FUZZ_CHECK(!sums_to_one || std::fabs(sum - 1) < 1e-3 || sum == 0);
  }
}

inline void check_translation(const attn::model::Translation& t, const attn::model::TranslationModel& m) {
  const std::size_t s = t.source.size(), steps = t.target.size(), h = t.heads;
  FUZZ_CHECK(h == m.config.heads && t.layers_encoder == m.config.encoder_layers &&
             t.layers_decoder == m.config.decoder_layers);
  FUZZ_CHECK(t.encoder_self.size() == t.layers_encoder * h * s * s);
  FUZZ_CHECK(t.cross_attention.size() == t.layers_decoder * h * steps * s);
  FUZZ_CHECK(t.decoder_self.size() == t.layers_decoder * h * steps * steps);
  FUZZ_CHECK(t.probabilities.size() == steps * m.target.size());
  const bool softmax = m.config.weighting == attn::model::AttentionWeighting::softmax;
  if (s) check_rows(t.encoder_self, s, softmax);
  if (s) check_rows(t.cross_attention, s, softmax);
  if (steps) check_rows(t.decoder_self, steps, softmax);
  if (steps) check_rows(t.probabilities, m.target.size());
}

}  // namespace fuzz
