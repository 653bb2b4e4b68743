// GPT-2's tokenizer files: vocab.json (token → id, each token's bytes spelled by the byte-to-unicode table) and
// merges.txt (a "#version" line, then "left right" a line, highest priority first), read and checked, and written
// for a tokenizer whose words split GPT-2's way.
#include <array>
#include <unordered_map>

#include "attn/json.h"
#include "attn/tokenizer.h"
#include "utf8.h"

namespace attn::text {
namespace {

// GPT-2's bytes_to_unicode(): the printable bytes '!'..'~', '¡'..'¬', '®'..'ÿ' are their own character, the other
// 68 become U+0100, U+0101, ... in byte order (a space is 'Ġ', U+0120), so every token is a printable string.
struct ByteTable {
  std::array<std::uint32_t, 256> character{};  // byte → code point
  std::array<std::int16_t, 0x144> byte{};      // code point → byte, -1 for none (the table ends at U+0143)
  ByteTable() {
    byte.fill(-1);
    std::uint32_t next = 0x100;
    for (std::uint32_t b = 0; b < 256; ++b) {
      const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
      character[b] = printable ? b : next++;
      byte[character[b]] = static_cast<std::int16_t>(b);
    }
  }
};

const ByteTable& byte_table() {
  static const ByteTable table;
  return table;
}

// A token as vocab.json spells it → its bytes; false when a character is not in the table.
bool token_bytes(std::string_view spelled, std::string& bytes, std::string& bad) {
  const ByteTable& table = byte_table();
  bytes.clear();
  for (std::size_t at = 0; at < spelled.size();) {
    const Utf8Unit unit = next_unit(spelled, at);  // json.h has checked the UTF-8
    const std::uint32_t cp = code_point(spelled, at, unit.length);
    if (cp >= table.byte.size() || table.byte[cp] < 0) {
      bad = spelled.substr(at, unit.length);
      return false;
    }
    bytes += static_cast<char>(table.byte[cp]);
    at += unit.length;
  }
  return true;
}

// A token's bytes as vocab.json and merges.txt spell them.
std::string spelled(const std::string& bytes) {
  std::string out;
  for (char c : bytes) append_utf8(byte_table().character[static_cast<std::uint8_t>(c)], out);
  return out;
}

std::nullopt_t refuse(std::string& error, std::string why) {
  error = std::move(why);
  return std::nullopt;
}

std::string quoted(std::string_view token) { return "\"" + std::string(token) + "\""; }

}  // namespace

std::optional<Tokenizer> Tokenizer::gpt2(std::string_view vocab_json, std::string_view merges_txt, std::string& error) {
  json::Value root;
  std::string why;
  if (!json::parse(vocab_json, root, why)) return refuse(error, "vocab.json is not JSON: " + why);
  if (!root.is(json::Value::Type::object))
    return refuse(error,
                  std::string("vocab.json must be an object of token → id, not ") + json::type_name(root.type()));
  const std::size_t n = root.members().size();
  Tokenizer t;
  t.kind_ = TokenizerKind::gpt2;
  t.tokens_.resize(n);
  std::vector<bool> given(n);
  std::unordered_map<std::string_view, int> ids;  // the token as spelled → id
  ids.reserve(n);
  t.byte_ids_.assign(kByteTokens, -1);
  std::string bytes, bad;
  for (const auto& [token, value] : root.members()) {
    std::uint64_t id = 0;
    if (!value.whole(id) || id >= n) {
      return refuse(error, "vocab.json: the id of " + quoted(token) + " must be a whole number from 0 to " +
                               std::to_string(n - 1) + " (one per token), not " +
                               (value.is(json::Value::Type::number) ? value.text() : json::type_name(value.type())));
    }
    if (given[id]) return refuse(error, "vocab.json: id " + std::to_string(id) + " is given twice");
    if (token.empty()) return refuse(error, "vocab.json: id " + std::to_string(id) + " is the empty token");
    if (!token_bytes(token, bytes, bad)) {
      return refuse(error, "vocab.json: " + quoted(token) + " (id " + std::to_string(id) + ") holds " + quoted(bad) +
                               ", which GPT-2's byte-to-unicode table does not spell");
    }
    given[id] = true;
    t.tokens_[id] = bytes;
    ids.emplace(token, static_cast<int>(id));
    if (bytes.size() == 1) t.byte_ids_[static_cast<std::uint8_t>(bytes[0])] = static_cast<int>(id);
  }
  for (int b = 0; b < kByteTokens; ++b) {
    if (t.byte_ids_[b] < 0) {
      return refuse(error, "vocab.json has no token for byte " + std::to_string(b) + " (" +
                               quoted(spelled(std::string(1, static_cast<char>(b)))) + "): every byte needs one");
    }
  }
  if (const auto it = ids.find("<|endoftext|>"); it != ids.end()) t.end_of_text_ = it->second;

  std::size_t line_number = 0;
  for (std::size_t at = 0; at < merges_txt.size();) {
    std::size_t end = merges_txt.find('\n', at);
    if (end == std::string_view::npos) end = merges_txt.size();
    std::string_view line = merges_txt.substr(at, end - at);
    at = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line_number == 1 && line.substr(0, 8) == "#version") continue;
    if (line.empty() && at >= merges_txt.size()) break;  // the file's last newline
    const std::string where = "merges.txt line " + std::to_string(line_number) + ": ";
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == line.size() ||
        line.find(' ', space + 1) != std::string_view::npos) {
      return refuse(error, where + "expected two tokens and one space between them, found " + quoted(line));
    }
    const std::string_view left = line.substr(0, space), right = line.substr(space + 1);
    const auto l = ids.find(left), r = ids.find(right);
    if (l == ids.end() || r == ids.end())
      return refuse(error, where + quoted(l == ids.end() ? left : right) + " is not in vocab.json");
    const auto merged = ids.find(std::string(left) + std::string(right));
    if (merged == ids.end()) {
      return refuse(error, where + "merging " + quoted(left) + " and " + quoted(right) + " makes " +
                               quoted(std::string(left) + std::string(right)) + ", which vocab.json lacks");
    }
    const auto rank = static_cast<int>(t.merges_.size());
    int existing = 0;
    if (!t.merge_ranks_.add(l->second, r->second, rank, existing))
      return refuse(error, where + "repeats the merge of rank " + std::to_string(existing));
    t.merges_.push_back({l->second, r->second, merged->second});
  }
  return t;
}

std::string Tokenizer::vocab_json() const {
  if (kind_ != TokenizerKind::gpt2 && kind_ != TokenizerKind::gpt2_byte_pairs) return {};
  std::string out = "{";
  for (std::size_t id = 0; id < tokens_.size(); ++id) {
    out += id == 0 ? "\"" : ", \"";
    for (char c : spelled(tokens_[id])) {
      if (c == '"' || c == '\\') out += '\\';  // the table's only characters JSON escapes: no controls
      out += c;
    }
    out += "\": " + std::to_string(id);
  }
  return out + "}";
}

std::string Tokenizer::merges_txt() const {
  if (kind_ != TokenizerKind::gpt2 && kind_ != TokenizerKind::gpt2_byte_pairs) return {};
  std::string out = "#version: 0.2\n";
  for (const Merge& m : merges_) out += spelled(tokens_[m.left]) + " " + spelled(tokens_[m.right]) + "\n";
  return out;
}

}  // namespace attn::text
