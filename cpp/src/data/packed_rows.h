// A generated table's rows read from one string literal (scripts/lexicon/emit-cpp.mjs writes them so): each field
// ends with '\0' and each row with '\n', so a field is a NUL-terminated string inside the literal itself (static
// storage, nothing copied). Why not an array of structs in the source: in the wasm each of its pointers is 4 bytes
// that compress poorly, and the literal gzips to about two thirds of it (the npm package's size budget).
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace attn::corpus::grammar {

class PackedRows {
 public:
  template <std::size_t N>
  explicit PackedRows(const char (&text)[N]) : at_(text), end_(text + N - 1) {}

  // The next field, a word or words.
  const char* text() {
    const char* field = next();
    if (!*field) fail("an empty field where a word belongs");
    return field;
  }
  // The next field, or nullptr when it is empty (a form the word does not have).
  const char* optional() {
    const char* field = next();
    return *field ? field : nullptr;
  }
  // The next field, one of the characters of `codes`: its index there (an enum's value, or a bool's).
  std::size_t code(const char* codes) {
    const char* field = next();
    const char* found = field[0] && !field[1] ? std::strchr(codes, field[0]) : nullptr;
    if (!found) fail("a field that is not one of its codes");
    return static_cast<std::size_t>(found - codes);
  }

  bool done() const { return at_ == end_; }
  void end_row() {
    if (at_ == end_ || *at_ != '\n') fail("a row with more fields than its table's");
    ++at_;
    ++row_;
  }

  // A programming error (the emitter and the reader of a table disagree), found by the first test that runs, which
  // runs natively: the message only there, since fprintf would bring stdio's writing into the wasm builds.
  [[noreturn]] void fail([[maybe_unused]] const char* what) const {
#ifndef __EMSCRIPTEN__
    std::fprintf(stderr, "packed_rows.h: row %zu of a generated table: %s\n", row_, what);
#endif
    std::abort();
  }

 private:
  const char* next() {
    if (at_ == end_ || *at_ == '\n') fail("a row with fewer fields than its table's");
    const char* field = at_;
    at_ += std::strlen(at_) + 1;  // the literal ends "\0\n", so a field's '\0' comes before end_
    return field;
  }

  const char* at_;
  const char* end_;  // the literal's own terminating '\0'
  std::size_t row_ = 0;
};

// The `count` rows of `text`, each made by read_row(PackedRows&), which reads the row's fields in order. Stops the
// program when the literal holds another number of rows, or a row another number of fields.
template <typename Row, std::size_t N, typename ReadRow>
std::vector<Row> read_rows(const char (&text)[N], std::size_t count, ReadRow read_row) {
  PackedRows rows(text);
  std::vector<Row> table(count);
  for (Row& row : table) {
    if (rows.done()) rows.fail("the table has fewer rows than it says");
    row = read_row(rows);
    rows.end_row();
  }
  if (!rows.done()) rows.fail("the table has more rows than it says");
  return table;
}

}  // namespace attn::corpus::grammar
