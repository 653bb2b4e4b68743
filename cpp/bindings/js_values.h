// Conversions between JS values and C++ containers, shared by the Embind files: copies in and out of wasm
// memory (JS never holds a view that a later memory growth could detach) and the { error } answer that
// web/lib turns into a thrown JS error.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <string>
#include <vector>

namespace attn::js {

using emscripten::val;

inline val error_result(const char* type, const std::string& message) {
  val detail = val::object();
  detail.set("type", type);
  detail.set("message", message);
  val result = val::object();
  result.set("error", detail);
  return result;
}

template <class T>
std::vector<T> copy_in(const val& array, std::size_t count) {
  std::vector<T> out(count);
  // The view is used at once, before anything else could grow (and so detach) wasm memory.
  val(emscripten::typed_memory_view(count, out.data())).call<void>("set", array);
  return out;
}

inline val copy_out(const std::vector<float>& data) {
  return val::global("Float32Array").new_(emscripten::typed_memory_view(data.size(), data.data()));
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
