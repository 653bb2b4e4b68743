// UTF-8 read as a browser's TextDecoder reads it: shared by the tokenizer's characters, its decoding and GPT-2's
// pre-tokenizing pattern (an internal header of cpp/src/text).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace attn::text {

inline std::uint8_t byte_at(std::string_view text, std::size_t at) { return static_cast<std::uint8_t>(text[at]); }

// What starts at text[at]: a well-formed character of `length` bytes (1 for ASCII), or not (`valid` false), and
// then `length` is its maximal subpart, the bytes a WHATWG decoder replaces with one U+FFFD (at least 1): a lead
// byte and the continuation bytes it may take, up to the first that does not fit or the end of the text.
struct Utf8Unit {
  std::size_t length;
  bool valid;
};

inline Utf8Unit next_unit(std::string_view text, std::size_t at) {
  const std::uint8_t lead = byte_at(text, at);
  if (lead < 0x80) return {1, true};
  std::size_t continuations;
  std::uint8_t low = 0x80, high = 0xBF;  // the second byte's range narrows to refuse overlongs and surrogates
  if (lead >= 0xC2 && lead <= 0xDF) {
    continuations = 1;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    continuations = 2;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    continuations = 3;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return {1, false};  // a continuation byte, an overlong lead (C0, C1) or beyond U+10FFFF (F5-FF)
  }
  std::size_t length = 1;
  while (length <= continuations && at + length < text.size()) {
    const std::uint8_t c = byte_at(text, at + length);
    if (c < low || c > high) break;
    low = 0x80, high = 0xBF;
    ++length;
  }
  return {length, length == continuations + 1};
}

// The code point of the well-formed character of `length` bytes at text[at] (next_unit's `valid` unit).
inline std::uint32_t code_point(std::string_view text, std::size_t at, std::size_t length) {
  static constexpr std::uint8_t kLeadBits[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  std::uint32_t cp = byte_at(text, at) & kLeadBits[length];
  for (std::size_t i = 1; i < length; ++i) cp = cp << 6 | (byte_at(text, at + i) & 0x3F);
  return cp;
}

// The UTF-8 bytes of code point `cp` (at most U+10FFFF, not a surrogate) appended to `out`.
inline void append_utf8(std::uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | cp >> 6);
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | cp >> 12);
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | cp >> 18);
    out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace attn::text
