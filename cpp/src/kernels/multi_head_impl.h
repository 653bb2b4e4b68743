// Multi-head attention written once over a set of kernels, so the reference and the fast twin share the
// head bookkeeping (projections, slicing, K/V head sharing, concatenation) and differ only in arithmetic.
#pragma once

#include <cstddef>

#include "attn/multi_head.h"

namespace attn::detail {

struct KernelSet {
  std::size_t (*matmul_workspace_floats)(std::size_t k, std::size_t n);
  std::size_t (*attention_workspace_floats)(std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv);
  void (*matmul)(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c, float* workspace);
  void (*attention)(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                    const LogitParams& params, MatrixView output, MatrixView weights, float* workspace);
};

std::size_t multi_head_workspace_floats(const MultiHeadShape& shape, const KernelSet& kernels);

void multi_head_attention(const float* xq, const float* xkv, const MultiHeadWeights& w, const MultiHeadShape& shape,
                          const Mask& mask, const LogitParams& params, float* output, float* weights,
                          float* workspace, const KernelSet& kernels);

}  // namespace attn::detail
