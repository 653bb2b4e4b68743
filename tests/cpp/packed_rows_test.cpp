// packed_rows.h, which reads the generated lexicon tables from their string literals: fields that point into the
// literal, empty optional fields as nullptr, codes, and a stop where a table's rows and its reader disagree.
#include <gtest/gtest.h>

#include <vector>

#include "../../cpp/src/data/packed_rows.h"

namespace attn::corpus::grammar {
namespace {

struct Row {
  const char *word, *form;
  std::size_t code;
};

Row read_row(PackedRows& row) {
  Row out{};
  out.word = row.text();
  out.form = row.optional();
  out.code = row.code("xyz");
  return out;
}

TEST(PackedRows, ReadsFieldsInPlace) {
  static const char text[] =
      "a b\0form\0y\0\n"
      "c\0\0z\0\n";
  const std::vector<Row> rows = read_rows<Row>(text, 2, read_row);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].word, text);  // no copy: the literal's own storage
  EXPECT_STREQ(rows[0].form, "form");
  EXPECT_EQ(rows[0].code, 1u);
  EXPECT_STREQ(rows[1].word, "c");
  EXPECT_EQ(rows[1].form, nullptr);
  EXPECT_EQ(rows[1].code, 2u);
  EXPECT_TRUE(read_rows<Row>("", 0, read_row).empty());
}

TEST(PackedRowsDeathTest, StopsWhereTheRowsAndTheirReaderDisagree) {
  static const char one_row[] = "a\0\0x\0\n";
  EXPECT_DEATH(read_rows<Row>(one_row, 2, read_row), "fewer rows");
  EXPECT_DEATH(read_rows<Row>(one_row, 0, read_row), "more rows");
  static const char short_row[] = "a\0\0\n";
  EXPECT_DEATH(read_rows<Row>(short_row, 1, read_row), "fewer fields");
  static const char long_row[] = "a\0\0x\0extra\0\n";
  EXPECT_DEATH(read_rows<Row>(long_row, 1, read_row), "more fields");
  static const char bad_code[] = "a\0\0w\0\n";
  EXPECT_DEATH(read_rows<Row>(bad_code, 1, read_row), "not one of its codes");
  static const char empty_word[] = "\0\0x\0\n";
  EXPECT_DEATH(read_rows<Row>(empty_word, 1, read_row), "empty field");
}

}  // namespace
}  // namespace attn::corpus::grammar
