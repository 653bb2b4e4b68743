// The 8-bit product on xsimd batches, generic over the instruction set (Arch): Y = X · Wᵀ scaled per output, W given
// as int8 rows (attn/quantized.h). Four outputs at a time: their four int8 rows are read side by side, contiguously,
// each batch of values widened to float and multiplied into the shared batch of x, so x is loaded once per four
// outputs and the weights once in all. For one row of X (a generated token) the int8 values are widened as they are
// read; for several (a prompt), the tile's four rows are widened once into the workspace and every row of X reads
// them there.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <xsimd/xsimd.hpp>

#include "attn/matrix.h"
#include "attn/quantized.h"
#include "madd.hpp"

namespace attn::simd {

// kLanes int8 values from `p` as a batch of floats: one sign-extending load and a conversion where the instruction set
// has them (xsimd's own conversion of int8 to float goes lane by lane).
template <class Arch>
inline xsimd::batch<float, Arch> widen(const std::int8_t* p) {
  using Batch = xsimd::batch<float, Arch>;
#if defined(__wasm_simd128__)
  if constexpr (std::is_same_v<Arch, xsimd::wasm>) {
    // Not f32x4.convert_i32x4: LLVM folds the extension into the conversion and then converts lane by lane. Instead
    // the integer is added to the bits of 1.5·2²³, whose last mantissa bits it becomes, and 1.5·2²³ subtracted.
    const v128_t ints = wasm_i32x4_extend_low_i16x8(wasm_i16x8_extend_low_i8x16(wasm_v128_load32_zero(p)));
    return wasm_f32x4_sub(wasm_i32x4_add(ints, wasm_i32x4_splat(0x4B400000)), wasm_f32x4_splat(12582912.0f));
  }
#endif
#if defined(__AVX512F__)
  if constexpr (Batch::size == 16)
    return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
#endif
#if defined(__AVX2__)
  if constexpr (Batch::size == 8)
    return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
#endif
#if defined(__SSE4_1__)
  if constexpr (Batch::size == 4 && !std::is_same_v<Arch, xsimd::wasm>) {
    std::int32_t four;
    std::memcpy(&four, p, sizeof four);
    return _mm_cvtepi32_ps(_mm_cvtepi8_epi32(_mm_cvtsi32_si128(four)));
  }
#endif
  return xsimd::load_as<float, Arch>(p, xsimd::unaligned_mode{});
}

template <class Arch>
struct QuantizedProduct {
  using Batch = xsimd::batch<float, Arch>;
  static constexpr std::size_t kLanes = Batch::size;
  static constexpr std::size_t kOutputsPerTile = 4;

  static std::size_t workspace_floats(std::size_t inputs) { return kOutputsPerTile * inputs; }

  static void multiply(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y, float* workspace) {
    const std::size_t n = w.inputs;
    for (std::size_t j0 = 0; j0 < w.outputs; j0 += kOutputsPerTile) {
      const std::size_t count = std::min(kOutputsPerTile, w.outputs - j0);
      // A short last tile repeats its last row: the same work, its sums not written.
      const std::int8_t* rows[kOutputsPerTile];
      for (std::size_t r = 0; r < kOutputsPerTile; ++r) rows[r] = w.values + (j0 + std::min(r, count - 1)) * n;
      if (x.rows == 1) {
        float sums[kOutputsPerTile];
        dot_values(x.row(0), rows, n, sums);
        store(sums, w, bias, j0, count, y.row(0));
        continue;
      }
      const float* widened[kOutputsPerTile];
      for (std::size_t r = 0; r < kOutputsPerTile; ++r) {
        float* row = workspace + r * n;
        std::size_t k = 0;
        for (; k + kLanes <= n; k += kLanes) widen<Arch>(rows[r] + k).store_unaligned(row + k);
        for (; k < n; ++k) row[k] = static_cast<float>(rows[r][k]);
        widened[r] = row;
      }
      for (std::size_t i = 0; i < x.rows; ++i) {
        float sums[kOutputsPerTile];
        dot_floats(x.row(i), widened, n, sums);
        store(sums, w, bias, j0, count, y.row(i));
      }
    }
  }

 private:
  static void store(const float* sums, const QuantizedMatrix& w, const float* bias, std::size_t j0, std::size_t count,
                    float* out) {
    for (std::size_t r = 0; r < count; ++r) out[j0 + r] = sums[r] * w.scales[j0 + r] + (bias ? bias[j0 + r] : 0.0f);
  }

  // sums[r] = Σ_k x[k] · rows[r][k], the int8 values widened to float batch by batch.
  static void dot_values(const float* x, const std::int8_t* const* rows, std::size_t n, float* sums) {
    Batch acc[kOutputsPerTile];
    for (auto& a : acc) a = Batch(0.0f);
    std::size_t k = 0;
    for (; k + kLanes <= n; k += kLanes) {
      const Batch xb = Batch::load_unaligned(x + k);
      for (std::size_t r = 0; r < kOutputsPerTile; ++r) acc[r] = madd(xb, widen<Arch>(rows[r] + k), acc[r]);
    }
    for (std::size_t r = 0; r < kOutputsPerTile; ++r) {
      float tail = 0.0f;
      for (std::size_t t = k; t < n; ++t) tail += x[t] * static_cast<float>(rows[r][t]);
      sums[r] = xsimd::reduce_add(acc[r]) + tail;
    }
  }

  // The same sums over rows already widened to float.
  static void dot_floats(const float* x, const float* const* rows, std::size_t n, float* sums) {
    Batch acc[kOutputsPerTile];
    for (auto& a : acc) a = Batch(0.0f);
    std::size_t k = 0;
    for (; k + kLanes <= n; k += kLanes) {
      const Batch xb = Batch::load_unaligned(x + k);
      for (std::size_t r = 0; r < kOutputsPerTile; ++r) acc[r] = madd(xb, Batch::load_unaligned(rows[r] + k), acc[r]);
    }
    for (std::size_t r = 0; r < kOutputsPerTile; ++r) {
      float tail = 0.0f;
      for (std::size_t t = k; t < n; ++t) tail += x[t] * rows[r][t];
      sums[r] = xsimd::reduce_add(acc[r]) + tail;
    }
  }
};

}  // namespace attn::simd
