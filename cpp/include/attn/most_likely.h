// The few most likely tokens of one output distribution, as a step's record shows them (a translation's `top`
// words): chosen where the distribution is, in one pass and a partial sort of the few, instead of sorting the
// whole vocabulary (or building it as objects) on the other side of the module's boundary.
#pragma once

#include <cstddef>

namespace attn::model {

// The `count` most likely of `v` tokens whose probabilities are `p`, most likely first, equal ones in id order
// (a stable sort's order); tokens with no probability (zero, or NaN) never. Writes their ids and probabilities
// into `ids` and `probabilities` (room for `count` each) and returns how many it wrote: fewer than `count` when
// fewer tokens have any probability.
std::size_t most_likely_tokens(const float* p, std::size_t v, std::size_t count, int* ids, float* probabilities);

}  // namespace attn::model
