// A small strict JSON reader for the files a learner brings (a safetensors header, GPT-2's config.json): RFC 8259
// only (no comments, no trailing commas, no NaN), strings checked as UTF-8, nesting at most kMaxDepth deep so that
// hostile input cannot exhaust the stack. Objects keep their members in file order; a repeated name is refused
// (two answers to one question). Numbers keep their text, so an offset of 2^60 is read exactly or refused, never
// rounded through a double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::json {

inline constexpr std::size_t kMaxDepth = 64;

class Value {
 public:
  enum class Type { null, boolean, number, string, array, object };

  Type type() const { return type_; }
  bool is(Type t) const { return type_ == t; }
  bool boolean() const { return boolean_; }
  // A string's decoded text, or a number's text as written.
  const std::string& text() const { return text_; }
  // The number as a double (the nearest; huge exponents give infinity).
  double number() const;
  // The number as a whole number from 0 to 2^64 - 1 written without fraction or exponent ("12", not "12.0"
  // or "1.2e1"): false otherwise.
  bool whole(std::uint64_t& out) const;
  const std::vector<Value>& items() const { return items_; }
  const std::vector<std::pair<std::string, Value>>& members() const { return members_; }
  // An object's member by name, or nullptr.
  const Value* find(std::string_view name) const;

 private:
  friend class Parser;
  Type type_ = Type::null;
  bool boolean_ = false;
  std::string text_;
  std::vector<Value> items_;
  std::vector<std::pair<std::string, Value>> members_;
};

// Parses all of text (surrounding whitespace allowed) into out. On failure returns false and sets error to what is
// wrong and where ("expected ':' at byte 17").
bool parse(std::string_view text, Value& out, std::string& error);

// A type's name in messages: "an object", "a number", ...
const char* type_name(Value::Type t);

}  // namespace attn::json
