// Built twice with different -m flags and ATTN_BENCH_ENTRY naming the function it defines.
#include <xsimd/xsimd.hpp>

#include "arch_kernels.h"
#include "simd/streaming.hpp"

namespace attn::bench {
namespace {
using Streaming = simd::StreamingAttention<xsimd::default_arch>;

std::size_t workspace_floats(std::size_t sk, std::size_t dk, std::size_t dv) {
  return Streaming::workspace_floats(sk, dk, dv);
}

__attribute__((noinline)) void streaming(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                         const LogitParams& params, MatrixView output, float* workspace) {
  Streaming::run(q, k, v, mask, params, output, workspace);
}
}  // namespace

ArchKernels ATTN_BENCH_ENTRY() { return {xsimd::default_arch::name(), &workspace_floats, &streaming}; }

}  // namespace attn::bench
