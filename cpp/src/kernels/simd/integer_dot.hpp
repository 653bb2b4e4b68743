// Sums of int8 × int16 products in int32 lanes, 16 pairs a step: the int8 values widened to int16 and multiplied in
// pairs with their sums added into 32-bit lanes, one instruction for eight products (wasm's i32x4.dot_i16x8_s, x86's
// pmaddwd). xsimd has no widening multiply-add, so these few lines are written per instruction set, chosen by what
// the translation unit is compiled for, with a plain loop where none of them is.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__AVX2__) || defined(__SSE4_1__)
#include <immintrin.h>
#endif

namespace attn::simd {

struct IntegerDot {
  static constexpr std::size_t kValues = 16;  // pairs per step
#if defined(__wasm_simd128__)
  using Sum = v128_t;
  static Sum zero() { return wasm_i32x4_splat(0); }
  static Sum add(Sum sum, const std::int8_t* w, const std::int16_t* x) {
    const v128_t bytes = wasm_v128_load(w);
    sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wasm_i16x8_extend_low_i8x16(bytes), wasm_v128_load(x)));
    return wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wasm_i16x8_extend_high_i8x16(bytes), wasm_v128_load(x + 8)));
  }
  static std::int64_t total(Sum sum) {
    return std::int64_t{wasm_i32x4_extract_lane(sum, 0)} + wasm_i32x4_extract_lane(sum, 1) +
           wasm_i32x4_extract_lane(sum, 2) + wasm_i32x4_extract_lane(sum, 3);
  }
#elif defined(__AVX2__)
  using Sum = __m256i;
  static Sum zero() { return _mm256_setzero_si256(); }
  static Sum add(Sum sum, const std::int8_t* w, const std::int16_t* x) {
    const __m256i wide = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(w)));
    return _mm256_add_epi32(sum, _mm256_madd_epi16(wide, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x))));
  }
  static std::int64_t total(Sum sum) {
    alignas(32) std::int32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
    std::int64_t t = 0;
    for (std::int32_t lane : lanes) t += lane;
    return t;
  }
#elif defined(__SSE4_1__)
  using Sum = __m128i;
  static Sum zero() { return _mm_setzero_si128(); }
  static Sum add(Sum sum, const std::int8_t* w, const std::int16_t* x) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w));
    const __m128i low = _mm_cvtepi8_epi16(bytes), high = _mm_cvtepi8_epi16(_mm_srli_si128(bytes, 8));
    sum = _mm_add_epi32(sum, _mm_madd_epi16(low, _mm_loadu_si128(reinterpret_cast<const __m128i*>(x))));
    return _mm_add_epi32(sum, _mm_madd_epi16(high, _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 8))));
  }
  static std::int64_t total(Sum sum) {
    alignas(16) std::int32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), sum);
    return std::int64_t{lanes[0]} + lanes[1] + lanes[2] + lanes[3];
  }
#else
  struct Sum {
    std::int32_t lanes[2];
  };
  static Sum zero() { return {{0, 0}}; }
  static Sum add(Sum sum, const std::int8_t* w, const std::int16_t* x) {
    for (std::size_t k = 0; k < kValues; ++k) sum.lanes[k % 2] += std::int32_t{w[k]} * x[k];
    return sum;
  }
  static std::int64_t total(Sum sum) { return std::int64_t{sum.lanes[0]} + sum.lanes[1]; }
#endif
};

}  // namespace attn::simd
