// A row times a matrix on xsimd batches, generic over the instruction set (Arch), for one or two rows of A (a
// generated token): the matrix is read where it lies, once, row after row, where the GEMM would first copy all of it
// into panels to use it once.
//
//   times_matrix:     y = x · B [+ bias], B K × N. Four rows of B at a time multiply into y, which stays in cache;
//                     each output gets the GEMM micro-kernel's operations in its order (a multiply-add per k from
//                     zero, then the bias), so a token's numbers are the same bits as the whole sequence's.
//   times_transposed: y = x · Bᵀ [+ bias], B N × K (the tied unembedding's table, a row per token): four rows of B
//                     side by side, each a dot product with x.
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

  static void times_transposed(const float* x, ConstMatrixView b, const float* bias, float* y) {
    const std::size_t depth = b.cols;
    for (std::size_t j0 = 0; j0 < b.rows; j0 += kRowsAtOnce) {
      const std::size_t count = std::min(kRowsAtOnce, b.rows - j0);
      const float* rows[kRowsAtOnce];  // a short last group repeats its last row, its sum not written
      for (std::size_t r = 0; r < kRowsAtOnce; ++r) rows[r] = b.row(j0 + std::min(r, count - 1));
      Batch acc[kRowsAtOnce];
      for (auto& a : acc) a = Batch(0.0f);
      std::size_t k = 0;
      for (; k + kLanes <= depth; k += kLanes) {
        const Batch xb = Batch::load_unaligned(x + k);
        for (std::size_t r = 0; r < kRowsAtOnce; ++r) acc[r] = madd(xb, Batch::load_unaligned(rows[r] + k), acc[r]);
      }
      for (std::size_t r = 0; r < count; ++r) {
        float sum = xsimd::reduce_add(acc[r]);
        for (std::size_t t = k; t < depth; ++t) sum += x[t] * rows[r][t];
        y[j0 + r] = bias ? sum + bias[j0 + r] : sum;
      }
    }
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
