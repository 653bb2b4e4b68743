// Hugging Face's safetensors files, read piece by piece: a 548 MB GPT-2 file never sits whole in memory. The caller
// reads the first 8 bytes (header_length), then the JSON header (read_header), then one tensor's bytes at a time,
// in chunks of any whole number of elements, converted to float32 by convert(). Damaged or mismatched files are
// refused with an Error whose kind says what is wrong and whose message names the tensor and the numbers.
//
// The layout: an unsigned 64-bit little-endian header length N, N bytes of JSON mapping each tensor's name to
// { "dtype", "shape", "data_offsets": [begin, end] } (byte offsets from the first byte after the header; optionally
// one "__metadata__" object of strings), then the data. As Hugging Face's own reader requires, the tensors' byte
// ranges tile the data exactly: sorted by offset, each begins where the one before it ends, the first at 0 and the
// last at the end of the file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn::safetensors {

enum class ErrorKind {
  none,
  truncated,      // the file ends before its header or before a tensor's bytes
  header_length,  // the 8-byte header length points past the end of the file (or beyond kMaxHeaderBytes)
  header,         // the header is not JSON, or not the object the format describes (a field missing or mistyped)
  dtype,          // a dtype the format does not know, or (when reading) one this reader cannot convert
  size,           // a tensor's byte range does not hold shape's product of elements of its dtype
  offsets,        // byte ranges reversed, overlapping, out of order, leaving a gap, or bytes after the last tensor
  missing,        // a tensor the caller needs is not in the file (the GPT-2 map)
  shape,          // a tensor's shape is not the one the config implies (the GPT-2 map)
  config,         // config.json is not a GPT-2 configuration this reader can use (the GPT-2 map)
  usage,          // the caller gave a tensor's bytes out of order, past its end, or not in whole elements
};

struct Error {
  ErrorKind kind = ErrorKind::none;
  std::string message;

  explicit operator bool() const { return kind != ErrorKind::none; }
};

// The kind's name as messages and tests show it: "truncated", "header length", ...
const char* kind_name(ErrorKind kind);

// Every dtype the format defines, so a file holding, say, an I64 buffer is still read (its bytes checked and
// skipped); only F32, F16 and BF16 convert to float32.
enum class DType { f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, u16, u8, boolean, f8_e4m3, f8_e5m2 };

// The dtype named as the format names it ("F32", "BF16", ...): false for a name it does not define.
bool dtype_from_name(std::string_view name, DType& out);
const char* dtype_name(DType d);
std::size_t dtype_bytes(DType d);
bool convertible(DType d);  // F32, F16 or BF16

// Hugging Face's reader refuses headers over 100 MB; GPT-2's is about 15 kB.
inline constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

struct Tensor {
  std::string name;
  DType dtype = DType::f32;
  std::vector<std::uint64_t> shape;
  std::uint64_t begin = 0, end = 0;  // byte offsets from the start of the data (Header::data_start)

  std::uint64_t elements() const;  // the product of shape (1 for a scalar)
  std::uint64_t bytes() const { return end - begin; }
};

struct Header {
  std::uint64_t header_bytes = 0;                             // N
  std::vector<Tensor> tensors;                                // in offset order
  std::vector<std::pair<std::string, std::string>> metadata;  // "__metadata__", if any

  std::uint64_t data_start() const { return 8 + header_bytes; }
  // The tensor of that name, or nullptr.
  const Tensor* find(std::string_view name) const;
};

// The header's length N from the file's first 8 bytes (`available` of them given) and the file's size: truncated
// if fewer than 8, header_length if N runs past the end of the file or beyond kMaxHeaderBytes.
Error header_length(const std::uint8_t* first, std::size_t available, std::uint64_t file_size,
                    std::uint64_t& header_bytes);

// The N bytes after the first 8 parsed and checked against the file's size: every tensor's dtype known, shape
// whole numbers whose product times the dtype's size is its byte count, offsets tiling the data.
Error read_header(const std::uint8_t* json, std::size_t size, std::uint64_t file_size, Header& out);

// Both steps from a file held whole (tests, the fuzzer, small files).
Error read_header(const std::uint8_t* file, std::size_t file_size, Header& out);

// `count` elements of dtype d from `bytes` (count * dtype_bytes(d) of them) into out, converted to float32 exactly
// (every float16 and bfloat16 value is a float32 value: subnormals, infinities and NaN included). A dtype that is
// not convertible is refused. Never allocates.
Error convert(const Tensor& tensor, const std::uint8_t* bytes, std::size_t count, float* out);

// The float32 value of a float16 / bfloat16 bit pattern.
float from_bfloat16(std::uint16_t bits);
float from_float16(std::uint16_t bits);

}  // namespace attn::safetensors
