// The safetensors reader: files written here (seeded random float32, float16 and bfloat16 tensors) read back exactly,
// float16 and bfloat16 converted exactly at their edges, and every kind of damaged file refused with its kind and a
// message naming what is wrong.
#include "attn/safetensors.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "attn/json.h"
#include "safetensors_files.h"

namespace {

using attn::safetensors::ErrorKind;
using attn::safetensors::Header;
using attn::testing::file_from;
using attn::testing::random_tensor;
using attn::testing::safetensors_file;
using attn::testing::TensorSpec;

std::uint32_t bits_of(float f) {
  std::uint32_t b = 0;
  std::memcpy(&b, &f, 4);
  return b;
}

// Float32 values equal bit for bit (so -0 differs from 0, and a NaN is compared as its bits).
::testing::AssertionResult same_bits(const std::vector<float>& actual, const std::vector<float>& expected) {
  if (actual.size() != expected.size())
    return ::testing::AssertionFailure() << "sizes " << actual.size() << " vs " << expected.size();
  for (std::size_t i = 0; i < actual.size(); ++i) {
    if (bits_of(actual[i]) != bits_of(expected[i])) {
      return ::testing::AssertionFailure() << "at " << i << ": " << actual[i] << " vs " << expected[i];
    }
  }
  return ::testing::AssertionSuccess();
}

attn::safetensors::Error read(const std::vector<std::uint8_t>& file, Header& header) {
  return attn::safetensors::read_header(file.data(), file.size(), header);
}

// The refusal's kind and a fragment of its message.
void expect_refused(const std::vector<std::uint8_t>& file, ErrorKind kind, const std::string& says) {
  Header header;
  const attn::safetensors::Error error = read(file, header);
  EXPECT_EQ(attn::safetensors::kind_name(error.kind), std::string(attn::safetensors::kind_name(kind))) << error.message;
  EXPECT_NE(error.message.find(says), std::string::npos) << error.message;
}

std::vector<std::uint8_t> bytes(std::size_t n) { return std::vector<std::uint8_t>(n, 0); }

TEST(Safetensors, ReadsSeededRandomFilesOfEveryFloatTypeExactly) {
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    std::vector<TensorSpec> tensors;
    const char* dtypes[] = {"F32", "F16", "BF16"};
    const std::size_t count = 1 + rng() % 6;
    for (std::size_t i = 0; i < count; ++i) {
      std::vector<std::uint64_t> shape;
      for (std::size_t d = rng() % 4; d > 0; --d) shape.push_back(rng() % 5);  // 0 to 3 dimensions, some empty
      tensors.push_back(random_tensor("t" + std::to_string(i) + ".weight", dtypes[rng() % 3], shape, seed * 100 + i));
    }
    std::vector<std::size_t> order(count);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    const std::vector<std::uint8_t> file = safetensors_file(tensors, order, "{\"format\":\"pt\"}");
    Header header;
    ASSERT_FALSE(read(file, header)) << read(file, header).message;
    ASSERT_EQ(header.tensors.size(), count);
    ASSERT_EQ(header.metadata.size(), 1u);
    EXPECT_EQ(header.metadata[0].second, "pt");
    for (const TensorSpec& spec : tensors) {
      const attn::safetensors::Tensor* t = header.find(spec.name);
      ASSERT_NE(t, nullptr) << spec.name;
      EXPECT_EQ(t->shape, spec.shape);
      EXPECT_EQ(attn::safetensors::dtype_name(t->dtype), spec.dtype);
      std::vector<float> out(t->elements());
      ASSERT_FALSE(
          attn::safetensors::convert(*t, file.data() + header.data_start() + t->begin, out.size(), out.data()));
      EXPECT_TRUE(same_bits(out, spec.values)) << spec.name << " " << spec.dtype;
    }
  }
}

using Decode = float (*)(std::uint16_t);

// A 16-bit float type decoded exactly: its edge values by the reader and by the tests' own decoding, NaN patterns as
// NaN, and every one of the 65,536 patterns as the independent decoding gives it (bit for bit, NaN as any NaN).
void expect_exact(const std::vector<std::pair<std::uint16_t, float>>& edges, const std::vector<std::uint16_t>& nans,
                  Decode ours, Decode theirs) {
  for (auto [pattern, expected] : edges) {
    EXPECT_EQ(bits_of(ours(pattern)), bits_of(expected)) << std::hex << pattern;
    EXPECT_EQ(bits_of(theirs(pattern)), bits_of(expected)) << std::hex << pattern;
  }
  for (std::uint16_t nan : nans) EXPECT_TRUE(std::isnan(ours(nan))) << std::hex << nan;
  for (std::uint32_t pattern = 0; pattern < 0x10000; ++pattern) {
    const float a = ours(static_cast<std::uint16_t>(pattern)), b = theirs(static_cast<std::uint16_t>(pattern));
    EXPECT_TRUE(std::isnan(b) ? std::isnan(a) : bits_of(a) == bits_of(b)) << std::hex << pattern;
  }
}

TEST(Safetensors, Float16ConvertsExactly) {
  expect_exact(
      {
          {0x0000, 0.0f},
          {0x8000, -0.0f},
          {0x3c00, 1.0f},
          {0xc000, -2.0f},
          {0x3555, 0.333251953125f},
          {0x0001, 0x1p-24f},                   // smallest subnormal
          {0x03ff, 6.0975551605224609375e-5f},  // largest subnormal, 1023 · 2^-24
          {0x0400, 0x1p-14f},                   // smallest normal
          {0x7bff, 65504.0f},
          {0xfbff, -65504.0f},
          {0x7c00, INFINITY},
          {0xfc00, -INFINITY},
      },
      {0x7e00, 0x7c01, 0xfe00}, attn::safetensors::from_float16, attn::testing::half_value);
}

TEST(Safetensors, Bfloat16ConvertsExactly) {
  expect_exact(
      {
          {0x0000, 0.0f},
          {0x8000, -0.0f},
          {0x3f80, 1.0f},
          {0x4049, 3.140625f},
          {0x0001, 0x1p-133f},     // smallest subnormal
          {0x007f, 0x1.fcp-127f},  // largest subnormal, 127 · 2^-133
          {0x0080, 0x1p-126f},     // smallest normal
          {0x7f7f, 0x1.fep127f},
          {0x7f80, INFINITY},
          {0xff80, -INFINITY},
      },
      {0x7fc0, 0x7f81, 0xffc0}, attn::safetensors::from_bfloat16, attn::testing::bfloat16_value);
}

TEST(Safetensors, ConvertsAnyWholeChunkOfATensor) {
  const TensorSpec spec = random_tensor("w", "BF16", {7, 9}, 5);
  const std::vector<std::uint8_t> file = safetensors_file({spec});
  Header header;
  ASSERT_FALSE(read(file, header));
  const attn::safetensors::Tensor& t = header.tensors[0];
  std::vector<float> out(63);
  for (std::size_t at = 0; at < 63; at += 10) {
    const std::size_t n = std::min<std::size_t>(10, 63 - at);
    ASSERT_FALSE(attn::safetensors::convert(t, file.data() + header.data_start() + 2 * at, n, out.data() + at));
  }
  EXPECT_TRUE(same_bits(out, spec.values));
}

TEST(Safetensors, KeepsOtherDtypesButRefusesToConvertThem) {
  TensorSpec ids{"ids", "I64", {2}, bytes(16), {}};
  TensorSpec mask{"mask", "BOOL", {3}, bytes(3), {}};
  const std::vector<std::uint8_t> file = safetensors_file({ids, mask, random_tensor("w", "F32", {2}, 1)});
  Header header;
  ASSERT_FALSE(read(file, header));
  float out[2];
  const attn::safetensors::Error error = attn::safetensors::convert(*header.find("ids"), file.data(), 2, out);
  EXPECT_EQ(error.kind, ErrorKind::dtype);
  EXPECT_NE(error.message.find("\"ids\" has dtype I64, which cannot be read as float32"), std::string::npos);
}

TEST(Safetensors, RefusesAFileShorterThanItsHeaderLength) {
  expect_refused({}, ErrorKind::truncated, "the file has 0 bytes, fewer than the 8");
  expect_refused({8, 0, 0}, ErrorKind::truncated, "the file has 3 bytes");
}

TEST(Safetensors, RefusesAHeaderLengthPastTheEnd) {
  std::vector<std::uint8_t> file = safetensors_file({random_tensor("w", "F32", {4}, 1)});
  file[0] = static_cast<std::uint8_t>(file.size());  // 8 + N > size
  file[1] = 0;
  expect_refused(file, ErrorKind::header_length, "past the end of a file of");
  std::vector<std::uint8_t> huge = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, '{', '}'};
  expect_refused(huge, ErrorKind::header_length, "the header length says 18446744073709551615 bytes");
  // Kinds as messages name them (the table's first, one in the middle and its last).
  EXPECT_STREQ(attn::safetensors::kind_name(ErrorKind::none), "none");
  EXPECT_STREQ(attn::safetensors::kind_name(ErrorKind::header_length), "header length");
  EXPECT_STREQ(attn::safetensors::kind_name(ErrorKind::usage), "usage");
}

TEST(Safetensors, RefusesEveryTruncationOfAValidFile) {
  const std::vector<std::uint8_t> file =
      safetensors_file({random_tensor("a", "F16", {3, 2}, 1), random_tensor("b", "F32", {5}, 2)});
  Header header;
  ASSERT_FALSE(read(file, header));
  for (std::size_t cut = 0; cut < file.size(); ++cut) {
    const std::vector<std::uint8_t> part(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(cut));
    const attn::safetensors::Error error = read(part, header);
    ASSERT_TRUE(error) << "a file cut to " << cut << " of " << file.size() << " bytes was read";
    EXPECT_TRUE(error.kind == ErrorKind::truncated || error.kind == ErrorKind::header_length) << error.message;
  }
  const std::vector<std::uint8_t> part(file.begin(), file.end() - 1);
  expect_refused(part, ErrorKind::truncated, "the file ends inside tensor \"b\"");
}

TEST(Safetensors, RefusesOverlappingOutOfOrderGappedAndTrailingOffsets) {
  const std::string f32x2 = "{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":";
  expect_refused(file_from("{\"a\":" + f32x2 + "[0,8]},\"b\":" + f32x2 + "[4,12]}}", bytes(12)), ErrorKind::offsets,
                 "tensor \"b\" begins at byte 4, inside tensor \"a\" (bytes 0 to 8)");
  expect_refused(file_from("{\"a\":" + f32x2 + "[0,8]},\"b\":" + f32x2 + "[0,8]}}", bytes(8)), ErrorKind::offsets,
                 "inside tensor");
  expect_refused(file_from("{\"a\":" + f32x2 + "[8,0]}}", bytes(8)), ErrorKind::offsets,
                 "data_offsets are reversed: begin 8 > end 0");
  expect_refused(file_from("{\"a\":" + f32x2 + "[4,12]}}", bytes(12)), ErrorKind::offsets,
                 "leaving bytes 0 to 4 unused");
  expect_refused(file_from("{\"a\":" + f32x2 + "[0,8]}}", bytes(9)), ErrorKind::offsets, "bytes after the last tensor");
  expect_refused(file_from("{\"a\":" + f32x2 + "[0,8]}}", bytes(6)), ErrorKind::truncated,
                 "the file ends inside tensor \"a\"");
}

TEST(Safetensors, RefusesSizesThatDoNotMatchTheShape) {
  expect_refused(file_from("{\"a\":{\"dtype\":\"F16\",\"shape\":[2,3],\"data_offsets\":[0,8]}}", bytes(8)),
                 ErrorKind::size, "tensor \"a\" has shape [2, 3] of F16, which is 12 bytes, but data_offsets give 8");
  expect_refused(file_from("{\"a\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296],\"data_offsets\":[0,0]}}", {}),
                 ErrorKind::size, "more elements than any file could");
}

TEST(Safetensors, RefusesADtypeItDoesNotKnow) {
  expect_refused(file_from("{\"a\":{\"dtype\":\"F33\",\"shape\":[1],\"data_offsets\":[0,4]}}", bytes(4)),
                 ErrorKind::dtype, "tensor \"a\" has dtype \"F33\", which safetensors does not define");
}

TEST(Safetensors, RefusesHeadersThatAreNotTheFormatsObject) {
  const auto header = [](const std::string& json) { return file_from(json, bytes(4)); };
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]"), ErrorKind::header,
                 "the header is not JSON");
  expect_refused(header("[1]"), ErrorKind::header, "must be a JSON object, got an array");
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[1]}}"), ErrorKind::header, "has no \"data_offsets\"");
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[-1],\"data_offsets\":[0,4]}}"), ErrorKind::header,
                 "shape must hold whole numbers >= 0, got -1");
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[1.0],\"data_offsets\":[0,4]}}"), ErrorKind::header,
                 "got 1.0");
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4,8]}}"), ErrorKind::header,
                 "data_offsets must be two whole numbers");
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4],\"x\":1}}"), ErrorKind::header,
                 "unknown field \"x\"");
  expect_refused(header("{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
                        "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}"),
                 ErrorKind::header, "the name \"a\" appears twice");
  expect_refused(header("{\"__metadata__\":{\"n\":1},\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}"),
                 ErrorKind::header, "\"__metadata__\".n must be a string, got a number");
  expect_refused(header("{\"a\":7}"), ErrorKind::header, "tensor \"a\" must be an object, got a number");
}

TEST(Json, ReadsStrictJsonOnly) {
  attn::json::Value v;
  std::string error;
  ASSERT_TRUE(
      attn::json::parse(" {\"a\": [1, -2.5e3, true, null, \"\\u00e9\\ud83d\\ude00\\n\"], \"b\": {}} ", v, error))
      << error;
  const attn::json::Value& a = *v.find("a");
  EXPECT_EQ(a.items()[1].number(), -2500.0);
  EXPECT_EQ(a.items()[4].text(), "\xc3\xa9\xf0\x9f\x98\x80\n");
  std::uint64_t n = 0;
  ASSERT_TRUE(attn::json::parse("18446744073709551615", v, error));
  EXPECT_TRUE(v.whole(n));
  EXPECT_EQ(n, 18446744073709551615ull);
  ASSERT_TRUE(attn::json::parse("18446744073709551616", v, error));
  EXPECT_FALSE(v.whole(n));  // one past 2^64 - 1: refused rather than wrapped
  for (const char* bad : {"",         "{",           "[1,]",        "{\"a\":1,}",   "01",
                          "1.",       ".5",          "+1",          "NaN",          "'a'",
                          "\"\\x\"",  "\"\\ud800\"", "\"\\udc00\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"",
                          "\"\x01\"", "{\"a\" 1}",   "[1] [2]",     "tru",          "{\"a\":1,\"a\":2}"}) {
    EXPECT_FALSE(attn::json::parse(bad, v, error)) << bad;
  }
  EXPECT_FALSE(attn::json::parse(std::string(100, '[') + std::string(100, ']'), v, error));
  EXPECT_NE(error.find("nested more than 64 deep"), std::string::npos) << error;
  EXPECT_TRUE(attn::json::parse(std::string(63, '[') + std::string(63, ']'), v, error)) << error;
}

}  // namespace
