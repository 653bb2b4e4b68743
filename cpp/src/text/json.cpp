// The strict JSON reader (attn/json.h): recursive descent over the text, refusing at the first byte that does not
// fit the grammar.
#include "attn/json.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace attn::json {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  bool document(Value& out) {
    space();
    if (!value(out, 0)) return false;
    space();
    if (at_ != text_.size()) return fail("unexpected text after the JSON value");
    return true;
  }
  const std::string& error() const { return error_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  std::string error_;

  bool fail(const std::string& what) {
    error_ = what + " at byte " + std::to_string(at_);
    return false;
  }
  bool done() const { return at_ >= text_.size(); }
  char peek() const { return done() ? '\0' : text_[at_]; }
  void space() {
    while (!done() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++at_;
  }
  bool expect(char c) {
    if (peek() != c || done()) return fail(std::string("expected '") + c + "'");
    ++at_;
    return true;
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return fail("expected a JSON value");
    at_ += w.size();
    return true;
  }

  bool value(Value& out, std::size_t depth) {
    if (depth >= kMaxDepth) return fail("nested more than " + std::to_string(kMaxDepth) + " deep");
    switch (peek()) {
      case '{':
        return object(out, depth);
      case '[':
        return array(out, depth);
      case '"':
        out.type_ = Value::Type::string;
        return string(out.text_);
      case 't':
        out.type_ = Value::Type::boolean, out.boolean_ = true;
        return word("true");
      case 'f':
        out.type_ = Value::Type::boolean, out.boolean_ = false;
        return word("false");
      case 'n':
        out.type_ = Value::Type::null;
        return word("null");
      default:
        out.type_ = Value::Type::number;
        return number(out.text_);
    }
  }

  bool object(Value& out, std::size_t depth) {
    out.type_ = Value::Type::object;
    ++at_;
    space();
    if (peek() == '}' && !done()) return ++at_, true;
    for (;;) {
      space();
      std::string name;
      if (peek() != '"' || done()) return fail("expected a member name in quotes");
      if (!string(name)) return false;
      space();
      if (!expect(':')) return false;
      space();
      Value member;
      if (!value(member, depth + 1)) return false;
      out.members_.emplace_back(std::move(name), std::move(member));
      space();
      if (peek() == '}' && !done()) return ++at_, unique_names(out);
      if (!expect(',')) return false;
    }
  }

  // Sorted once the object is read (a vocabulary has 50,257 names: comparing each with all before it would not do).
  bool unique_names(const Value& object) {
    std::vector<const std::string*> names;
    names.reserve(object.members_.size());
    for (const auto& member : object.members_) names.push_back(&member.first);
    std::sort(names.begin(), names.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
    for (std::size_t i = 1; i < names.size(); ++i)
      if (*names[i] == *names[i - 1]) return fail("the name \"" + *names[i] + "\" appears twice in the object ending");
    return true;
  }

  bool array(Value& out, std::size_t depth) {
    out.type_ = Value::Type::array;
    ++at_;
    space();
    if (peek() == ']' && !done()) return ++at_, true;
    for (;;) {
      space();
      Value item;
      if (!value(item, depth + 1)) return false;
      out.items_.push_back(std::move(item));
      space();
      if (peek() == ']' && !done()) return ++at_, true;
      if (!expect(',')) return false;
    }
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }
  bool digits() {
    if (!digit(peek()) || done()) return fail("expected a digit");
    while (!done() && digit(peek())) ++at_;
    return true;
  }

  bool number(std::string& out) {
    const std::size_t start = at_;
    if (peek() == '-' && !done()) ++at_;
    if (peek() == '0' && !done()) {
      ++at_;
    } else if (!digits()) {
      return fail("expected a JSON value");
    }
    if (peek() == '.' && !done()) {
      ++at_;
      if (!digits()) return false;
    }
    if ((peek() == 'e' || peek() == 'E') && !done()) {
      ++at_;
      if ((peek() == '+' || peek() == '-') && !done()) ++at_;
      if (!digits()) return false;
    }
    out.assign(text_.substr(start, at_ - start));
    return true;
  }

  bool hex4(std::uint32_t& out) {
    out = 0;
    for (int i = 0; i < 4; ++i, ++at_) {
      const char c = peek();
      if (done()) return fail("a \\u escape needs four hex digits");
      const int v = digit(c)                 ? c - '0'
                    : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                             : -1;
      if (v < 0) return fail("a \\u escape needs four hex digits");
      out = out * 16 + static_cast<std::uint32_t>(v);
    }
    return true;
  }

  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xc0 | (cp >> 6)), out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xe0 | (cp >> 12)), out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (cp >> 18)), out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f)), out += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }

  bool escape(std::string& out) {
    const char c = peek();
    if (done()) return fail("unfinished string");
    ++at_;
    switch (c) {
      case '"':
      case '\\':
      case '/':
        out += c;
        return true;
      case 'b':
        out += '\b';
        return true;
      case 'f':
        out += '\f';
        return true;
      case 'n':
        out += '\n';
        return true;
      case 'r':
        out += '\r';
        return true;
      case 't':
        out += '\t';
        return true;
      case 'u':
        break;
      default:
        --at_;
        return fail("unknown escape");
    }
    std::uint32_t cp = 0;
    if (!hex4(cp)) return false;
    if (cp >= 0xdc00 && cp <= 0xdfff) return fail("a lone low surrogate");
    if (cp >= 0xd800 && cp <= 0xdbff) {
      std::uint32_t low = 0;
      if (text_.substr(at_, 2) != "\\u") return fail("a high surrogate without its low half");
      at_ += 2;
      if (!hex4(low)) return false;
      if (low < 0xdc00 || low > 0xdfff) return fail("a high surrogate without its low half");
      cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
    }
    append_utf8(out, cp);
    return true;
  }

  // One UTF-8 sequence copied as it is, checked: no overlong forms, no surrogates, nothing past U+10FFFF.
  bool utf8(std::string& out) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text_[at_ + i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    std::uint32_t cp = 0;
    if (lead >= 0xc2 && lead <= 0xdf)
      length = 2, cp = lead & 0x1fu;
    else if (lead >= 0xe0 && lead <= 0xef)
      length = 3, cp = lead & 0x0fu;
    else if (lead >= 0xf0 && lead <= 0xf4)
      length = 4, cp = lead & 0x07u;
    else
      return fail("not UTF-8");
    if (text_.size() - at_ < length) return fail("not UTF-8");
    for (std::size_t i = 1; i < length; ++i) {
      if ((byte(i) & 0xc0) != 0x80) return fail("not UTF-8");
      cp = (cp << 6) | (byte(i) & 0x3fu);
    }
    const std::uint32_t least = length == 3 ? 0x800 : 0x10000;
    if ((length > 2 && cp < least) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return fail("not UTF-8");
    out.append(text_.substr(at_, length));
    at_ += length;
    return true;
  }

  bool string(std::string& out) {
    ++at_;  // the opening quote
    for (;;) {
      if (done()) return fail("unfinished string");
      const auto c = static_cast<unsigned char>(peek());
      if (c == '"') return ++at_, true;
      if (c < 0x20) return fail("a control character inside a string");
      if (c == '\\') {
        ++at_;
        if (!escape(out)) return false;
      } else if (c < 0x80) {
        out += static_cast<char>(c);
        ++at_;
      } else if (!utf8(out)) {
        return false;
      }
    }
  }
};

double Value::number() const { return type_ == Type::number ? std::strtod(text_.c_str(), nullptr) : 0.0; }

bool Value::whole(std::uint64_t& out) const {
  if (type_ != Type::number || text_.empty()) return false;
  std::uint64_t v = 0;
  for (char c : text_) {
    if (c < '0' || c > '9') return false;  // a sign, a fraction or an exponent
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

const Value* Value::find(std::string_view name) const {
  for (const auto& [key, value] : members_)
    if (key == name) return &value;
  return nullptr;
}

bool parse(std::string_view text, Value& out, std::string& error) {
  Parser parser(text);
  out = Value();
  if (parser.document(out)) return true;
  error = parser.error();
  out = Value();
  return false;
}

const char* type_name(Value::Type t) {
  switch (t) {
    case Value::Type::null:
      return "null";
    case Value::Type::boolean:
      return "a boolean";
    case Value::Type::number:
      return "a number";
    case Value::Type::string:
      return "a string";
    case Value::Type::array:
      return "an array";
    case Value::Type::object:
      return "an object";
  }
  return "?";
}

}  // namespace attn::json
