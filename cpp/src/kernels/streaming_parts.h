// The streaming kernel's two phases as separate fast entry points (fast.cpp), for batched.cpp to share out
// among threads: pack one head's keys and values, then run a range of its query blocks.
#pragma once

#include <cstddef>

#include "attn/attention.h"

namespace attn {

std::size_t streaming_packed_floats_fast(std::size_t sk, std::size_t dk, std::size_t dv);
std::size_t streaming_scratch_floats_fast(std::size_t dk, std::size_t dv);
std::size_t streaming_query_blocks_fast(std::size_t sq);
void streaming_pack_fast(ConstMatrixView k, ConstMatrixView v, float* packed);
void streaming_blocks_fast(ConstMatrixView q, ConstMatrixView v, std::size_t sk, const Mask& mask,
                           const LogitParams& params, const float* packed, std::size_t first, std::size_t last,
                           MatrixView output, float* scratch);

}  // namespace attn
