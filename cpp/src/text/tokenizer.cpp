// The tokenizer's common half: UTF-8 reading, the characters kind, decoding, and the serialized form.
// (Learning and applying byte-pair merges is in byte_pairs.cpp.)
//
// Serialized, little-endian throughout:
//   "ATOK" | u32 version (1) | u8 kind (0 characters, 1 byte pairs, 3 gpt2 byte pairs) | u32 count (learned
//   tokens, ≤ 65536)
//   | characters: per token u8 length (2-4) + its UTF-8 bytes, one multi-byte character
//   | (gpt2) byte pairs: per merge u32 left + u32 right, both ids below the merge's own (256 + its rank)
// GPT-2's own tokenizer (kind 2) is kept as its files: serialize() gives nothing, deserialize() refuses it.
#include <algorithm>
#include <cstring>

#include "attn/tokenizer.h"
#include "utf8.h"

namespace attn::text {
namespace {

constexpr char kMagic[4] = {'A', 'T', 'O', 'K'};
constexpr std::uint32_t kVersion = 1;
constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD

// A multi-byte character's bytes as one key (its lead byte fixes its length, so no two characters share one).
std::uint32_t packed(std::string_view character) {
  std::uint32_t key = 0;
  for (std::size_t i = 0; i < character.size(); ++i)
    key |= static_cast<std::uint32_t>(byte_at(character, i)) << (8 * i);
  return key;
}

std::string refusal(const std::string& why) { return "not a usable tokenizer: " + why; }

// The module is built without exceptions: a refusal is an empty optional and the reason in `error`.
std::nullopt_t refuse(std::string& error, std::string why) {
  error = std::move(why);
  return std::nullopt;
}

std::string too_long(std::size_t id, std::size_t length) {
  return refusal("token " + std::to_string(id) + " is " + std::to_string(length) +
                 " bytes long; a UTF-8 character is at most 4");
}

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// Reads what serialize() wrote; every read checks the bytes left first. The first read past the end fails the
// reader (later reads give zeros) and keeps what it was reading for the message.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::size_t left() const { return size_ - at_; }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  const std::uint8_t* take(std::size_t n, const char* what) {
    static const std::uint8_t zeros[4] = {0, 0, 0, 0};
    if (!ok() || left() < n) {
      if (ok()) error_ = refusal(std::string("truncated in ") + what);
      return zeros;  // only read by u8/u32 (n ≤ 4); callers check ok() before using longer spans
    }
    at_ += n;
    return data_ + at_ - n;
  }
  std::uint8_t u8(const char* what) { return *take(1, what); }
  std::uint32_t u32(const char* what) {
    const std::uint8_t* p = take(4, what);
    return p[0] | p[1] << 8 | p[2] << 16 | static_cast<std::uint32_t>(p[3]) << 24;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
  std::string error_;
};

}  // namespace

std::size_t count_characters(std::string_view text) {
  // A malformed unit's every byte is a character: its maximal subpart is a lead byte and continuation bytes, each
  // of which would also be malformed on its own.
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size();) {
    const Utf8Unit unit = next_unit(text, at);
    count += unit.valid ? 1 : unit.length;
    at += unit.length;
  }
  return count;
}

Tokenizer Tokenizer::characters(std::string_view corpus, std::size_t max_tokens, std::size_t min_count) {
  struct Seen {
    std::size_t count = 0, first = 0;
    std::string_view bytes;
  };
  std::unordered_map<std::uint32_t, Seen> seen;
  for (std::size_t at = 0; at < corpus.size();) {
    const Utf8Unit unit = next_unit(corpus, at);
    if (unit.valid && unit.length > 1) {
      const std::string_view character = corpus.substr(at, unit.length);
      auto [it, added] = seen.try_emplace(packed(character));
      if (added) it->second.first = at, it->second.bytes = character;
      ++it->second.count;
    }
    at += unit.length;
  }
  std::vector<Seen> ranked;
  for (const auto& entry : seen) {
    if (entry.second.count >= std::max<std::size_t>(min_count, 1)) ranked.push_back(entry.second);
  }
  std::sort(ranked.begin(), ranked.end(),
            [](const Seen& a, const Seen& b) { return a.count != b.count ? a.count > b.count : a.first < b.first; });
  ranked.resize(std::min({ranked.size(), max_tokens, kMaxLearnedTokens}));
  std::vector<std::string> tokens;
  tokens.reserve(ranked.size());
  for (const Seen& s : ranked) tokens.emplace_back(s.bytes);
  std::string impossible;
  std::optional<Tokenizer> t = from_characters(std::move(tokens), impossible);
  // Training makes only tokens from_characters accepts: the empty tokenizer is never returned.
  return t ? std::move(*t) : Tokenizer{};
}

std::optional<Tokenizer> Tokenizer::from_characters(std::vector<std::string> characters, std::string& error) {
  Tokenizer t;
  t.kind_ = TokenizerKind::characters;
  for (int b = 0; b < kByteTokens; ++b) t.tokens_.emplace_back(1, static_cast<char>(b));
  for (std::string& c : characters) {
    const std::string name = "token " + std::to_string(t.tokens_.size());
    if (c.empty()) return refuse(error, refusal(name + " is empty"));
    if (c.size() > 4) return refuse(error, too_long(t.tokens_.size(), c.size()));
    const Utf8Unit unit = next_unit(c, 0);
    if (!unit.valid || unit.length != c.size() || c.size() < 2)
      return refuse(error, refusal(name + " is not one multi-byte UTF-8 character"));
    const auto [it, added] = t.character_ids_.emplace(packed(c), static_cast<int>(t.tokens_.size()));
    if (!added) return refuse(error, refusal(name + " repeats token " + std::to_string(it->second)));
    t.tokens_.push_back(std::move(c));
  }
  return t;
}

void Tokenizer::encode_characters(std::string_view text, std::vector<int>& ids) const {
  for (std::size_t at = 0; at < text.size();) {
    const Utf8Unit unit = next_unit(text, at);
    if (unit.valid && unit.length > 1) {
      const auto it = character_ids_.find(packed(text.substr(at, unit.length)));
      if (it != character_ids_.end()) {
        ids.push_back(it->second);
        at += unit.length;
        continue;
      }
    }
    for (std::size_t i = 0; i < unit.length; ++i) ids.push_back(byte_at(text, at + i));  // the byte fallback
    at += unit.length;
  }
}

std::vector<int> Tokenizer::encode(std::string_view text) const {
  std::vector<int> ids;
  ids.reserve(text.size() / 2);
  if (kind_ == TokenizerKind::characters)
    encode_characters(text, ids);
  else
    encode_byte_pairs(text, ids);
  return ids;
}

std::string Tokenizer::decode(const std::vector<int>& ids) const {
  std::string out;
  for (int id : ids) {
    out += tokens_.at(static_cast<std::size_t>(id));  // an id outside the vocabulary: std::out_of_range
  }
  return out;
}

std::string Tokenizer::text(const std::vector<int>& ids) const {
  const std::string bytes = decode(ids);
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t at = 0; at < bytes.size();) {
    const Utf8Unit unit = next_unit(bytes, at);
    if (unit.valid)
      out.append(bytes, at, unit.length);
    else
      out += kReplacement;
    at += unit.length;
  }
  return out;
}

std::vector<std::uint8_t> Tokenizer::serialize() const {
  if (kind_ == TokenizerKind::gpt2) return {};
  std::vector<std::uint8_t> out(std::begin(kMagic), std::end(kMagic));
  put_u32(out, kVersion);
  out.push_back(static_cast<std::uint8_t>(kind_));
  const std::size_t learned = tokens_.size() - kByteTokens;
  put_u32(out, static_cast<std::uint32_t>(learned));
  if (kind_ == TokenizerKind::characters) {
    for (std::size_t id = kByteTokens; id < tokens_.size(); ++id) {
      out.push_back(static_cast<std::uint8_t>(tokens_[id].size()));
      out.insert(out.end(), tokens_[id].begin(), tokens_[id].end());
    }
  } else {
    for (const Merge& m : merges_) {
      put_u32(out, static_cast<std::uint32_t>(m.left));
      put_u32(out, static_cast<std::uint32_t>(m.right));
    }
  }
  return out;
}

std::optional<Tokenizer> Tokenizer::deserialize(const std::uint8_t* data, std::size_t size, std::string& error) {
  if (size < sizeof kMagic || std::memcmp(data, kMagic, sizeof kMagic) != 0)
    return refuse(error, refusal("it does not start with ATOK"));
  Reader r(data, size);
  r.take(sizeof kMagic, "the magic");
  const std::uint32_t version = r.u32("the version");
  const std::uint8_t kind = r.u8("the kind");
  const std::uint32_t count = r.u32("the token count");
  if (!r.ok()) return refuse(error, r.error());
  if (version != kVersion) {
    return refuse(error, refusal("format version " + std::to_string(version) + ", but this build reads " +
                                 std::to_string(kVersion)));
  }
  if (kind == static_cast<std::uint8_t>(TokenizerKind::gpt2))
    return refuse(error, refusal("kind 2 (GPT-2's own tokenizer) is kept as its files, never serialized"));
  if (kind > static_cast<std::uint8_t>(TokenizerKind::gpt2_byte_pairs))
    return refuse(error, refusal("unknown kind " + std::to_string(kind)));
  if (count > kMaxLearnedTokens) {
    return refuse(
        error, refusal(std::to_string(count) + " learned tokens; the limit is " + std::to_string(kMaxLearnedTokens)));
  }
  // The smallest a token can be written in (a length byte and two bytes, or two ids): a forged count is refused
  // here, before anything is reserved for it.
  const std::size_t smallest = kind == static_cast<std::uint8_t>(TokenizerKind::characters) ? 3 : 8;
  if (count * smallest > r.left()) {
    return refuse(error,
                  refusal("truncated: " + std::to_string(count) + " tokens need at least " +
                          std::to_string(count * smallest) + " bytes, " + std::to_string(r.left()) + " are left"));
  }
  std::optional<Tokenizer> t;
  if (kind == static_cast<std::uint8_t>(TokenizerKind::characters)) {
    std::vector<std::string> characters(count);
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint8_t length = r.u8("a token's length");
      if (!r.ok()) return refuse(error, r.error());
      if (length > 4) return refuse(error, too_long(kByteTokens + i, length));  // not "truncated"
      const std::uint8_t* bytes = r.take(length, "a token's bytes");
      if (!r.ok()) return refuse(error, r.error());
      characters[i].assign(reinterpret_cast<const char*>(bytes), length);
    }
    t = from_characters(std::move(characters), error);
  } else {
    std::vector<Merge> merges(count);
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t left = r.u32("a merge"), right = r.u32("a merge");
      if (!r.ok()) return refuse(error, r.error());
      const std::size_t id = kByteTokens + i;
      if (left >= id || right >= id) {
        return refuse(
            error, refusal("merge " + std::to_string(i) + " joins " + std::to_string(left) + " and " +
                           std::to_string(right) + ", but only ids below " + std::to_string(id) + " exist before it"));
      }
      merges[i] = {static_cast<int>(left), static_cast<int>(right), static_cast<int>(id)};
    }
    t = from_merges(static_cast<TokenizerKind>(kind), std::move(merges), error);
  }
  if (!t) return std::nullopt;
  if (r.left() != 0) return refuse(error, refusal(std::to_string(r.left()) + " bytes follow the last token"));
  return t;
}

}  // namespace attn::text
