// Attention over H heads stored one after another (q: H × Sq × dk, k: H × Sk × dk, v: H × Sk × dv, output
// H × Sq × dv), shared among a pool's threads. Without weights, the streaming kernel's two phases are split:
// every head's keys and values are packed (one item per head), then all heads' query blocks run as items,
// so two threads stay busy even with a single head. With weights, each head is an item.
#pragma once

#include <cstddef>

#include "attn/attention.h"
#include "attn/multi_head.h"
#include "attn/thread_pool.h"

namespace attn {

struct HeadsShape {
  std::size_t heads, sq, sk, dk, dv;
};

std::size_t batched_workspace_floats_fast(const HeadsShape& shape, bool weights, unsigned threads);

// `weights` (H × Sq × Sk) may be null: then the streaming kernel runs.
void batched_attention_fast(const float* q, const float* k, const float* v, const HeadsShape& shape, const Mask& mask,
                            const LogitParams& params, float* output, float* weights, float* workspace,
                            ThreadPool& pool);

// multi_head_attention_fast with its work shared among a pool's threads: each projection's B packed once and
// its rows split into blocks, then the heads. The same result as multi_head_attention_fast, bit for bit.
std::size_t batched_multi_head_workspace_floats_fast(const MultiHeadShape& shape, unsigned threads);
void batched_multi_head_attention_fast(const float* xq, const float* xkv, const MultiHeadWeights& w,
                                       const MultiHeadShape& shape, const Mask& mask, const LogitParams& params,
                                       float* output, float* weights, float* workspace, ThreadPool& pool);

}  // namespace attn
