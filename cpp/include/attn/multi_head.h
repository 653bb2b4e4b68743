// Multi-head attention, forward pass, in the lecture notes' row-vector form:
//
//   Q = Xq Wq + bq   (Sq x D)          K = Xkv Wk + bk,  V = Xkv Wv + bv   (Sk x Hkv*D/H)
//   head h: attention(Q[:, h*dh:(h+1)*dh], K_g, V_g) with dh = D/H and g = floor(h * Hkv / H)
//   output = concat_h(head_h) Wo + bo   (Sq x D)
//
// Hkv = H is standard multi-head attention, Hkv = 1 multi-query, anything else dividing H grouped-query.
// Self-attention passes the same matrix as xq and xkv. Weights come back per head: H x Sq x Sk.
#pragma once

#include <cstddef>

#include "attn/attention.h"
#include "attn/matrix.h"

namespace attn {

struct MultiHeadShape {
  std::size_t sq = 0;        // query rows
  std::size_t sk = 0;        // key/value rows
  std::size_t d_model = 0;   // D
  std::size_t heads = 1;     // H, divides D
  std::size_t kv_heads = 1;  // Hkv, divides H

  std::size_t head_width() const { return d_model / heads; }
  std::size_t kv_width() const { return kv_heads * head_width(); }
};

struct MultiHeadWeights {
  const float* wq = nullptr;  // D x D
  const float* wk = nullptr;  // D x Hkv*dh
  const float* wv = nullptr;  // D x Hkv*dh
  const float* wo = nullptr;  // D x D
  const float* bq = nullptr;  // D, optional
  const float* bk = nullptr;  // Hkv*dh, optional
  const float* bv = nullptr;  // Hkv*dh, optional
  const float* bo = nullptr;  // D, optional
};

std::size_t multi_head_workspace_floats_reference(const MultiHeadShape& shape);
std::size_t multi_head_workspace_floats_fast(const MultiHeadShape& shape);

// xq: Sq x D, xkv: Sk x D (dense). output: Sq x D, weights: H x Sq x Sk (dense).
// params.scale is used as given: callers wanting the standard scale pass default_scale(D/H).
void multi_head_attention_reference(const float* xq, const float* xkv, const MultiHeadWeights& w,
                                    const MultiHeadShape& shape, const Mask& mask, const LogitParams& params,
                                    float* output, float* weights, float* workspace);
void multi_head_attention_fast(const float* xq, const float* xkv, const MultiHeadWeights& w,
                               const MultiHeadShape& shape, const Mask& mask, const LogitParams& params, float* output,
                               float* weights, float* workspace);

}  // namespace attn
