// Four floats as the compiler's vector type (GCC and Clang): SSE2's or SIMD128's register, four scalars in the
// scalar module. Its + and * are the lanes' own float operations (unfused where -ffp-contract=off), and its
// comparisons give a lane mask of -1 or 0: plain C++ with no kernel set, for the few loops outside the kernels
// that want a vector's width.
#pragma once

#include <cstdint>
#include <cstring>

namespace attn {

using Float4 = float __attribute__((vector_size(16)));
using Mask4 = std::int32_t __attribute__((vector_size(16)));  // what comparing two Float4 gives

inline Float4 load_4(const float* p) {
  Float4 v;
  std::memcpy(&v, p, sizeof v);  // unaligned
  return v;
}

inline bool any_lane(Mask4 mask) {
  std::uint64_t halves[2];
  std::memcpy(halves, &mask, sizeof halves);
  return (halves[0] | halves[1]) != 0;
}

}  // namespace attn
