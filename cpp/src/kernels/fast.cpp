// The fast twins, instantiated for the instruction set this translation unit is compiled for
// (xsimd::default_arch: wasm SIMD128 under -msimd128, SSE/AVX natively). Each entry point stays a separate,
// non-inlined function: one large exported function with everything inlined made V8 spill heavily.
#include <algorithm>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "attn/attention.h"
#include "attn/gradient_products.h"
#include "attn/matmul.h"
#include "attn/multi_head.h"
#include "attn/online_softmax.h"
#include "attn/quantized.h"
#include "matmul_parts.h"
#include "multi_head_impl.h"
#include "simd/gemm.hpp"
#include "simd/matvec.hpp"
#include "simd/quantized.hpp"
#include "simd/softmax.hpp"
#include "simd/streaming.hpp"
#include "streaming_parts.h"

#define ATTN_NOINLINE __attribute__((noinline))

namespace attn {
namespace {
using Arch = xsimd::default_arch;
using Gemm = simd::Gemm<Arch>;
using Softmax = simd::Softmax<Arch>;
using Streaming = simd::StreamingAttention<Arch>;
using MatVec = simd::MatVec<Arch>;
using Quantized = simd::QuantizedProduct;
// Up to this many rows of A, a product reads B in place (MatVec) rather than packing it: packing reads and writes all
// of B once more, worth it only when many rows then use the panels.
constexpr std::size_t kUnpackedRows = 2;
}  // namespace

std::size_t softmax_workspace_floats_fast(std::size_t) { return 0; }

ATTN_NOINLINE void softmax_rows_fast(MatrixView logits, const Mask& mask, const LogitParams& params, float*) {
  for (std::size_t i = 0; i < logits.rows; ++i) Softmax::row(logits.row(i), logits.cols, i, mask, params);
}

std::size_t matmul_workspace_floats_fast(std::size_t k, std::size_t n) { return Gemm::packed_floats(k, n); }

ATTN_NOINLINE void matmul_prepacked_fast(ConstMatrixView a, ConstMatrixView b, const float* packed, const float* bias,
                                         MatrixView c) {
  if (a.rows <= kUnpackedRows) {
    for (std::size_t i = 0; i < a.rows; ++i) MatVec::times_matrix(a.row(i), b, bias, c.row(i));
    return;
  }
  Gemm::multiply(a, packed, b.cols, bias, c);
}

ATTN_NOINLINE void matmul_pack_fast(ConstMatrixView b, float* packed) { Gemm::pack(b, packed); }

ATTN_NOINLINE void matmul_fast(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c,
                               float* workspace) {
  if (a.rows > kUnpackedRows) Gemm::pack(b, workspace);
  matmul_prepacked_fast(a, b, workspace, bias, c);
}

ATTN_NOINLINE void matmul_packed_fast(ConstMatrixView a, const float* packed, std::size_t n, const float* bias,
                                      MatrixView c) {
  Gemm::multiply(a, packed, n, bias, c);
}

std::size_t attention_logits_workspace_floats_fast(std::size_t sk, std::size_t dk) {
  return Gemm::packed_floats(dk, sk);
}

ATTN_NOINLINE void attention_logits_fast(ConstMatrixView q, ConstMatrixView k, const Mask& mask,
                                         const LogitParams& params, MatrixView logits, float* workspace) {
  Gemm::pack_transposed(k, workspace);
  Gemm::multiply(q, workspace, k.rows, nullptr, logits);
  const float factor = params.scale / params.temperature;
  for (std::size_t i = 0; i < logits.rows; ++i) {
    float* row = logits.row(i);
    for (std::size_t j = 0; j < logits.cols; ++j) {
      row[j] = mask.allows(i, j, logits.cols) ? row[j] * factor : -std::numeric_limits<float>::infinity();
    }
  }
}

std::size_t attention_workspace_floats_fast(std::size_t, std::size_t sk, std::size_t dk, std::size_t dv) {
  // One packed panel buffer, reused: first for Kᵀ (dk x Sk), then for V (Sk x dv). Scores live in `weights`.
  return std::max(Gemm::packed_floats(dk, sk), Gemm::packed_floats(sk, dv));
}

ATTN_NOINLINE void attention_fast(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                  const LogitParams& params, MatrixView output, MatrixView weights, float* workspace) {
  // step 1: scores = Q Kᵀ, written straight into the weights matrix
  Gemm::pack_transposed(k, workspace);
  Gemm::multiply(q, workspace, k.rows, nullptr, weights);
  // step 2: scale, mask and normalise each query's row
  softmax_rows_fast(weights, mask, params, nullptr);
  // step 3: output = weights V
  Gemm::pack(v, workspace);
  Gemm::multiply(weights, workspace, v.cols, nullptr, output);
}

std::size_t attention_streaming_workspace_floats_fast(std::size_t, std::size_t sk, std::size_t dk, std::size_t dv) {
  return Streaming::workspace_floats(sk, dk, dv);
}

ATTN_NOINLINE void attention_streaming_fast(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                            const LogitParams& params, MatrixView output, float* workspace) {
  Streaming::run(q, k, v, mask, params, output, workspace);
}

std::size_t streaming_packed_floats_fast(std::size_t sk, std::size_t dk, std::size_t dv) {
  return Streaming::packed_floats(sk, dk, dv);
}
std::size_t streaming_scratch_floats_fast(std::size_t dk, std::size_t dv) { return Streaming::scratch_floats(dk, dv); }
std::size_t streaming_query_blocks_fast(std::size_t sq) { return Streaming::query_blocks(sq); }

ATTN_NOINLINE void streaming_pack_fast(ConstMatrixView k, ConstMatrixView v, float* packed) {
  Streaming::pack(k, v, packed);
}

ATTN_NOINLINE void streaming_blocks_fast(ConstMatrixView q, ConstMatrixView v, std::size_t sk, const Mask& mask,
                                         const LogitParams& params, const float* packed, std::size_t first,
                                         std::size_t last, MatrixView output, float* scratch) {
  Streaming::run_blocks(q, v, sk, mask, params, packed, first, last, output, scratch);
}

std::size_t quantized_workspace_floats_fast(std::size_t rows, std::size_t inputs) {
  return Quantized::workspace_floats(rows, inputs);
}

ATTN_NOINLINE void quantized_matmul_fast(ConstMatrixView x, const QuantizedMatrix& w, const float* bias, MatrixView y,
                                         float* workspace) {
  Quantized::multiply(x, w, bias, y, workspace);
}

// C += Aᵀ·B: B packed, A read down its columns.
std::size_t add_at_b_workspace_floats_fast(std::size_t k, std::size_t, std::size_t n) {
  return Gemm::packed_floats(k, n);
}

ATTN_NOINLINE void add_at_b_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace) {
  Gemm::pack(b, workspace);
  Gemm::multiply_add_transposed(a, workspace, b.cols, c);
}

// C += A·Bᵀ: B packed transposed, as attention's logits pack the keys.
std::size_t add_a_bt_workspace_floats_fast(std::size_t k, std::size_t n) { return Gemm::packed_floats(k, n); }

ATTN_NOINLINE void add_a_bt_pack_fast(ConstMatrixView b, float* packed) { Gemm::pack_transposed(b, packed); }

ATTN_NOINLINE void add_a_bt_prepacked_fast(ConstMatrixView a, ConstMatrixView b, const float* packed, MatrixView c) {
  Gemm::multiply(a, packed, b.rows, nullptr, c, true);
}

ATTN_NOINLINE void add_a_bt_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace) {
  Gemm::pack_transposed(b, workspace);
  add_a_bt_prepacked_fast(a, b, workspace, c);
}

ATTN_NOINLINE void add_at_b_triangular_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, Zeros a_zeros,
                                            float* workspace) {
  Gemm::pack(b, workspace);
  Gemm::multiply_add_transposed(
      a, workspace, b.cols, c,
      a_zeros == Zeros::above_diagonal ? simd::Skip::terms_before_row : simd::Skip::terms_after_row);
}

ATTN_NOINLINE void add_a_bt_lower_fast(ConstMatrixView a, ConstMatrixView b, MatrixView c, float* workspace) {
  Gemm::pack_transposed(b, workspace);
  Gemm::multiply(a, workspace, b.rows, nullptr, c, true, simd::Skip::entries_above_diagonal);
}

namespace {
constexpr KernelSet kFastKernels{&matmul_workspace_floats_fast,
                                 &attention_workspace_floats_fast,
                                 &matmul_fast,
                                 &attention_fast,
                                 &add_at_b_workspace_floats_fast,
                                 &add_at_b_fast,
                                 &add_a_bt_workspace_floats_fast,
                                 &add_a_bt_fast,
                                 &add_at_b_triangular_fast,
                                 &add_a_bt_lower_fast,
                                 &matmul_pack_fast,
                                 &matmul_prepacked_fast,
                                 &add_a_bt_pack_fast,
                                 &add_a_bt_prepacked_fast,
                                 &quantized_workspace_floats_fast,
                                 &quantized_matmul_fast,
                                 &softmax_rows_fast};
}  // namespace

const KernelSet& fast_kernels() { return kFastKernels; }

std::size_t multi_head_workspace_floats_fast(const MultiHeadShape& shape) {
  return detail::multi_head_workspace_floats(shape, kFastKernels);
}

void multi_head_attention_fast(const float* xq, const float* xkv, const MultiHeadWeights& w,
                               const MultiHeadShape& shape, const Mask& mask, const LogitParams& params, float* output,
                               float* weights, float* workspace) {
  detail::multi_head_attention(xq, xkv, w, shape, mask, params, output, weights, workspace, kFastKernels);
}

}  // namespace attn

namespace attn {

OnlineSoftmaxTrace online_softmax_trace_fast(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask,
                                             const LogitParams& params, std::size_t row, std::size_t block_keys) {
  const std::size_t sk = k.rows, dk = q.cols, dv = v.cols;
  // The kernel scales the queries once (q · scale/temperature), then takes dot products with the keys.
  const float factor = params.scale / params.temperature;
  std::vector<float> scaled_q(dk);
  for (std::size_t c = 0; c < dk; ++c) scaled_q[c] = q.row(row)[c] * factor;
  OnlineSoftmaxTrace trace;
  std::vector<float> accumulator(dv, 0.0f), partial(dv);
  float running_max = -std::numeric_limits<float>::infinity(), running_sum = 0.0f;
  for (std::size_t j0 = 0; j0 < sk; j0 += block_keys) {
    if (mask.kind == MaskKind::causal && j0 > row) break;  // the whole block is in the future: skipped
    OnlineSoftmaxBlock block;
    block.first_key = j0;
    block.keys = std::min(block_keys, sk - j0);
    block.scores.resize(block.keys);
    for (std::size_t t = 0; t < block.keys; ++t) {
      float dot = 0.0f;
      for (std::size_t c = 0; c < dk; ++c) dot += scaled_q[c] * k.row(j0 + t)[c];
      block.scores[t] = dot;
    }
    Streaming::apply_mask(block.scores.data(), block.keys, row, j0, sk, mask);
    block.weights = block.scores;
    block.rescale = Streaming::fold_soft(block.weights.data(), block.keys, running_max, running_sum);
    if (running_max != -std::numeric_limits<float>::infinity()) {
      std::fill(partial.begin(), partial.end(), 0.0f);
      for (std::size_t t = 0; t < block.keys; ++t)
        for (std::size_t c = 0; c < dv; ++c) partial[c] += block.weights[t] * v.row(j0 + t)[c];
      Streaming::accumulate(accumulator.data(), partial.data(), dv, block.rescale);
    }
    block.running_max = running_max;
    block.running_sum = running_sum;
    block.accumulator = accumulator;
    trace.blocks.push_back(std::move(block));
  }
  trace.output.assign(dv, 0.0f);
  if (running_max != -std::numeric_limits<float>::infinity()) {
    const float inverse = 1.0f / running_sum;  // the kernel's pass 4
    for (std::size_t c = 0; c < dv; ++c) trace.output[c] = accumulator[c] * inverse;
  }
  return trace;
}

}  // namespace attn
