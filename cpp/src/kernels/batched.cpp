#include "attn/batched.h"

#include "attn/attention.h"
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

}  // namespace attn
