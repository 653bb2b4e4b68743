// The weight files' byte-level pieces, shared by the translator's file and the language model's: float16
// conversion, and a little-endian writer and bounds-checked reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "attn/translator.h"

namespace attn::model::weight_io {

// float32 → float16, round to nearest even; overflow saturates to infinity, tiny values become subnormal.
std::uint16_t to_half(float value);
float from_half(std::uint16_t h);

// The same bits read as another type of the same size (C++17's std::memcpy way of C++20's std::bit_cast).
template <class To, class From>
To bits(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

class Writer {
 public:
  std::vector<std::uint8_t> bytes;
  void u8(std::uint8_t v) { bytes.push_back(v); }
  void u16(std::uint16_t v) { u8(v & 0xff), u8(v >> 8); }
  void u32(std::uint32_t v) { u16(v & 0xffff), u16(v >> 16); }
  void u64(std::uint64_t v) { u32(static_cast<std::uint32_t>(v)), u32(static_cast<std::uint32_t>(v >> 32)); }
  void f32(float v) { u32(bits<std::uint32_t>(v)); }
  void f64(double v) { u64(bits<std::uint64_t>(v)); }
  void vocabulary(const Vocabulary& v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (const auto& w : v.words()) {
      u8(static_cast<std::uint8_t>(w.size()));
      bytes.insert(bytes.end(), w.begin(), w.end());
    }
  }
};

class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool ok() const { return ok_; }
  std::uint8_t u8() { return take(1) ? data_[at_ - 1] : 0; }
  std::uint16_t u16() { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
  std::uint32_t u32() { return u16() | (static_cast<std::uint32_t>(u16()) << 16); }
  std::uint64_t u64() { return u32() | (static_cast<std::uint64_t>(u32()) << 32); }
  float f32() { return bits<float>(u32()); }
  double f64() { return bits<double>(u64()); }
  std::optional<Vocabulary> vocabulary(std::uint32_t limit) {
    const std::uint32_t count = u32();
    if (!ok_ || count == 0 || count > limit) return std::nullopt;
    std::vector<std::string> words;
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::uint8_t length = u8();
      if (!take(length) || length == 0) return std::nullopt;
      words.emplace_back(reinterpret_cast<const char*>(data_ + at_ - length), length);
    }
    return Vocabulary(std::move(words));
  }
  bool take(std::size_t n) {
    if (!ok_ || size_ - at_ < n) return ok_ = false;
    at_ += n;
    return true;
  }
  std::size_t at() const { return at_; }
  std::size_t left() const { return size_ - at_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
  bool ok_ = true;
};

}  // namespace attn::model::weight_io
