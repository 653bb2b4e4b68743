// The kernels of one instruction set, for the native benchmark: the same templates as cpp/src/kernels,
// instantiated in a translation unit compiled for that set (arch_kernels.cpp is built twice: once for
// SSE4.2, the width of wasm SIMD128, and once for this machine's best, -march=native).
#pragma once

#include <cstddef>

#include "attn/attention.h"

namespace attn::bench {

struct ArchKernels {
  const char* arch;
  std::size_t (*streaming_workspace_floats)(std::size_t sk, std::size_t dk, std::size_t dv);
  void (*streaming)(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                    const LogitParams& params, MatrixView output, float* workspace);
};

ArchKernels sse_kernels();
ArchKernels native_kernels();

}  // namespace attn::bench
