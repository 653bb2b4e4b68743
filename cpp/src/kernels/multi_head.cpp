// Multi-head attention over a kernel set, plus its reference instantiation.
#include <algorithm>

#include "attn/matmul.h"
#include "attn/multi_head.h"
#include "multi_head_impl.h"

namespace attn {
namespace detail {
namespace {

// Workspace: Q | K | V | concatenated heads | scratch shared by the kernels (they run one at a time).
struct Layout {
  std::size_t q, k, v, heads, scratch, total;
};

Layout layout(const MultiHeadShape& s, const KernelSet& kernels) {
  const std::size_t d = s.d_model, kvw = s.kv_width(), dh = s.head_width();
  Layout l{};
  l.q = 0;
  l.k = l.q + s.sq * d;
  l.v = l.k + s.sk * kvw;
  l.heads = l.v + s.sk * kvw;
  l.scratch = l.heads + s.sq * d;
  l.total = l.scratch + std::max({kernels.matmul_workspace_floats(d, d), kernels.matmul_workspace_floats(d, kvw),
                                  kernels.attention_workspace_floats(s.sq, s.sk, dh, dh)});
  return l;
}

}  // namespace

std::size_t multi_head_workspace_floats(const MultiHeadShape& shape, const KernelSet& kernels) {
  return layout(shape, kernels).total;
}

void multi_head_attention(const float* xq, const float* xkv, const MultiHeadWeights& w, const MultiHeadShape& s,
                          const Mask& mask, const LogitParams& params, float* output, float* weights, float* workspace,
                          const KernelSet& kernels) {
  const Layout l = layout(s, kernels);
  const std::size_t d = s.d_model, kvw = s.kv_width(), dh = s.head_width();
  float* scratch = workspace + l.scratch;
  MatrixView q = dense(workspace + l.q, s.sq, d);
  MatrixView k = dense(workspace + l.k, s.sk, kvw);
  MatrixView v = dense(workspace + l.v, s.sk, kvw);
  MatrixView heads = dense(workspace + l.heads, s.sq, d);

  // Projections: Q = Xq Wq + bq, K = Xkv Wk + bk, V = Xkv Wv + bv.
  kernels.matmul(dense(xq, s.sq, d), dense(w.wq, d, d), w.bq, q, scratch);
  kernels.matmul(dense(xkv, s.sk, d), dense(w.wk, d, kvw), w.bk, k, scratch);
  kernels.matmul(dense(xkv, s.sk, d), dense(w.wv, d, kvw), w.bv, v, scratch);

  // A head is a column slice of width dh: (S, D) viewed as (S, H, dh) keeps every position's row together,
  // so each head is a strided view; nothing is reshaped straight to (H, S, dh), which would scramble positions.
  for (std::size_t h = 0; h < s.heads; ++h) {
    const std::size_t g = h * s.kv_heads / s.heads;  // the K/V head this query head shares
    const ConstMatrixView q_h{q.data + h * dh, s.sq, dh, d};
    const ConstMatrixView k_g{k.data + g * dh, s.sk, dh, kvw};
    const ConstMatrixView v_g{v.data + g * dh, s.sk, dh, kvw};
    const MatrixView out_h{heads.data + h * dh, s.sq, dh, d};
    kernels.attention(q_h, k_g, v_g, mask, params, out_h, dense(weights + h * s.sq * s.sk, s.sq, s.sk), scratch);
  }

  // The output projection mixes the concatenated heads.
  kernels.matmul(heads, dense(w.wo, d, d), w.bo, dense(output, s.sq, d), scratch);
}

}  // namespace detail

namespace {
constexpr KernelSet kReferenceKernels{&matmul_workspace_floats_reference,
                                      &attention_workspace_floats_reference,
                                      &matmul_reference,
                                      &attention_reference,
                                      &add_at_b_workspace_floats_reference,
                                      &add_at_b_reference,
                                      &add_a_bt_workspace_floats_reference,
                                      &add_a_bt_reference,
                                      &add_at_b_triangular_reference,
                                      &add_a_bt_lower_reference,
                                      &matmul_pack_reference,
                                      &matmul_prepacked_reference,
                                      &add_a_bt_pack_reference,
                                      &add_a_bt_prepacked_reference,
                                      &quantized_workspace_floats_reference,
                                      &quantized_matmul_reference,
                                      &softmax_rows_reference};
}  // namespace

const KernelSet& reference_kernels() { return kReferenceKernels; }

std::size_t multi_head_workspace_floats_reference(const MultiHeadShape& shape) {
  return detail::multi_head_workspace_floats(shape, kReferenceKernels);
}

void multi_head_attention_reference(const float* xq, const float* xkv, const MultiHeadWeights& w,
                                    const MultiHeadShape& shape, const Mask& mask, const LogitParams& params,
                                    float* output, float* weights, float* workspace) {
  detail::multi_head_attention(xq, xkv, w, shape, mask, params, output, weights, workspace, kReferenceKernels);
}

}  // namespace attn
