// A generation's steps as languageModelGenerate answers them: each field of every step copied out of the module's
// memory once, in one typed array.
#pragma once

#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/language_model_training.h"
#include "js_values.h"
#include "token_pieces.h"

namespace attn::bindings {

// A generation's steps, each field of every step in one typed array copied out once (web/lib's generated-steps.js
// makes the step records): { tokens, probabilities, top: { ids, probabilities } (steps × count, most likely first,
// -1 past a step's last token with any probability), attention (each step's layers × heads × length weights, one
// after another), lengths, windowStarts, cacheBytes, pieces: { ids, texts } (how each token named in them reads) }.
inline emscripten::val generated_steps(const model::Generation& g, const text::Tokenizer& tokenizer,
                                       std::size_t count) {
  const std::size_t n = g.steps.size();
  std::vector<std::int32_t> tokens(n), lengths(n), window_starts(n), top_ids(n * count, -1);
  std::vector<float> probabilities(n), top_probabilities(n * count, 0.0f), attention;
  std::vector<double> cache_bytes(n);
  std::vector<int> named;
  for (std::size_t i = 0; i < n; ++i) {
    const model::GeneratedToken& s = g.steps[i];
    tokens[i] = s.token;
    probabilities[i] = s.probability;
    lengths[i] = static_cast<std::int32_t>(s.step.length);
    window_starts[i] = static_cast<std::int32_t>(s.window_start);
    cache_bytes[i] = static_cast<double>(s.cache_bytes);
    named.push_back(s.token);
    for (std::size_t k = 0; k < std::min(count, s.top.size()); ++k) {
      top_ids[i * count + k] = s.top[k].first;
      top_probabilities[i * count + k] = s.top[k].second;
      named.push_back(s.top[k].first);
    }
    attention.insert(attention.end(), s.step.attention.begin(), s.step.attention.end());
  }
  std::sort(named.begin(), named.end());
  named.erase(std::unique(named.begin(), named.end()), named.end());
  emscripten::val top = emscripten::val::object();
  top.set("ids", js::copy_out(top_ids));
  top.set("probabilities", js::copy_out(top_probabilities));
  emscripten::val piece_table = emscripten::val::object();
  piece_table.set("ids", js::copy_out(named));
  piece_table.set("texts", pieces(tokenizer, named));
  emscripten::val out = emscripten::val::object();
  out.set("tokens", js::copy_out(tokens));
  out.set("probabilities", js::copy_out(probabilities));
  out.set("top", top);
  out.set("attention", js::copy_out(attention));
  out.set("lengths", js::copy_out(lengths));
  out.set("windowStarts", js::copy_out(window_starts));
  out.set("cacheBytes", js::copy_out(cache_bytes));
  out.set("pieces", piece_table);
  return out;
}

}  // namespace attn::bindings
