// GPT-2's parameters under Hugging Face's names (../shared/GPT2-FILES.md): each one's shape in terms of config.json
// and where it lies in our language model's flat parameters (LanguageModelLayout). What gpt2_weights.cpp reads files
// by and gpt2_export.cpp writes them by: one table for both directions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/gpt2_weights.h"

namespace attn::gpt2::names {

// The parameters of one layer, by the name after "h.<i>.", and the shape each must have.
enum class Dim { one, width, triple, inner, vocabulary, positions };

// Where a parameter lies in the language model's flat parameters: one offset, or (c_attn's) the q, k and v maps'.
struct Place {
  std::size_t at = 0;
  std::array<std::size_t, 3> parts{};
  bool split = false;
};

struct Name {
  const char* suffix;
  Place (*place)(const model::ResidualBlock&);
  Dim rows, cols;  // cols Dim::one for a vector
};

using Block = model::ResidualBlock;

inline const Name kLayerNames[] = {
    {"ln_1.weight", [](const Block& b) { return Place{b.attention_norm.gamma}; }, Dim::width, Dim::one},
    {"ln_1.bias", [](const Block& b) { return Place{b.attention_norm.beta}; }, Dim::width, Dim::one},
    {"attn.c_attn.weight",
     [](const Block& b) {
       const model::AttentionBlock& a = b.self_attention;
       return Place{0, {a.q.w, a.k.w, a.v.w}, true};
     },
     Dim::width, Dim::triple},
    {"attn.c_attn.bias",
     [](const Block& b) {
       const model::AttentionBlock& a = b.self_attention;
       return Place{0, {a.q.b, a.k.b, a.v.b}, true};
     },
     Dim::triple, Dim::one},
    {"attn.c_proj.weight", [](const Block& b) { return Place{b.self_attention.o.w}; }, Dim::width, Dim::width},
    {"attn.c_proj.bias", [](const Block& b) { return Place{b.self_attention.o.b}; }, Dim::width, Dim::one},
    {"ln_2.weight", [](const Block& b) { return Place{b.ffn_norm.gamma}; }, Dim::width, Dim::one},
    {"ln_2.bias", [](const Block& b) { return Place{b.ffn_norm.beta}; }, Dim::width, Dim::one},
    {"mlp.c_fc.weight", [](const Block& b) { return Place{b.ffn.expand.w}; }, Dim::width, Dim::inner},
    {"mlp.c_fc.bias", [](const Block& b) { return Place{b.ffn.expand.b}; }, Dim::inner, Dim::one},
    {"mlp.c_proj.weight", [](const Block& b) { return Place{b.ffn.contract.w}; }, Dim::inner, Dim::width},
    {"mlp.c_proj.bias", [](const Block& b) { return Place{b.ffn.contract.b}; }, Dim::width, Dim::one},
};

struct TopName {
  const char* name;
  std::size_t (*place)(const model::LanguageModelLayout&);
  Dim rows, cols;
};

inline const TopName kTopNames[] = {
    {"wte.weight", [](const model::LanguageModelLayout& l) { return l.embedding; }, Dim::vocabulary, Dim::width},
    {"wpe.weight", [](const model::LanguageModelLayout& l) { return l.positions; }, Dim::positions, Dim::width},
    {"ln_f.weight", [](const model::LanguageModelLayout& l) { return l.final_norm.gamma; }, Dim::width, Dim::one},
    {"ln_f.bias", [](const model::LanguageModelLayout& l) { return l.final_norm.beta; }, Dim::width, Dim::one},
};

inline std::uint64_t size_of(Dim d, const Config& c) {
  switch (d) {
    case Dim::one:
      return 1;
    case Dim::width:
      return c.n_embd;
    case Dim::triple:
      return 3 * static_cast<std::uint64_t>(c.n_embd);
    case Dim::inner:
      return c.n_inner;
    case Dim::vocabulary:
      return c.vocab_size;
    case Dim::positions:
      return c.n_positions;
  }
  return 0;
}

inline std::vector<std::uint64_t> shape_of(Dim rows, Dim cols, const Config& c) {
  if (cols == Dim::one) return {size_of(rows, c)};
  return {size_of(rows, c), size_of(cols, c)};
}

}  // namespace attn::gpt2::names
