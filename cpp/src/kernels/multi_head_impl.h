// Multi-head attention written once over a set of kernels, so the reference and the fast twin share the
// head bookkeeping (projections, slicing, K/V head sharing, concatenation) and differ only in arithmetic.
#pragma once

#include <cstddef>

#include "attn/kernel_set.h"
#include "attn/multi_head.h"

namespace attn::detail {

using attn::KernelSet;

std::size_t multi_head_workspace_floats(const MultiHeadShape& shape, const KernelSet& kernels);

void multi_head_attention(const float* xq, const float* xkv, const MultiHeadWeights& w, const MultiHeadShape& shape,
                          const Mask& mask, const LogitParams& params, float* output, float* weights, float* workspace,
                          const KernelSet& kernels);

}  // namespace attn::detail
