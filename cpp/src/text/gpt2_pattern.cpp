// GPT-2's pre-tokenizing pattern (see gpt2_pattern.h): the alternatives in their order, each a short loop.
#include "gpt2_pattern.h"

#include <algorithm>
#include <iterator>

#include "utf8.h"

namespace attn::text::gpt2 {
namespace {

struct Range {
  std::uint32_t first, last;
  CharacterClass of;
};

constexpr CharacterClass L = CharacterClass::letter, N = CharacterClass::number, S = CharacterClass::space;
constexpr Range kRanges[] = {
#include "unicode_classes.inc"
};

// One character of the text: its length in bytes and its class.
struct Character {
  std::size_t length;
  CharacterClass of;
};

// ASCII's classes, looked up without the search (most text is mostly ASCII).
struct AsciiClasses {
  CharacterClass of[128];
  AsciiClasses() {
    for (std::uint32_t c = 0; c < 128; ++c) of[c] = character_class(c);
  }
};

Character character_at(std::string_view text, std::size_t at) {
  static const AsciiClasses ascii;
  if (byte_at(text, at) < 0x80) return {1, ascii.of[byte_at(text, at)]};
  const Utf8Unit unit = next_unit(text, at);
  if (!unit.valid) return {unit.length, CharacterClass::other};
  return {unit.length, character_class(code_point(text, at, unit.length))};
}

// The contractions 's 't 're 've 'm 'll 'd (lower case only, as the pattern says): their length, or 0.
std::size_t contraction(std::string_view text, std::size_t at) {
  if (text[at] != '\'' || at + 1 >= text.size()) return 0;
  const std::string_view rest = text.substr(at + 1);
  for (const std::string_view two : {"re", "ve", "ll"}) {
    if (rest.substr(0, 2) == two) return 3;
  }
  return std::string_view("stmd").find(rest[0]) != std::string_view::npos ? 2 : 0;
}

}  // namespace

CharacterClass character_class(std::uint32_t code_point) {
  const Range* after = std::upper_bound(std::begin(kRanges), std::end(kRanges), code_point,
                                        [](std::uint32_t cp, const Range& r) { return cp < r.first; });
  if (after == std::begin(kRanges)) return CharacterClass::other;
  const Range& r = *(after - 1);
  return code_point <= r.last ? r.of : CharacterClass::other;
}

std::size_t piece_end(std::string_view text, std::size_t at) {
  if (const std::size_t length = contraction(text, at)) return at + length;
  const std::size_t n = text.size();
  Character first = character_at(text, at);
  std::size_t end = at + first.length;
  // " ?\p{L}+", " ?\p{N}+", " ?[^\s\p{L}\p{N}]+": an optional space, then a run of one class other than space.
  if (text[at] == ' ' && end < n) {
    const Character next = character_at(text, end);
    if (next.of != CharacterClass::space) first = next, end += next.length;
  }
  if (first.of != CharacterClass::space) {
    while (end < n) {
      const Character c = character_at(text, end);
      if (c.of != first.of) break;
      end += c.length;
    }
    return end;
  }
  // "\s+(?!\S)|\s+": white space to the end of the text, or all but its last character when a non-space follows
  // (that one starts the next piece, " word" or a lone "\n"), or a single white-space character before one.
  std::size_t last = at, count = 1;
  while (end < n) {
    const Character c = character_at(text, end);
    if (c.of != CharacterClass::space) break;
    last = end, end += c.length, ++count;
  }
  return end == n || count == 1 ? end : last;
}

}  // namespace attn::text::gpt2
