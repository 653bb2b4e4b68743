#include "rng.h"

#include <cmath>

namespace attn {

double Rng::normal() {
  const double u1 = (static_cast<double>(next_u64() >> 11) + 1.0) * 0x1.0p-53;  // (0, 1]
  const double u2 = static_cast<double>(next_u64() >> 11) * 0x1.0p-53;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace attn
