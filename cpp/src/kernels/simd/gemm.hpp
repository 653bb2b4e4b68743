// Register-blocked matrix product on xsimd batches, generic over the instruction set (Arch).
//
// C (M x N) = A (M x K) . B (K x N) [+ bias], or C += A . B (accumulate: the product's sums are added to C). B is first
// packed into column panels of width NR = 2 batches, each K rows deep and zero-padded past N, so the micro-kernel
// always runs full width and column tails are handled once, at the store. A is read in place (any stride): each step
// broadcasts one A element per row and multiplies it into two B batches, so MR x 2 accumulators stay in registers. A
// may also be given transposed (K x M), for the weight gradients' Xᵀ · dY.
//
// A triangular sweep (Skip) leaves out what a causal mask makes zero in attention's backward: C's entries above the
// diagonal, or the terms of each row's sum that multiply A's zeros. Tiles are 4 rows: a tile reads the terms any of
// its rows needs (its other rows multiply zeros there, as the full product does) and stores only its rows' own
// entries, so every entry it computes has the bits of the full sweep's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <xsimd/xsimd.hpp>

#include "attn/matrix.h"
#include "madd.hpp"

namespace attn::simd {

// Which part of a product a sweep leaves out, for row i of C, column j, depth (term) k.
enum class Skip {
  none,
  entries_above_diagonal,  // C's entries j > i: neither computed nor stored
  terms_before_row,        // terms k < i: the left operand is zero there
  terms_after_row,         // terms k > i: the left operand is zero there
};

template <class Arch>
struct Gemm {
  using Batch = xsimd::batch<float, Arch>;
  static constexpr std::size_t kLanes = Batch::size;
  static constexpr std::size_t kPanelWidth = 2 * kLanes;  // NR
  static constexpr std::size_t kRowsPerTile = 4;          // MR: 8 accumulators + 2 B batches + 1 broadcast
  static constexpr std::size_t kRowBlock = 64;            // rows of A swept per panel while the panel is hot

  static std::size_t panel_count(std::size_t n) { return (n + kPanelWidth - 1) / kPanelWidth; }
  static std::size_t packed_floats(std::size_t k, std::size_t n) { return k * panel_count(n) * kPanelWidth; }

  // Packs B (K x N, any stride) into panels: packed[p][kk][c] = B(kk, p*NR + c), zero past N.
  static void pack(ConstMatrixView b, float* packed) {
    for (std::size_t p = 0; p < panel_count(b.cols); ++p) {
      const std::size_t col0 = p * kPanelWidth, width = std::min(kPanelWidth, b.cols - col0);
      float* panel = packed + p * b.rows * kPanelWidth;
      for (std::size_t kk = 0; kk < b.rows; ++kk) {
        float* dst = panel + kk * kPanelWidth;
        const float* src = b.row(kk) + col0;
        std::size_t c = 0;
        for (; c < width; ++c) dst[c] = src[c];
        for (; c < kPanelWidth; ++c) dst[c] = 0.0f;
      }
    }
  }

  // Packs B = Tᵀ for T given as N x K (e.g. keys, Sk x dk): packed[p][kk][c] = T(p*NR + c, kk).
  static void pack_transposed(ConstMatrixView t, float* packed) {
    const std::size_t n = t.rows, k = t.cols;
    for (std::size_t p = 0; p < panel_count(n); ++p) {
      const std::size_t row0 = p * kPanelWidth, width = std::min(kPanelWidth, n - row0);
      float* panel = packed + p * k * kPanelWidth;
      for (std::size_t c = 0; c < kPanelWidth; ++c) {
        if (c < width) {
          const float* src = t.row(row0 + c);
          for (std::size_t kk = 0; kk < k; ++kk) panel[kk * kPanelWidth + c] = src[kk];
        } else {
          for (std::size_t kk = 0; kk < k; ++kk) panel[kk * kPanelWidth + c] = 0.0f;
        }
      }
    }
  }

  // C = A . packed(B) [+ bias], or C += A . packed(B); `depth` is K, `n` is the number of real columns of B.
  static void multiply(ConstMatrixView a, const float* packed, std::size_t n, const float* bias, MatrixView c,
                       bool accumulate = false, Skip skip = Skip::none) {
    if (skip == Skip::none)
      sweep<true, false>({a.data, a.stride, 1}, a.rows, a.cols, packed, n, bias, c, accumulate, skip);
    else
      sweep<false, true>({a.data, a.stride, 1}, a.rows, a.cols, packed, n, bias, c, accumulate, skip);
  }
  // C += Aᵀ . packed(B) for A given as K x M: a tile's A elements for one k are then M-adjacent floats of one row.
  static void multiply_add_transposed(ConstMatrixView a, const float* packed, std::size_t n, MatrixView c,
                                      Skip skip = Skip::none) {
    if (skip == Skip::none)
      sweep<false, false>({a.data, 1, a.stride}, a.cols, a.rows, packed, n, nullptr, c, true, skip);
    else
      sweep<false, true>({a.data, 1, a.stride}, a.cols, a.rows, packed, n, nullptr, c, true, skip);
  }

 private:
  // The left operand, element (i, k) at data[i * row_step + k * column_step]: A itself, or Aᵀ read in place. A's
  // tiles (InPlace) know that its column step is 1, so the unrolled loop reads each row at constant offsets from one
  // pointer; one set of tiles for both, the step known only at run time, cost every read its own address arithmetic
  // and the products 2-6% (wasm SIMD128 on an AMD EPYC: matmul 512² 1.06×, attention H=8 S=512 1.02×, multi-head
  // 1.03× faster with two sets; scripts/bench/baseline.mjs). Choosing the set per tile inside one sweep instead ran at
  // half the speed.
  struct Left {
    const float* data;
    std::size_t row_step, column_step;
  };

  // Where a tile of C (its rows [row0, row0 + rows), one panel) works: its terms [first, last), and whether each
  // row stores only the entries up to its diagonal.
  struct Span {
    std::size_t first, last;
    bool lower;
  };

  // A full product's sweep (Triangular false) has its own instances, in which every span is the whole depth at compile
  // time: one sweep for both, its loop bounds and stores known only at run time, ran the SIMD128 build's products at
  // 0.73-0.82× of c750596 (Emscripten 3.1.6's LLVM; the relaxed build's LLVM 19 was not slowed). The triangular
  // products (only the language model's attention backward) share one instance, A read through the run-time step,
  // with 4-row tiles and single rows: two tile bodies more, not eight (the Generate view's first paint is at its
  // budget).
  template <bool InPlace, bool Triangular>
  static void sweep(Left a, std::size_t rows, std::size_t depth, const float* packed, std::size_t n, const float* bias,
                    MatrixView c, bool accumulate, Skip requested) {
    const Skip skip = Triangular ? requested : Skip::none;
    for (std::size_t i0 = 0; i0 < rows; i0 += kRowBlock) {
      const std::size_t i1 = std::min(rows, i0 + kRowBlock);
      for (std::size_t p = 0; p < panel_count(n); ++p) {
        const float* panel = packed + p * depth * kPanelWidth;
        const std::size_t col0 = p * kPanelWidth, width = std::min(kPanelWidth, n - col0);
        const float* panel_bias = bias ? bias + col0 : nullptr;
        std::size_t i = i0;
        // Above the diagonal: from the tile holding row col0 (the tiles before it have no entry on or below it here).
        if (skip == Skip::entries_above_diagonal && col0 > i0)
          i = std::min(i1, i0 + (col0 - i0) / kRowsPerTile * kRowsPerTile);
        for (; i + kRowsPerTile <= i1; i += kRowsPerTile)
          tile<kRowsPerTile, InPlace>(a, i, span(skip, i, kRowsPerTile, depth), panel, col0, width, panel_bias, c,
                                      accumulate);
        if constexpr (Triangular) {  // the row tail a row at a time: two tile sizes, not four, for the bytes
          for (; i < i1; ++i)
            tile<1, InPlace>(a, i, span(skip, i, 1, depth), panel, col0, width, panel_bias, c, accumulate);
        } else {
          switch (i1 - i) {  // the row tail, once
            case 3:
              tile<3, InPlace>(a, i, span(skip, i, 3, depth), panel, col0, width, panel_bias, c, accumulate);
              break;
            case 2:
              tile<2, InPlace>(a, i, span(skip, i, 2, depth), panel, col0, width, panel_bias, c, accumulate);
              break;
            case 1:
              tile<1, InPlace>(a, i, span(skip, i, 1, depth), panel, col0, width, panel_bias, c, accumulate);
              break;
            default:
              break;
          }
        }
      }
    }
  }

  __attribute__((always_inline)) static Span span(Skip skip, std::size_t row0, std::size_t rows, std::size_t depth) {
    switch (skip) {
      case Skip::terms_before_row:
        return {std::min(row0, depth), depth, false};
      case Skip::terms_after_row:
        return {0, std::min(row0 + rows, depth), false};
      case Skip::entries_above_diagonal:
        return {0, depth, true};
      case Skip::none:
        break;
    }
    return {0, depth, false};
  }

  // Inlined into its sweep, as c750596's tiles were: with two sets LLVM called the 4-row tile instead, which cost the
  // logits (K = 64: a short loop per call) 18% (1.22× faster inlined).
  template <std::size_t Rows, bool InPlace>
  __attribute__((always_inline)) static void tile(Left a, std::size_t row0, Span span, const float* panel,
                                                  std::size_t col0, std::size_t width, const float* bias, MatrixView c,
                                                  bool accumulate) {
    Batch acc[Rows][2];
    for (std::size_t r = 0; r < Rows; ++r) acc[r][0] = acc[r][1] = Batch(0.0f);
    const float* a_rows[Rows];
    for (std::size_t r = 0; r < Rows; ++r) a_rows[r] = a.data + (row0 + r) * a.row_step;
    const std::size_t column_step = InPlace ? 1 : a.column_step;

    for (std::size_t kk = span.first; kk < span.last; ++kk) {
      const Batch b0 = Batch::load_unaligned(panel + kk * kPanelWidth);
      const Batch b1 = Batch::load_unaligned(panel + kk * kPanelWidth + kLanes);
      for (std::size_t r = 0; r < Rows; ++r) {
        const Batch a_rk(a_rows[r][kk * column_step]);
        acc[r][0] = madd(a_rk, b0, acc[r][0]);
        acc[r][1] = madd(a_rk, b1, acc[r][1]);
      }
    }

    if (bias && width == kPanelWidth) {
      const Batch bias0 = Batch::load_unaligned(bias), bias1 = Batch::load_unaligned(bias + kLanes);
      for (std::size_t r = 0; r < Rows; ++r) {
        acc[r][0] += bias0;
        acc[r][1] += bias1;
      }
    }
    for (std::size_t r = 0; r < Rows; ++r) {
      float* out = c.row(row0 + r) + col0;
      // Lower: the row's entries up to its diagonal only (none when the panel starts past it).
      const std::size_t row_width = span.lower ? std::min(width, row0 + r + 1 - std::min(row0 + r + 1, col0)) : width;
      if (row_width == kPanelWidth) {
        if (accumulate) {
          acc[r][0] += Batch::load_unaligned(out);
          acc[r][1] += Batch::load_unaligned(out + kLanes);
        }
        acc[r][0].store_unaligned(out);
        acc[r][1].store_unaligned(out + kLanes);
      } else {  // the column tail, once: spill the tile row and copy the real columns
        alignas(64) float spill[kPanelWidth];
        acc[r][0].store_aligned(spill);
        acc[r][1].store_aligned(spill + kLanes);
        for (std::size_t j = 0; j < row_width; ++j)
          out[j] = accumulate ? out[j] + spill[j] : spill[j] + (bias && width < kPanelWidth ? bias[j] : 0.0f);
      }
    }
  }
};

}  // namespace attn::simd
