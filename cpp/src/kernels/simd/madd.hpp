// a·b + c for the kernels' multiply-accumulates. In the relaxed-SIMD wasm build (-mrelaxed-simd) this is
// f32x4.relaxed_madd: one instruction that the engine runs as a fused multiply-add where the CPU has one
// (rounding once) or as a multiply then an add (rounding twice), so results may differ between CPUs in the
// last bits. Everywhere else it is xsimd::fma, exactly as before: a multiply then an add on SIMD128 (LLVM
// does not contract them), a real FMA on native AVX2/FMA.
#pragma once

#include <type_traits>
#include <xsimd/xsimd.hpp>

namespace attn::simd {

template <class Arch>
inline xsimd::batch<float, Arch> madd(const xsimd::batch<float, Arch>& a, const xsimd::batch<float, Arch>& b,
                                      const xsimd::batch<float, Arch>& c) {
#if defined(__wasm_relaxed_simd__)
  if constexpr (std::is_same_v<Arch, xsimd::wasm>) return wasm_f32x4_relaxed_madd(a, b, c);
#endif
  return xsimd::fma(a, b, c);
}

}  // namespace attn::simd
