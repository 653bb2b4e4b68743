// The finite-values check, apart from the other checks: they run once per call and are compiled for size,
// this one reads every input number, so it is compiled for speed (its chunks vectorise).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "attn/checks.h"

namespace attn::check {
namespace {

// Index of the first NaN or infinity, or count. Chunks are scanned without branches (the compiler
// vectorises the exponent test), so the common all-finite case costs a fraction of a copy.
std::size_t first_non_finite(const float* data, std::size_t count) {
  constexpr std::size_t kChunk = 1024;
  for (std::size_t start = 0; start < count; start += kChunk) {
    const std::size_t end = std::min(count, start + kChunk);
    std::uint32_t any = 0;
    for (std::size_t i = start; i < end; ++i) {
      std::uint32_t bits;
      std::memcpy(&bits, data + i, sizeof bits);
      any |= static_cast<std::uint32_t>((bits & 0x7f800000u) == 0x7f800000u);
    }
    if (any) {
      for (std::size_t i = start; i < end; ++i)
        if (!std::isfinite(data[i])) return i;
    }
  }
  return count;
}

Error range_error(const std::string& message) { return {ErrorKind::range_error, message}; }

}  // namespace

Error finite(const char* name, const float* data, std::size_t count, std::size_t cols) {
  const std::size_t i = first_non_finite(data, count);
  if (i == count) return {};
  return range_error(std::string(name) + " must hold finite numbers, got " + message_number(data[i]) + " at row " +
                     std::to_string(i / cols) + ", column " + std::to_string(i % cols));
}

Error finite(const char* name, const float* data, std::size_t count, std::size_t cols, std::size_t rows) {
  const std::size_t i = first_non_finite(data, count);
  if (i == count) return {};
  const std::size_t row = i / cols;
  return range_error(std::string(name) + " must hold finite numbers, got " + message_number(data[i]) + " at head " +
                     std::to_string(row / rows) + ", row " + std::to_string(row % rows) + ", column " +
                     std::to_string(i % cols));
}

Error overflowed(const float* data, std::size_t count, bool minus_infinity_allowed) {
  bool bad = false;
  if (minus_infinity_allowed) {
    for (std::size_t i = 0; i < count; ++i)
      bad |= std::isnan(data[i]) | (data[i] == INFINITY);  // no branch: vectorises
  } else {
    bad = first_non_finite(data, count) != count;
  }
  if (!bad) return {};
  return range_error(
      "the result overflowed float32: the inputs' products exceed 3.4e38 (values near 1e19 or "
      "above); scale the inputs down");
}

}  // namespace attn::check
