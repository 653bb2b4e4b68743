// Conversions between JS values and C++ containers, shared by the Embind files: copies in and out of wasm
// memory (JS never holds a view that a later memory growth could detach) and the { error } answer that
// web/lib turns into a thrown JS error.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attn/checks.h"

namespace attn::js {

using emscripten::val;

// `size` numbers, uninitialised: a buffer the call fills completely (copied in from JS, written by a kernel).
// std::vector<T>(n) would zero it first and clear it element by element on the way out, in loops the
// size-optimised glue keeps: a sixth of a small attention call went there.
template <class T>
class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(std::size_t size) : data_(size ? new T[size] : nullptr), size_(size) {}

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0;
};
using Floats = Buffer<float>;

// { error: { type, message } }: a refusal, which web/lib turns into a thrown TypeError or RangeError.
inline val error_result(const char* type, const std::string& message) {
  val detail = val::object();
  detail.set("type", type);
  detail.set("message", message);
  val result = val::object();
  result.set("error", detail);
  return result;
}
inline val error_result(const check::Error& error) {
  return error_result(error.kind == check::ErrorKind::type_error ? "TypeError" : "RangeError", error.message);
}

template <class T>
Buffer<T> copy_in(const val& array, std::size_t count) {
  Buffer<T> out(count);
  // The view is used at once, before anything else could grow (and so detach) wasm memory.
  val(emscripten::typed_memory_view(count, out.data())).call<void>("set", array);
  return out;
}

inline val copy_out(const float* data, std::size_t size) {
  static const val float32_array = val::global("Float32Array");  // looked up once, not per result
  return float32_array.new_(emscripten::typed_memory_view(size, data));
}

inline val copy_out(const std::int32_t* data, std::size_t size) {
  static const val int32_array = val::global("Int32Array");
  return int32_array.new_(emscripten::typed_memory_view(size, data));
}

inline val copy_out(const double* data, std::size_t size) {
  static const val float64_array = val::global("Float64Array");
  return float64_array.new_(emscripten::typed_memory_view(size, data));
}

template <class Vector>
val copy_out(const Vector& data) {
  return copy_out(data.data(), data.size());
}

// { bytes: Uint8Array }: a file the module wrote (a weight file), copied out.
inline val bytes_result(const std::vector<std::uint8_t>& bytes) {
  val out = val::object();
  out.set("bytes", val::global("Uint8Array").new_(emscripten::typed_memory_view(bytes.size(), bytes.data())));
  return out;
}

inline val matrix_result(const std::vector<float>& data, std::size_t rows, std::size_t cols) {
  val m = val::object();
  m.set("data", copy_out(data));
  m.set("rows", rows);
  m.set("cols", cols);
  return m;
}

inline val string_array(const std::vector<std::string>& words) {
  val out = val::array();
  for (std::size_t i = 0; i < words.size(); ++i) out.set(i, words[i]);
  return out;
}

}  // namespace attn::js
