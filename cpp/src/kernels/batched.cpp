#include "attn/batched.h"

#include <algorithm>

#include "attn/attention.h"
#include "attn/matmul.h"
#include "matmul_parts.h"
#include "streaming_parts.h"

namespace attn {

std::size_t batched_workspace_floats_fast(const HeadsShape& s, bool weights, unsigned threads) {
  if (weights) return threads * attention_workspace_floats_fast(s.sq, s.sk, s.dk, s.dv);
  return s.heads * streaming_packed_floats_fast(s.sk, s.dk, s.dv) + threads * streaming_scratch_floats_fast(s.dk, s.dv);
}

void batched_attention_fast(const float* q, const float* k, const float* v, const HeadsShape& s, const Mask& mask,
                            const LogitParams& params, float* output, float* weights, float* workspace,
                            ThreadPool& pool) {
  auto q_of = [&](std::size_t h) { return dense(q + h * s.sq * s.dk, s.sq, s.dk); };
  auto k_of = [&](std::size_t h) { return dense(k + h * s.sk * s.dk, s.sk, s.dk); };
  auto v_of = [&](std::size_t h) { return dense(v + h * s.sk * s.dv, s.sk, s.dv); };
  auto out_of = [&](std::size_t h) { return dense(output + h * s.sq * s.dv, s.sq, s.dv); };

  if (weights) {
    const std::size_t per_thread = attention_workspace_floats_fast(s.sq, s.sk, s.dk, s.dv);
    pool.run(s.heads, [&](std::size_t h, unsigned thread) {
      attention_fast(q_of(h), k_of(h), v_of(h), mask, params, out_of(h), dense(weights + h * s.sq * s.sk, s.sq, s.sk),
                     workspace + thread * per_thread);
    });
    return;
  }
  // phase 1: each head's keys and values, packed once
  const std::size_t packed = streaming_packed_floats_fast(s.sk, s.dk, s.dv);
  pool.run(s.heads, [&](std::size_t h, unsigned) { streaming_pack_fast(k_of(h), v_of(h), workspace + h * packed); });
  // phase 2: every head's query blocks, a few per item so each item is worth a thread's wake-up
  float* scratch = workspace + s.heads * packed;
  const std::size_t blocks = streaming_query_blocks_fast(s.sq);
  const std::size_t per_item = blocks <= 4 ? blocks : (blocks + 3) / 4;
  const std::size_t items_per_head = (blocks + per_item - 1) / per_item;
  pool.run(s.heads * items_per_head, [&](std::size_t item, unsigned thread) {
    const std::size_t h = item / items_per_head, first = (item % items_per_head) * per_item;
    streaming_blocks_fast(q_of(h), v_of(h), s.sk, mask, params, workspace + h * packed, first,
                          std::min(blocks, first + per_item), out_of(h),
                          scratch + thread * streaming_scratch_floats_fast(s.dk, s.dv));
  });
}

namespace {

// Workspace of the threaded multi-head attention: Q | K | V | concatenated heads | one packed B | per-thread
// attention scratch.
struct MultiHeadLayout {
  std::size_t q, k, v, heads, packed, scratch, per_thread, total;
};

MultiHeadLayout multi_head_layout(const MultiHeadShape& s, unsigned threads) {
  const std::size_t d = s.d_model, kvw = s.kv_width(), dh = s.head_width();
  MultiHeadLayout l{};
  l.k = l.q + s.sq * d;
  l.v = l.k + s.sk * kvw;
  l.heads = l.v + s.sk * kvw;
  l.packed = l.heads + s.sq * d;
  l.scratch = l.packed + std::max(matmul_workspace_floats_fast(d, d), matmul_workspace_floats_fast(d, kvw));
  l.per_thread = attention_workspace_floats_fast(s.sq, s.sk, dh, dh);
  l.total = l.scratch + threads * l.per_thread;
  return l;
}

// C = A · B + bias with B packed once and A's rows shared out in blocks of whole 4-row tiles (so every row is
// computed exactly as one call would compute it).
void shared_matmul(ConstMatrixView a, ConstMatrixView b, const float* bias, MatrixView c, float* packed,
                   ThreadPool& pool) {
  matmul_pack_fast(b, packed);
  const std::size_t tiles = (a.rows + 3) / 4, blocks = std::min<std::size_t>(tiles, std::size_t{4} * pool.size());
  const std::size_t rows_per_block = (tiles + blocks - 1) / blocks * 4;
  pool.run((a.rows + rows_per_block - 1) / rows_per_block, [&](std::size_t block, unsigned) {
    const std::size_t first = block * rows_per_block, rows = std::min(rows_per_block, a.rows - first);
    matmul_packed_fast({a.data + first * a.stride, rows, a.cols, a.stride}, packed, b.cols, bias,
                       {c.data + first * c.stride, rows, c.cols, c.stride});
  });
}

}  // namespace

std::size_t batched_multi_head_workspace_floats_fast(const MultiHeadShape& shape, unsigned threads) {
  return multi_head_layout(shape, threads).total;
}

void batched_multi_head_attention_fast(const float* xq, const float* xkv, const MultiHeadWeights& w,
                                       const MultiHeadShape& s, const Mask& mask, const LogitParams& params,
                                       float* output, float* weights, float* workspace, ThreadPool& pool) {
  const MultiHeadLayout l = multi_head_layout(s, pool.size());
  const std::size_t d = s.d_model, kvw = s.kv_width(), dh = s.head_width();
  float* packed = workspace + l.packed;
  const MatrixView q = dense(workspace + l.q, s.sq, d), k = dense(workspace + l.k, s.sk, kvw),
                   v = dense(workspace + l.v, s.sk, kvw), heads = dense(workspace + l.heads, s.sq, d);
  shared_matmul(dense(xq, s.sq, d), dense(w.wq, d, d), w.bq, q, packed, pool);
  shared_matmul(dense(xkv, s.sk, d), dense(w.wk, d, kvw), w.bk, k, packed, pool);
  shared_matmul(dense(xkv, s.sk, d), dense(w.wv, d, kvw), w.bv, v, packed, pool);
  // Heads as items, as multi_head_attention slices them (see multi_head.cpp).
  pool.run(s.heads, [&](std::size_t h, unsigned thread) {
    const std::size_t g = h * s.kv_heads / s.heads;
    attention_fast({q.data + h * dh, s.sq, dh, d}, {k.data + g * dh, s.sk, dh, kvw}, {v.data + g * dh, s.sk, dh, kvw},
                   mask, params, {heads.data + h * dh, s.sq, dh, d}, dense(weights + h * s.sq * s.sk, s.sq, s.sk),
                   workspace + l.scratch + thread * l.per_thread);
  });
  shared_matmul(heads, dense(w.wo, d, d), w.bo, dense(output, s.sq, d), packed, pool);
}

}  // namespace attn
