// A row times a matrix on xsimd batches, generic over the instruction set (Arch), for one or two rows of A (a
// generated token): the matrix is read where it lies, once, row after row, where the GEMM would first copy all of it
// into panels to use it once.
//
// y = x · B [+ bias], B K × N: four rows of B at a time multiply into y, which stays in cache; each output gets the
// GEMM micro-kernel's operations in its order (a multiply-add per k from zero, then the bias), so a token's numbers
// are the same bits as the whole sequence's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <xsimd/xsimd.hpp>

#include "attn/matrix.h"
#include "madd.hpp"

namespace attn::simd {

template <class Arch>
struct MatVec {
  using Batch = xsimd::batch<float, Arch>;
  static constexpr std::size_t kLanes = Batch::size;
  static constexpr std::size_t kRowsAtOnce = 4;

  static void times_matrix(const float* x, ConstMatrixView b, const float* bias, float* y) {
    const std::size_t n = b.cols;
    std::fill(y, y + n, 0.0f);
    std::size_t k = 0;
    for (; k + kRowsAtOnce <= b.rows; k += kRowsAtOnce) add_rows<kRowsAtOnce>(x + k, b, k, y);
    for (; k < b.rows; ++k) add_rows<1>(x + k, b, k, y);
    if (!bias) return;
    std::size_t j = 0;
    for (; j + kLanes <= n; j += kLanes)
      (Batch::load_unaligned(y + j) + Batch::load_unaligned(bias + j)).store_unaligned(y + j);
    for (; j < n; ++j) y[j] += bias[j];
  }

 private:
  // y += x[0..Rows) · rows k0.. of B, a multiply-add per row in order; the column tail through a padded batch, so
  // that it too gets the batches' arithmetic.
  template <std::size_t Rows>
  static void add_rows(const float* x, ConstMatrixView b, std::size_t k0, float* y) {
    Batch xs[Rows];
    const float* rows[Rows];
    for (std::size_t r = 0; r < Rows; ++r) xs[r] = Batch(x[r]), rows[r] = b.row(k0 + r);
    const std::size_t n = b.cols;
    std::size_t j = 0;
    for (; j + kLanes <= n; j += kLanes) {
      Batch acc = Batch::load_unaligned(y + j);
      for (std::size_t r = 0; r < Rows; ++r) acc = madd(xs[r], Batch::load_unaligned(rows[r] + j), acc);
      acc.store_unaligned(y + j);
    }
    if (j == n) return;
    alignas(64) float tail[kLanes] = {}, column[kLanes] = {};
    std::copy(y + j, y + n, tail);
    Batch acc = Batch::load_aligned(tail);
    for (std::size_t r = 0; r < Rows; ++r) {
      std::copy(rows[r] + j, rows[r] + n, column);
      acc = madd(xs[r], Batch::load_aligned(column), acc);
    }
    acc.store_aligned(tail);
    std::copy(tail, tail + (n - j), y + j);
  }
};

}  // namespace attn::simd
