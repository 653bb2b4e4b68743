// Strided row-major float32 matrix views: the only "shape" type the kernels take.
#pragma once

#include <cstddef>

namespace attn {

// A read-only view of `rows` x `cols` floats; row r starts at data + r * stride (stride >= cols).
struct ConstMatrixView {
  const float* data = nullptr;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t stride = 0;

  const float* row(std::size_t r) const { return data + r * stride; }
};

// A writable view with the same layout.
struct MatrixView {
  float* data = nullptr;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t stride = 0;

  float* row(std::size_t r) const { return data + r * stride; }
  operator ConstMatrixView() const { return {data, rows, cols, stride}; }
};

// Dense views (stride == cols), the common case at API boundaries.
inline ConstMatrixView dense(const float* data, std::size_t rows, std::size_t cols) { return {data, rows, cols, cols}; }
inline MatrixView dense(float* data, std::size_t rows, std::size_t cols) { return {data, rows, cols, cols}; }

}  // namespace attn
