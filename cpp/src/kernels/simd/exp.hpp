// A fast exp for the softmax of both attention kernels (materialising and streaming), on xsimd batches.
#pragma once

#include <cstdint>
#include <xsimd/xsimd.hpp>

#include "madd.hpp"

namespace attn::simd {

// exp(x) for x <= 0 (scores minus their row maximum), about 2.5e-7 relative error: 2^t with t = x·log2(e)
// split into an integer part (written into the float's exponent) and a fraction in [-1/2, 1/2] whose 2^f
// is a degree-6 polynomial. Cheaper than the general xsimd::exp (no overflow handling, no ldexp): the
// exponentials are a sixth of the streaming kernel's work. exp(-inf) and anything below -87 give exactly 0.
template <class Arch>
inline xsimd::batch<float, Arch> exp_nonpositive(const xsimd::batch<float, Arch>& x) {
  using Batch = xsimd::batch<float, Arch>;
  using Int = xsimd::batch<std::int32_t, Arch>;
  const Batch t = xsimd::max(x * Batch(1.44269504088896341f), Batch(-126.0f));
  // Adding 1.5·2^23 rounds t to an integer held in the low mantissa bits: no float-to-int conversion
  // (which wasm saturates, at a cost) and no separate rounding instruction.
  const Batch magic(12582912.0f);
  const Batch shifted = t + magic;
  const Batch f = t - (shifted - magic);
  Batch p(1.5403530393381609e-4f);  // 2^f on [-1/2, 1/2]: Taylor coefficients of e^(f·ln2) up to f^6
  p = madd(p, f, Batch(1.3333558146428443e-3f));
  p = madd(p, f, Batch(9.6181291076284772e-3f));
  p = madd(p, f, Batch(5.5504108664821580e-2f));
  p = madd(p, f, Batch(2.4022650695910071e-1f));
  p = madd(p, f, Batch(6.9314718055994531e-1f));
  p = madd(p, f, Batch(1.0f));
  const Int exponent = (xsimd::bitwise_cast<std::int32_t>(shifted) - Int(0x4b400000 - 127)) << 23;
  const Batch scaled = p * xsimd::bitwise_cast<float>(exponent);
  return xsimd::select(x < Batch(-87.0f), Batch(0.0f), scaled);
}

}  // namespace attn::simd
