// The language model's tokenizer: text (UTF-8 bytes) ↔ token ids, never refusing a character.
//
// Ids 0-255 are always the 256 single bytes (the byte fallback: any text at all encodes, an emoji or a
// Devanagari letter the corpus never had becomes its UTF-8 bytes). Ids from 256 on are longer byte strings,
// learned from a corpus in one of two ways:
// - characters: every multi-byte UTF-8 character the corpus holds (most frequent first) is one token, so a
//   corpus's own letters are single tokens whatever their script; ASCII characters are their byte.
// - byte pairs (Sennrich et al. 2016, over bytes as GPT-2 does): merges learned by repeatedly joining the most
//   frequent adjacent pair of tokens inside words; encoding applies the merges in the order they were learned.
//   A third choice, gpt2 byte pairs, splits words with GPT-2's own pattern instead (see gpt2_pattern.h), so that
//   its vocab_json() and merges_txt() are GPT-2 files that encode every text as it does.
// - gpt2: GPT-2's own tokenizer from its files (vocab.json, merges.txt), exactly: bytes spelled by its
//   byte-to-unicode table, text pre-split by its pattern, merges applied by rank, and the literal <|endoftext|>
//   (when the vocabulary has it) its one token, as tiktoken with allowedSpecial 'all' and Hugging Face do. Its ids
//   are the files' (byte 'A' is not id 65); it is kept as its files, not serialized.
// A token's bytes are what decode() writes for it; a sequence of tokens decodes to the concatenation of theirs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "attn/merge_ranks.h"

namespace attn::text {

enum class TokenizerKind : std::uint8_t { characters = 0, byte_pairs = 1, gpt2 = 2, gpt2_byte_pairs = 3 };

// One merge: tokens `left` and `right` (adjacent) become token `merged` (= 256 + its rank when learned here; a GPT-2
// file's ids are its own).
struct Merge {
  int left = 0, right = 0, merged = 0;
};

class Tokenizer {
 public:
  static constexpr int kByteTokens = 256;

  // Every multi-byte character of `corpus` that occurs at least `min_count` times, at most `max_tokens` of them
  // (the most frequent; ties by first occurrence). Malformed UTF-8 in the corpus is read as single bytes.
  static Tokenizer characters(std::string_view corpus, std::size_t max_tokens = 4096, std::size_t min_count = 1);
  // `merges` byte-pair merges learned from `corpus` (fewer if no pair occurs twice). Words are split GPT-2's way,
  // a space starting the word after it ("the cat" → "the", " cat"), so no merge crosses a word boundary.
  static Tokenizer byte_pairs(std::string_view corpus, std::size_t merges);
  // The same, its words split by GPT-2's pattern (letters apart from digits and punctuation, "'s" apart): kind
  // gpt2_byte_pairs, whose vocab_json() and merges_txt() make a Tokenizer::gpt2 that encodes every text as it does.
  static Tokenizer gpt2_byte_pairs(std::string_view corpus, std::size_t merges);
  // GPT-2's tokenizer from its two files, or nothing and `error` naming the file and what is wrong in it (it
  // starts "vocab.json" or "merges.txt"): not JSON, not an object of token → id, a token its byte table cannot
  // spell, ids repeated or not 0..n-1, a single byte without a token, a merge line that is not two tokens, a merge
  // of a token the vocabulary lacks or making one it lacks, a merge repeated. merges.txt may start with a
  // "#version" line; its merges rank in line order.
  static std::optional<Tokenizer> gpt2(std::string_view vocab_json, std::string_view merges_txt, std::string& error);
  // Rebuilt from exactly what serialize() wrote (a weight file's tokenizer section), or nothing, with `error`
  // naming what is wrong (an unknown kind, a merge of an id not yet defined, a forged count, …). No exceptions:
  // the wasm module is built without them.
  static std::optional<Tokenizer> deserialize(const std::uint8_t* data, std::size_t size, std::string& error);

  TokenizerKind kind() const { return kind_; }
  std::size_t size() const { return tokens_.size(); }  // vocabulary: 256 + learned tokens
  const std::string& bytes(int id) const { return tokens_.at(static_cast<std::size_t>(id)); }
  const std::vector<Merge>& merges() const { return merges_; }  // byte pairs and gpt2, by rank
  int end_of_text() const { return end_of_text_; }              // <|endoftext|>'s id (gpt2), or -1 when there is none

  // GPT-2's two files for this tokenizer (kinds gpt2 and gpt2_byte_pairs; empty for the others, whose words split
  // otherwise): vocab.json in id order, merges.txt with a "#version: 0.2" line, then one merge a line by rank.
  std::string vocab_json() const;
  std::string merges_txt() const;

  std::vector<int> encode(std::string_view text) const;
  // The bytes of the tokens, concatenated (ids outside the vocabulary throw std::out_of_range). The result may end
  // inside a UTF-8 character when generation stops there; text() makes it printable.
  std::string decode(const std::vector<int>& ids) const;
  // decode() with malformed or truncated UTF-8 sequences replaced by U+FFFD, as a browser's TextDecoder does.
  std::string text(const std::vector<int>& ids) const;

  // kind, then for characters the learned tokens' bytes, for (gpt2) byte pairs the merges; little-endian,
  // versioned. Empty for kind gpt2 (kept as its files).
  std::vector<std::uint8_t> serialize() const;

 private:
  // What deserialize() accepts, and so what training produces: at most this many learned tokens, and a byte-pair
  // token at most this many bytes long (a forged file's merges of merges would otherwise double in length).
  static constexpr std::size_t kMaxLearnedTokens = 65536, kMaxTokenBytes = 255;

  // Both check what they are given (nothing, and the reason in `error`, when it is not a tokenizer) and build the
  // lookup tables below; merges' ids must already be below their own (deserialize checks that, training cannot do
  // otherwise).
  static std::optional<Tokenizer> from_characters(std::vector<std::string> characters,
                                                  std::string& error);  // tokenizer.cpp
  static std::optional<Tokenizer> from_merges(TokenizerKind kind, std::vector<Merge> merges,
                                              std::string& error);  // byte_pairs.cpp
  static Tokenizer trained_byte_pairs(TokenizerKind kind, std::string_view corpus, std::size_t merges);
  void encode_characters(std::string_view text, std::vector<int>& ids) const;
  void encode_byte_pairs(std::string_view text, std::vector<int>& ids) const;
  void encode_gpt2_pieces(std::string_view text, std::vector<int>& ids) const;  // GPT-2's pattern, no special
  void encode_word(std::string_view word, std::vector<int>& ids) const;         // one pre-split chunk, merges by rank

  TokenizerKind kind_ = TokenizerKind::characters;
  std::vector<std::string> tokens_;  // id → bytes
  std::vector<Merge> merges_;
  std::unordered_map<std::uint32_t, int> character_ids_;  // characters: a character's bytes, packed → id
  MergeRanks merge_ranks_;                                // byte pairs and gpt2: (left, right) → rank
  std::vector<int> byte_ids_;                             // byte → its token (b itself but for gpt2)
  int end_of_text_ = -1;
};

// Unicode code points in UTF-8 text, each malformed byte counting as one (the denominator of bits per character).
std::size_t count_characters(std::string_view text);

}  // namespace attn::text
