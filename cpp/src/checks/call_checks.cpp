#include "attn/call_checks.h"

#include <cmath>
#include <initializer_list>

#include "attn/attention.h"

namespace attn::check {
namespace {

Error first_of(std::initializer_list<const MatrixArg*> matrices) {
  for (const MatrixArg* m : matrices)
    if (auto error = matrix(*m)) return error;
  return {};
}

double scale_or_default(const OptionalNumber& scale, double width) {
  return scale.present ? scale.value : default_scale(static_cast<std::size_t>(width));
}

}  // namespace

Error attention_call(const AttentionCall& c, double& scale) {
  if (auto error = first_of({&c.q, &c.k, &c.v})) return error;
  if (auto error = same("k.heads (one key head per query head)", c.k.heads, "q.heads", c.q.heads)) return error;
  if (auto error = same("v.heads (one value head per query head)", c.v.heads, "q.heads", c.q.heads)) return error;
  if (auto error = same("k.cols (the key width dk)", c.k.cols, "q.cols", c.q.cols)) return error;
  if (auto error = same("v.rows (one value per key)", c.v.rows, "k.rows", c.k.rows)) return error;
  if (auto error = mask(c.mask.kind, c.mask.length, c.q.rows, c.k.rows)) return error;

  // Counted in double before any size_t arithmetic (32-bit in wasm): inputs, outputs, mask and an upper bound
  // on either build's workspace (packed panels of Kᵀ and V, each padded by at most one block). Within the
  // budget every size fits a size_t, so the default scale may convert the key width.
  const MatrixArg &q = c.q, &k = c.k, &v = c.v;
  const double weights_floats = c.weights ? q.heads * q.rows * k.rows : 0;
  const double workspace_bound = c.weights ? q.rows * k.rows + (k.rows + 64) * (q.cols + v.cols + 64)
                                           : (k.rows + 512) * (q.cols + v.cols + 64) + 16 * (512 + 2 * v.cols + 8);
  const double needed = q.length + k.length + v.length + q.heads * q.rows * v.cols + weights_floats +
                        q.rows * k.rows / 4 * (c.mask.kind == "explicit") + workspace_bound;
  if (auto error = memory_budget("attention", needed)) return error;
  scale = scale_or_default(c.scale, c.q.cols);
  return logit_params(scale, c.temperature);
}

Error multi_head_call(const MultiHeadCall& c, double& scale) {
  if (auto error = first_of({&c.xq, &c.xkv, &c.wq, &c.wk, &c.wv, &c.wo})) return error;
  const double d = c.xq.cols;
  if (auto error = same("xkv.cols (the model width D)", c.xkv.cols, "xq.cols", d)) return error;
  if (auto error = head_counts(c.heads, c.kv_heads, d)) return error;
  const double kvw = c.kv_heads * (d / c.heads);
  struct Expected {
    const MatrixArg& m;
    double cols;
    const char* cols_name;
  };
  for (const Expected& e : {Expected{c.wq, d, "D"}, Expected{c.wk, kvw, "kvHeads*D/heads"},
                            Expected{c.wv, kvw, "kvHeads*D/heads"}, Expected{c.wo, d, "D"}}) {
    const std::string name(e.m.name);
    if (auto error = same((name + ".rows").c_str(), e.m.rows, "D", d)) return error;
    if (auto error = same((name + ".cols").c_str(), e.m.cols, e.cols_name, e.cols)) return error;
  }
  struct Bias {
    const char* name;
    const OptionalVector& b;
    double expected;
    const char* what;
  };
  for (const Bias& b : {Bias{"bq", c.bq, d, "D"}, Bias{"bk", c.bk, kvw, "kvHeads*D/heads"},
                        Bias{"bv", c.bv, kvw, "kvHeads*D/heads"}, Bias{"bo", c.bo, d, "D"}}) {
    if (!b.b.present) continue;
    if (auto error = vector_length(b.name, b.b.length, b.expected, b.what)) return error;
  }
  if (auto error = mask(c.mask.kind, c.mask.length, c.xq.rows, c.xkv.rows)) return error;

  // Upper bound in double first (see attention_call): inputs, Q/K/V/concat, outputs, weights, mask, panels.
  const double sq = c.xq.rows, sk = c.xkv.rows;
  const double needed = c.xq.length + c.xkv.length + 2 * d * d + 2 * d * kvw + 2 * d + 2 * kvw +  //
                        2 * sq * d + 2 * sk * kvw + sq * d +                                      //
                        c.heads * sq * sk + sq * sk / 4 + (sk + d + 64) * (2 * d + 64);
  if (auto error = memory_budget("multiHeadAttention", needed)) return error;
  scale = scale_or_default(c.scale, d / c.heads);
  return logit_params(scale, c.temperature);
}

Error matmul_call(const MatmulCall& c) {
  if (auto error = first_of({&c.a, &c.b})) return error;
  if (auto error = same("b.rows", c.b.rows, "a.cols", c.a.cols)) return error;
  if (c.bias.present) {
    if (auto error = vector_length("bias", c.bias.length, c.b.cols, "b.cols")) return error;
  }
  const double needed = c.a.length + c.b.length + c.b.cols + c.a.rows * c.b.cols + (c.b.rows + 1) * (c.b.cols + 64);
  return memory_budget("matmul", needed);
}

Error logits_call(const LogitsCall& c, double& scale) {
  if (auto error = first_of({&c.q, &c.k})) return error;
  if (auto error = same("k.cols (the key width dk)", c.k.cols, "q.cols", c.q.cols)) return error;
  if (auto error = mask(c.mask.kind, c.mask.length, c.q.rows, c.k.rows)) return error;
  const double needed = c.q.length + c.k.length + c.q.rows * c.k.rows * 1.25 + (c.k.rows + 64) * (c.q.cols + 64);
  if (auto error = memory_budget("logits", needed)) return error;
  scale = scale_or_default(c.scale, c.q.cols);
  return logit_params(scale, c.temperature);
}

Error mask_values(const std::uint8_t* allowed, std::size_t count, std::size_t sk) {
  for (std::size_t i = 0; i < count; ++i) {
    if (allowed[i] > 1) {
      return {ErrorKind::range_error, "mask entries must be 0 or 1, got " + std::to_string(allowed[i]) + " at row " +
                                          std::to_string(i / sk) + ", column " + std::to_string(i % sk)};
    }
  }
  return {};
}

}  // namespace attn::check
