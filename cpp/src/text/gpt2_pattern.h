// GPT-2's pre-tokenizing pattern, by hand over code points (an internal header of cpp/src/text):
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// Every piece of a text is one match of it, tried from the first alternative at each position; byte-pair merges
// never cross a piece's edge. \s is Python regex's (White_Space), the classes come from unicode_classes.inc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace attn::text::gpt2 {

enum class CharacterClass : std::uint8_t { other = 0, letter = 1, number = 2, space = 3 };

CharacterClass character_class(std::uint32_t code_point);

// Where the piece that starts at text[at] (at < text.size()) ends. Malformed UTF-8 is read as TextDecoder reads it,
// each maximal subpart one "other" character (as U+FFFD, what TextEncoder makes of a lone surrogate, would be).
std::size_t piece_end(std::string_view text, std::size_t at);

}  // namespace attn::text::gpt2
