// Streaming attention on xsimd batches (the "online softmax" of FlashAttention): the output of attention()
// without materialising the Sq x Sk weights. Memory: K and V packed once (O(Sk·d)) and one block of scores.
//
//   for each block of kQueryBlock query rows:
//     m = -inf, l = 0, O = 0                                      (per row: running max, running sum, output)
//     for each block of kKeyBlock keys (skipping blocks wholly in a causal future):
//       S = (Q_blk · scale/temperature) · K_blkᵀ, masked to -inf (GEMM micro-kernel on packed Kᵀ panels)
//       m' = max(m, rowmax S);  P = exp(S - m');  α = exp(m - m')
//       l = α·l + rowsum P;     O = α·O + P · V_blk              (GEMM on this block's packed V)
//       m = m'
//     output = O / l   (rows with every key masked: l = 0, output 0)
//
// Hard attention keeps, instead, the first maximum per row and copies that value row.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <xsimd/xsimd.hpp>

#include "attn/attention.h"
#include "exp.hpp"
#include "gemm.hpp"

namespace attn::simd {

template <class Arch>
struct StreamingAttention {
  using Batch = xsimd::batch<float, Arch>;
  using Gemm = simd::Gemm<Arch>;
  static constexpr std::size_t kLanes = Batch::size;
  static constexpr std::size_t kQueryBlock = 16;
  static constexpr std::size_t kKeyBlock = 256;  // a multiple of every panel width (8, 16, 32)
  static constexpr float kMinusInfinity = -std::numeric_limits<float>::infinity();

  static std::size_t key_blocks(std::size_t sk) { return (sk + kKeyBlock - 1) / kKeyBlock; }
  static std::size_t packed_v_block_floats(std::size_t dv) { return Gemm::packed_floats(kKeyBlock, dv); }

  // The packed keys and values of one head (what every query block reads), in floats.
  static std::size_t packed_floats(std::size_t sk, std::size_t dk, std::size_t dv) {
    return Gemm::packed_floats(dk, sk) + key_blocks(sk) * packed_v_block_floats(dv);
  }
  // One worker's scratch: a block of scores, output accumulators, running statistics, scaled queries.
  static std::size_t scratch_floats(std::size_t dk, std::size_t dv) {
    return kQueryBlock * kKeyBlock + 2 * kQueryBlock * dv + 3 * kQueryBlock + kQueryBlock * dk;
  }
  static std::size_t workspace_floats(std::size_t sk, std::size_t dk, std::size_t dv) {
    return packed_floats(sk, dk, dv) + scratch_floats(dk, dv);
  }
  static std::size_t query_blocks(std::size_t sq) { return (sq + kQueryBlock - 1) / kQueryBlock; }

  // Kᵀ as GEMM panels (panel p: keys [p·NR, p·NR + NR), every feature), then V block by block.
  static void pack(ConstMatrixView k, ConstMatrixView v, float* packed) {
    const std::size_t sk = k.rows, dk = k.cols, dv = v.cols;
    Gemm::pack_transposed(k, packed);
    float* packed_v = packed + Gemm::packed_floats(dk, sk);
    for (std::size_t b = 0; b < key_blocks(sk); ++b) {
      const std::size_t j0 = b * kKeyBlock, rows = std::min(kKeyBlock, sk - j0);
      Gemm::pack({v.row(j0), rows, dv, v.stride}, packed_v + b * packed_v_block_floats(dv));
    }
  }

  // Query blocks [first, last) of one head whose keys and values `packed` holds.
  static void run_blocks(ConstMatrixView q, ConstMatrixView v, std::size_t sk, const Mask& mask,
                         const LogitParams& params, const float* packed, std::size_t first, std::size_t last,
                         MatrixView output, float* scratch) {
    for (std::size_t b = first; b < last; ++b) {
      const std::size_t i0 = b * kQueryBlock, rows = std::min(kQueryBlock, q.rows - i0);
      query_block(q, v, mask, params, i0, rows, sk, packed, output, scratch);
    }
  }

  static void run(ConstMatrixView q, ConstMatrixView k, ConstMatrixView v, const Mask& mask, const LogitParams& params,
                  MatrixView output, float* workspace) {
    pack(k, v, workspace);
    run_blocks(q, v, k.rows, mask, params, workspace, 0, query_blocks(q.rows), output,
               workspace + packed_floats(k.rows, k.cols, v.cols));
  }

  static void query_block(ConstMatrixView q, ConstMatrixView v, const Mask& mask, const LogitParams& params,
                          std::size_t i0, std::size_t rows, std::size_t sk, const float* packed, MatrixView output,
                          float* scratch) {
    const std::size_t dk = q.cols, dv = v.cols;
    const float* packed_k = packed;
    const float* packed_v = packed + Gemm::packed_floats(dk, sk);
    float* scores = scratch;
    float* out = scores + kQueryBlock * kKeyBlock;
    float* partial = out + kQueryBlock * dv;
    float* running_max = partial + kQueryBlock * dv;
    float* running_sum = running_max + kQueryBlock;
    float* rescale = running_sum + kQueryBlock;
    std::fill(out, out + rows * dv, 0.0f);
    std::fill(running_max, running_max + rows, kMinusInfinity);
    std::fill(running_sum, running_sum + rows, 0.0f);
    std::size_t hard_choice[kQueryBlock];
    // Scaling the queries once (Br·dk products) spares scaling every score (Br·Sk).
    float* scaled_q = rescale + kQueryBlock;
    const Batch factor(params.scale / params.temperature);
    for (std::size_t r = 0; r < rows; ++r) {
      const float* src = q.row(i0 + r);
      float* dst = scaled_q + r * dk;
      std::size_t c = 0;
      for (; c + kLanes <= dk; c += kLanes) (Batch::load_unaligned(src + c) * factor).store_unaligned(dst + c);
      for (; c < dk; ++c) dst[c] = src[c] * (params.scale / params.temperature);
    }
    const ConstMatrixView q_block{scaled_q, rows, dk, dk};

    for (std::size_t b = 0; b < key_blocks(sk); ++b) {
      const std::size_t j0 = b * kKeyBlock, keys = std::min(kKeyBlock, sk - j0);
      if (mask.kind == MaskKind::causal && j0 > i0 + rows - 1) break;  // the whole block is in the future
      // pass 1: this block's scores
      const MatrixView block{scores, rows, keys, kKeyBlock};
      Gemm::multiply(q_block, packed_k + (j0 / Gemm::kPanelWidth) * dk * Gemm::kPanelWidth, keys, nullptr, block);
      // pass 2: scale, mask, and fold into each row's running maximum and sum
      bool any_visible = false;
      for (std::size_t r = 0; r < rows; ++r) {
        float* x = block.row(r);
        apply_mask(x, keys, i0 + r, j0, sk, mask);
        if (params.hard) {
          fold_hard(x, keys, j0, running_max[r], hard_choice[r]);
        } else {
          rescale[r] = fold_soft(x, keys, running_max[r], running_sum[r]);
          any_visible = any_visible || running_max[r] != kMinusInfinity;
        }
      }
      if (params.hard || !any_visible) continue;
      // pass 3: O = α·O + P·V_blk
      Gemm::multiply({scores, rows, keys, kKeyBlock}, packed_v + b * packed_v_block_floats(dv), dv, nullptr,
                     dense(partial, rows, dv));
      for (std::size_t r = 0; r < rows; ++r) accumulate(out + r * dv, partial + r * dv, dv, rescale[r]);
    }

    // pass 4: normalise (hard: copy the chosen value row)
    for (std::size_t r = 0; r < rows; ++r) {
      float* dst = output.row(i0 + r);
      if (running_max[r] == kMinusInfinity) {  // every key masked: zero output, never NaN
        std::fill(dst, dst + dv, 0.0f);
      } else if (params.hard) {
        std::copy(v.row(hard_choice[r]), v.row(hard_choice[r]) + dv, dst);
      } else {
        const float inv = 1.0f / running_sum[r];
        for (std::size_t c = 0; c < dv; ++c) dst[c] = out[r * dv + c] * inv;
      }
    }
  }

  // The steps of one key block (online_softmax_trace_fast runs these very steps, a row and a block at a time).

  // Scores of query row i against keys j0.. (n of them): masked keys to -inf.
  static void apply_mask(float* x, std::size_t n, std::size_t i, std::size_t j0, std::size_t sk, const Mask& mask) {
    if (mask.kind == MaskKind::causal) {
      const std::size_t visible = i + 1 > j0 ? std::min(n, i + 1 - j0) : 0;
      std::fill(x + visible, x + n, kMinusInfinity);
    } else if (mask.kind == MaskKind::explicit_) {
      const std::uint8_t* allowed = mask.allowed + i * sk + j0;
      for (std::size_t t = 0; t < n; ++t)
        if (!allowed[t]) x[t] = kMinusInfinity;
    }
  }

  static float row_max(const float* x, std::size_t n) {
    Batch max_b(kMinusInfinity);
    std::size_t j = 0;
    for (; j + kLanes <= n; j += kLanes) max_b = xsimd::max(max_b, Batch::load_unaligned(x + j));
    float max = xsimd::reduce_max(max_b);
    for (; j < n; ++j) max = std::max(max, x[j]);
    return max;
  }

  // Replaces x by exp(x - m') and updates the row's running max and sum; returns α = exp(m - m').
  static float fold_soft(float* x, std::size_t n, float& running_max, float& running_sum) {
    const float new_max = std::max(running_max, row_max(x, n));
    if (new_max == kMinusInfinity) {  // nothing visible yet: no weight from this block
      std::fill(x, x + n, 0.0f);
      return 1.0f;
    }
    const Batch max_b(new_max);
    Batch sum_b(0.0f);
    std::size_t j = 0;
    for (; j + kLanes <= n; j += kLanes) {
      const Batch e = exp_nonpositive<Arch>(Batch::load_unaligned(x + j) - max_b);  // exp(-inf) = 0 for masked keys
      e.store_unaligned(x + j);
      sum_b += e;
    }
    float sum = xsimd::reduce_add(sum_b);
    for (; j < n; ++j) {
      x[j] = std::exp(x[j] - new_max);
      sum += x[j];
    }
    const float alpha = running_max == kMinusInfinity ? 0.0f : std::exp(running_max - new_max);
    running_sum = running_sum * alpha + sum;
    running_max = new_max;
    return alpha;
  }

  // Hard attention: the first key holding the row's maximum so far.
  static void fold_hard(const float* x, std::size_t n, std::size_t j0, float& best, std::size_t& choice) {
    for (std::size_t j = 0; j < n; ++j) {
      if (x[j] > best) {  // strict: ties keep the lowest index
        best = x[j];
        choice = j0 + j;
      }
    }
  }

  // out = α·out + partial
  static void accumulate(float* out, const float* partial, std::size_t n, float alpha) {
    const Batch alpha_b(alpha);
    std::size_t c = 0;
    for (; c + kLanes <= n; c += kLanes) {
      madd(Batch::load_unaligned(out + c), alpha_b, Batch::load_unaligned(partial + c)).store_unaligned(out + c);
    }
    for (; c < n; ++c) out[c] = out[c] * alpha + partial[c];
  }
};

}  // namespace attn::simd
