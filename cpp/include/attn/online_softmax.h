// FlashAttention's online softmax, instrumented: one query row of the streaming kernel, run block by block with
// a block size of the caller's choosing, its state kept after every block. The masking, the folding of a block
// into the running maximum and sum (with the rescale α) and the update of the output accumulator are the
// streaming kernel's own steps (simd/streaming.hpp); only the scores and P·V are plain dot products here,
// where the kernel multiplies packed panels. For teaching: it allocates, and keeps every block.
#pragma once

#include <cstddef>
#include <vector>

#include "attn/attention.h"

namespace attn {

struct OnlineSoftmaxBlock {
  std::size_t first_key = 0, keys = 0;
  std::vector<float> scores;   // the block's logits, scaled (masked keys: -inf)
  std::vector<float> weights;  // exp(score − running max after this block): unnormalised, as the kernel keeps them
  float running_max = 0;       // m after this block (-inf while every key so far is masked)
  float rescale = 0;           // α = exp(m before − m after): what the running sum and accumulator were multiplied by
  float running_sum = 0;       // l after this block
  std::vector<float> accumulator;  // O after this block: α·O + weights·V_block, not yet divided by l (dv floats)
};

struct OnlineSoftmaxTrace {
  std::vector<OnlineSoftmaxBlock> blocks;  // causal: none past the row's own key, as the kernel skips them
  std::vector<float> output;               // accumulator / running sum (zeros when every key is masked)
};

// Row `row` of q against every key, `block_keys` (≥ 1) keys per block; soft attention only (params.hard unused).
// Available where the fast kernels are (SIMD builds).
OnlineSoftmaxTrace online_softmax_trace_fast(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                             const LogitParams& params, std::size_t row, std::size_t block_keys);

}  // namespace attn
