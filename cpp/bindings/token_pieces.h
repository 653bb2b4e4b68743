// How a language model's tokens read on the JS side, shared by the binding files that name tokens (generation, the
// tokenizer's view, inspect).
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attn/tokenizer.h"

namespace attn::bindings {

// How a token reads: its bytes when they are whole UTF-8 characters, else each byte as <0xNN> (a byte-fallback
// token, or a piece of a character a byte-pair merge split).
inline std::string piece(const text::Tokenizer& tokenizer, int id) {
  const std::string& bytes = tokenizer.bytes(id);
  if (tokenizer.text({id}) == bytes) return bytes;
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char b : bytes) out += std::string("<0x") + hex[b >> 4] + hex[b & 15] + ">";
  return out;
}

inline emscripten::val pieces(const text::Tokenizer& tokenizer, const std::vector<int>& ids) {
  emscripten::val out = emscripten::val::array();
  for (std::size_t i = 0; i < ids.size(); ++i) out.set(i, piece(tokenizer, ids[i]));
  return out;
}

}  // namespace attn::bindings
