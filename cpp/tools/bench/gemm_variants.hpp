// Micro-kernel shapes tried against the shipped GEMM (cpp/src/kernels/simd/gemm.hpp), kept so that
// `npm run bench` measures them side by side in one module and one process: this shared machine's speed
// swings more between processes than the differences sought. None ships; each is checked against the
// reference (tests/cpp/gemm_variants_test.cpp natively, and the bench before timing it in wasm).
//
// Every variant multiplies A (any stride) by B packed as the shipped Gemm packs it (panels of 2 batches),
// 4 rows x 2 batches of accumulators per tile, as the shipped kernel does; they differ in how A reaches the
// broadcasts and how the k loop is laid out, which decides what V8's code does per step of k:
//   unrolled_in_place:  k unrolled by 4 in the source, A read in place (XNNPACK's "loadsplat" 4x8 unrolled);
//   llvm_unroll_4/8:    the shipped loop with `#pragma clang loop unroll_count(4 or 8)`;
//   in_place_exit_tests: the shipped loop, k unrolled by 6 with an exit test after every step;
//   in_place_pointers:  A in place, one pointer per row incremented each k (what LSR would make; Emscripten
//                       disables LLVM's loop strength reduction);
//   packed:             A packed once per call, 4 rows interleaved per k (one pointer, constant offsets);
//   packed_splatted:    the same with every element stored 4 times (plain loads, no broadcast);
//   packed_exit_tests:  packed, k unrolled by 6 with an exit test after every step (one basic block per step,
//                       the stack check once per 6).
#pragma once

#include <algorithm>
#include <cstddef>
#include <xsimd/xsimd.hpp>

#include "attn/matrix.h"
#include "simd/gemm.hpp"
#include "simd/madd.hpp"

// The unroll pragmas shape the wasm (-O3) code being measured; builds at lower optimisation (the sanitizers' -O1)
// cannot honour them, and need not.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

namespace attn::bench {

enum class GemmVariant {
  shipped,
  unrolled_in_place,
  llvm_unroll_4,
  llvm_unroll_8,
  in_place_exit_tests,
  in_place_pointers,
  packed,
  packed_splatted,
  packed_exit_tests
};
inline constexpr GemmVariant kGemmVariants[] = {
    GemmVariant::shipped,       GemmVariant::unrolled_in_place,   GemmVariant::llvm_unroll_4,
    GemmVariant::llvm_unroll_8, GemmVariant::in_place_exit_tests, GemmVariant::in_place_pointers,
    GemmVariant::packed,        GemmVariant::packed_splatted,     GemmVariant::packed_exit_tests};

template <class Arch>
struct GemmVariants {
  using Gemm = simd::Gemm<Arch>;
  using Batch = xsimd::batch<float, Arch>;
  static constexpr std::size_t kLanes = Batch::size;
  static constexpr std::size_t kRows = Gemm::kRowsPerTile;
  static constexpr std::size_t kWidth = Gemm::kPanelWidth;

  // Floats of scratch `multiply` needs for an m x k A (the packed variants' copy of A).
  static std::size_t scratch_floats(std::size_t m, std::size_t k) {
    return ((m + kRows - 1) / kRows) * kRows * k * kLanes;
  }

  // C = A . packed(B), n real columns.
  static void multiply(GemmVariant variant, ConstMatrixView a, const float* packed, std::size_t n, MatrixView c,
                       float* scratch) {
    switch (variant) {
      case GemmVariant::shipped:
        Gemm::multiply(a, packed, n, nullptr, c);
        break;
      case GemmVariant::unrolled_in_place:
        multiply_in_place<&tile_unrolled_in_place>(a, packed, n, c);
        break;
      case GemmVariant::llvm_unroll_4:
        multiply_in_place<&tile_llvm_unroll<4>>(a, packed, n, c);
        break;
      case GemmVariant::llvm_unroll_8:
        multiply_in_place<&tile_llvm_unroll<8>>(a, packed, n, c);
        break;
      case GemmVariant::in_place_exit_tests:
        multiply_in_place<&tile_in_place_exit_tests<6>>(a, packed, n, c);
        break;
      case GemmVariant::in_place_pointers:
        multiply_in_place<&tile_in_place_pointers>(a, packed, n, c);
        break;
      case GemmVariant::packed:
        multiply_packed<false, 1>(a, packed, n, c, scratch);
        break;
      case GemmVariant::packed_splatted:
        multiply_packed<true, 1>(a, packed, n, c, scratch);
        break;
      case GemmVariant::packed_exit_tests:
        multiply_packed<false, 6>(a, packed, n, c, scratch);
        break;
    }
  }

 private:
  // Runs `tile(row0, rows, panel, acc)` on every 4-row x panel tile and stores the accumulators into C.
  template <class Tile>
  static void for_each_tile(ConstMatrixView a, const float* packed, std::size_t n, Tile&& tile, MatrixView c) {
    for (std::size_t p = 0; p < Gemm::panel_count(n); ++p) {
      const float* panel = packed + p * a.cols * kWidth;
      const std::size_t col0 = p * kWidth, width = std::min(kWidth, n - col0);
      for (std::size_t row0 = 0; row0 < a.rows; row0 += kRows) {
        const std::size_t rows = std::min(kRows, a.rows - row0);
        Batch acc[kRows][2] = {};
        tile(row0, rows, panel, acc);
        store(acc, rows, c, row0, col0, width);
      }
    }
  }

  // The variants reading A in place: `Tile(a, row0, rows, panel, acc)` per tile.
  template <auto Tile>
  static void multiply_in_place(ConstMatrixView a, const float* packed, std::size_t n, MatrixView c) {
    for_each_tile(
        a, packed, n,
        [&](std::size_t row0, std::size_t rows, const float* panel, Batch(&acc)[kRows][2]) {
          Tile(a, row0, rows, panel, acc);
        },
        c);
  }

  // Tail rows of a tile read the last real row again (their results are not stored).
  static void row_pointers(ConstMatrixView a, std::size_t row0, std::size_t rows, const float* (&a_rows)[kRows]) {
    for (std::size_t r = 0; r < kRows; ++r) a_rows[r] = a.row(row0 + std::min(r, rows - 1));
  }

  static void store(const Batch (&acc)[kRows][2], std::size_t rows, MatrixView c, std::size_t row0, std::size_t col0,
                    std::size_t width) {
    for (std::size_t r = 0; r < rows; ++r) {
      alignas(64) float spill[kWidth];
      acc[r][0].store_aligned(spill);
      acc[r][1].store_aligned(spill + kLanes);
      std::copy(spill, spill + width, c.row(row0 + r) + col0);
    }
  }

  static void madd_step(const Batch (&a_rk)[kRows], const float* b_k, Batch (&acc)[kRows][2]) {
    const Batch b0 = Batch::load_unaligned(b_k), b1 = Batch::load_unaligned(b_k + kLanes);
    for (std::size_t r = 0; r < kRows; ++r) {
      acc[r][0] = simd::madd(a_rk[r], b0, acc[r][0]);
      acc[r][1] = simd::madd(a_rk[r], b1, acc[r][1]);
    }
  }

  static void tile_unrolled_in_place(ConstMatrixView a, std::size_t row0, std::size_t rows, const float* panel,
                                     Batch (&acc)[kRows][2]) {
    const float* a_rows[kRows];
    row_pointers(a, row0, rows, a_rows);
    std::size_t kk = 0;
    for (; kk + 4 <= a.cols; kk += 4)
      for (std::size_t u = 0; u < 4; ++u) {
        Batch a_rk[kRows];
        for (std::size_t r = 0; r < kRows; ++r) a_rk[r] = Batch(a_rows[r][kk + u]);
        madd_step(a_rk, panel + (kk + u) * kWidth, acc);
      }
    for (; kk < a.cols; ++kk) {
      Batch a_rk[kRows];
      for (std::size_t r = 0; r < kRows; ++r) a_rk[r] = Batch(a_rows[r][kk]);
      madd_step(a_rk, panel + kk * kWidth, acc);
    }
  }

  template <int Unroll>
  __attribute__((noinline)) static void tile_llvm_unroll(ConstMatrixView a, std::size_t row0, std::size_t rows,
                                                         const float* panel, Batch (&acc_out)[kRows][2]) {
    Batch acc[kRows][2] = {};  // locals, so they can live in registers; copied out at the end
    const float* a_rows[kRows];
    row_pointers(a, row0, rows, a_rows);
#pragma clang loop unroll_count(Unroll)
    for (std::size_t kk = 0; kk < a.cols; ++kk) {
      Batch a_rk[kRows];
      for (std::size_t r = 0; r < kRows; ++r) a_rk[r] = Batch(a_rows[r][kk]);
      madd_step(a_rk, panel + kk * kWidth, acc);
    }
    for (std::size_t r = 0; r < kRows; ++r) acc_out[r][0] = acc[r][0], acc_out[r][1] = acc[r][1];
  }

  // The shipped loop, k unrolled `Unroll` times with an exit test after every step: the layout LLVM gives the
  // shipped loop on its own (3 copies), with V8's stack check once per `Unroll` steps instead of per 3.
  template <std::size_t Unroll>
  __attribute__((noinline)) static void tile_in_place_exit_tests(ConstMatrixView a, std::size_t row0, std::size_t rows,
                                                                 const float* panel, Batch (&acc_out)[kRows][2]) {
    Batch acc[kRows][2] = {};
    const float* a_rows[kRows];
    row_pointers(a, row0, rows, a_rows);
    std::size_t kk = 0;
#pragma clang loop unroll(disable)
    while (kk != a.cols) {
#pragma clang loop unroll(full)
      for (std::size_t u = 0; u < Unroll && kk != a.cols; ++u, ++kk) {
        Batch a_rk[kRows];
        for (std::size_t r = 0; r < kRows; ++r) a_rk[r] = Batch(a_rows[r][kk]);
        madd_step(a_rk, panel + kk * kWidth, acc);
      }
    }
    for (std::size_t r = 0; r < kRows; ++r) acc_out[r][0] = acc[r][0], acc_out[r][1] = acc[r][1];
  }

  __attribute__((noinline)) static void tile_in_place_pointers(ConstMatrixView a, std::size_t row0, std::size_t rows,
                                                               const float* b_k, Batch (&acc_out)[kRows][2]) {
    Batch acc[kRows][2] = {};
    const float* a_k[kRows];
    row_pointers(a, row0, rows, a_k);
    for (const float* const b_end = b_k + a.cols * kWidth; b_k != b_end; b_k += kWidth) {
      Batch a_rk[kRows];
      for (std::size_t r = 0; r < kRows; ++r) a_rk[r] = Batch(*a_k[r]++);
      madd_step(a_rk, b_k, acc);
    }
    for (std::size_t r = 0; r < kRows; ++r) acc_out[r][0] = acc[r][0], acc_out[r][1] = acc[r][1];
  }

  // A's rows in groups of 4, interleaved per k (each element `Copies` times), zero rows past the end.
  template <std::size_t Copies>
  static void pack_a(ConstMatrixView a, float* dst) {
    for (std::size_t row0 = 0; row0 < a.rows; row0 += kRows, dst += a.cols * kRows * Copies)
      for (std::size_t r = 0; r < kRows; ++r)
        for (std::size_t kk = 0; kk < a.cols; ++kk) {
          const float x = row0 + r < a.rows ? a.row(row0 + r)[kk] : 0.0f;
          std::fill_n(dst + (kk * kRows + r) * Copies, Copies, x);
        }
  }

  template <bool Splatted, std::size_t Unroll>
  static void multiply_packed(ConstMatrixView a, const float* packed, std::size_t n, MatrixView c, float* scratch) {
    constexpr std::size_t copies = Splatted ? kLanes : 1, step = kRows * copies;
    pack_a<copies>(a, scratch);
    for_each_tile(
        a, packed, n,
        [&](std::size_t row0, std::size_t, const float* panel, Batch(&acc)[kRows][2]) {
          tile_packed<Splatted, Unroll>(scratch + (row0 / kRows) * a.cols * step, a.cols, panel, acc);
        },
        c);
  }

  template <bool Splatted, std::size_t Unroll>
  __attribute__((noinline)) static void tile_packed(const float* a_k, std::size_t depth, const float* b_k,
                                                    Batch (&acc_out)[kRows][2]) {
    Batch acc[kRows][2] = {};  // zeros; locals, so they can live in registers; copied out at the end
    constexpr std::size_t step = kRows * (Splatted ? kLanes : 1);
    const float* const a_end = a_k + depth * step;
    auto one_k = [&] {
      Batch a_rk[kRows];
      for (std::size_t r = 0; r < kRows; ++r)
        a_rk[r] = Splatted ? Batch::load_unaligned(a_k + r * kLanes) : Batch(a_k[r]);
      madd_step(a_rk, b_k, acc);
      a_k += step;
      b_k += kWidth;
    };
    if constexpr (Unroll == 1) {
      while (a_k != a_end) one_k();
    } else {
#pragma clang loop unroll(disable)
      while (a_k != a_end) {
#pragma clang loop unroll(full)
        for (std::size_t u = 0; u < Unroll && a_k != a_end; ++u) one_k();  // an exit test after every step
      }
    }
    for (std::size_t r = 0; r < kRows; ++r) acc_out[r][0] = acc[r][0], acc_out[r][1] = acc[r][1];
  }
};

}  // namespace attn::bench

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
