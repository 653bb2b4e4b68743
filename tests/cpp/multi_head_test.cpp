// Multi-head attention: fast vs reference over head counts (standard, multi-query, grouped-query), biases,
// masks and cross-attention shapes; and the identities that define MQA/GQA and the single-head case.
// Tolerance: 5e-5 absolute + 2e-4 relative (three chained products in float vs double).
#include <gtest/gtest.h>

#include "attn/matmul.h"
#include "attn/multi_head.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::near_all;

constexpr double kAbsTol = 5e-5, kRelTol = 2e-4;

struct Inputs {
  MultiHeadShape shape;
  std::vector<float> xq, xkv, wq, wk, wv, wo, bq, bk, bv, bo;

  Inputs(const MultiHeadShape& s, std::uint32_t seed, bool biases) : shape(s) {
    const std::size_t d = s.d_model, kvw = s.kv_width();
    const float w_range = 1.0f / static_cast<float>(d);  // keeps projections O(1) at every width
    xq = testing::random_values(s.sq * d, seed + 1);
    xkv = testing::random_values(s.sk * d, seed + 2);
    wq = testing::random_values(d * d, seed + 3, -w_range * 4, w_range * 4);
    wk = testing::random_values(d * kvw, seed + 4, -w_range * 4, w_range * 4);
    wv = testing::random_values(d * kvw, seed + 5);
    wo = testing::random_values(d * d, seed + 6, -w_range * 2, w_range * 2);
    if (biases) {
      bq = testing::random_values(d, seed + 7);
      bk = testing::random_values(kvw, seed + 8);
      bv = testing::random_values(kvw, seed + 9);
      bo = testing::random_values(d, seed + 10);
    }
  }

  MultiHeadWeights weights() const {
    auto optional = [](const std::vector<float>& b) { return b.empty() ? nullptr : b.data(); };
    return {wq.data(), wk.data(), wv.data(), wo.data(), optional(bq), optional(bk), optional(bv), optional(bo)};
  }
};

struct Result {
  std::vector<float> output, weights;
};

Result run(const Inputs& in, const Mask& mask, bool fast, const float* xkv = nullptr) {
  const MultiHeadShape& s = in.shape;
  Result r{std::vector<float>(s.sq * s.d_model, -7.0f), std::vector<float>(s.heads * s.sq * s.sk, -7.0f)};
  const LogitParams params{default_scale(s.head_width())};
  const float* keys_from = xkv ? xkv : in.xkv.data();
  if (fast) {
    std::vector<float> workspace(multi_head_workspace_floats_fast(s));
    multi_head_attention_fast(in.xq.data(), keys_from, in.weights(), s, mask, params, r.output.data(), r.weights.data(),
                              workspace.data());
  } else {
    std::vector<float> workspace(multi_head_workspace_floats_reference(s));
    multi_head_attention_reference(in.xq.data(), keys_from, in.weights(), s, mask, params, r.output.data(),
                                   r.weights.data(), workspace.data());
  }
  return r;
}

struct Case {
  std::size_t sq, sk, d, heads, kv_heads;
  bool biases;
};

std::ostream& operator<<(std::ostream& out, const Case& c) {
  return out << "Sq" << c.sq << "_Sk" << c.sk << "_D" << c.d << "_H" << c.heads << "_Hkv" << c.kv_heads
             << (c.biases ? "_bias" : "");
}

class MultiHeadVsReference : public ::testing::TestWithParam<Case> {};

TEST_P(MultiHeadVsReference, EveryMask) {
  const Case c = GetParam();
  const Inputs in({c.sq, c.sk, c.d, c.heads, c.kv_heads}, static_cast<std::uint32_t>(c.sq * 7 + c.d), c.biases);
  const auto allowed = testing::random_mask(c.sq, c.sk, 3);
  for (const Mask& mask : {Mask{}, Mask{MaskKind::causal}, Mask{MaskKind::explicit_, allowed.data()}}) {
    SCOPED_TRACE(::testing::Message() << "mask " << static_cast<int>(mask.kind));
    const Result expected = run(in, mask, false), actual = run(in, mask, true);
    EXPECT_TRUE(near_all(actual.weights, expected.weights, kAbsTol, kRelTol));
    EXPECT_TRUE(near_all(actual.output, expected.output, kAbsTol, kRelTol));
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, MultiHeadVsReference,
                         ::testing::Values(Case{1, 1, 1, 1, 1, false}, Case{3, 3, 4, 2, 2, true},
                                           Case{4, 5, 4, 4, 1, true}, Case{5, 7, 8, 2, 1, false},
                                           Case{7, 4, 12, 4, 2, true}, Case{8, 8, 8, 8, 8, false},
                                           Case{17, 17, 64, 8, 8, true}, Case{17, 9, 64, 8, 2, false},
                                           Case{64, 64, 64, 8, 1, true}, Case{65, 3, 65, 5, 1, true},
                                           Case{3, 65, 64, 4, 4, false}),
                         [](const auto& info) {
                           std::ostringstream name;
                           name << info.param;
                           return name.str();
                         });

// Grouped-query and multi-query attention equal standard attention whose K/V heads are copies: head h of
// the standard model gets the projection columns of group floor(h * Hkv / H).
class SharedKeyValueHeads : public ::testing::TestWithParam<std::tuple<std::size_t, bool>> {};

TEST_P(SharedKeyValueHeads, EqualStandardAttentionWithRepeatedHeads) {
  const auto [kv_heads, fast] = GetParam();
  const std::size_t heads = 8, d = 32, dh = d / heads;
  const MultiHeadShape grouped{6, 9, d, heads, kv_heads};
  const Inputs in(grouped, 77, true);
  Inputs repeated({6, 9, d, heads, heads}, 77, true);
  for (std::size_t row = 0; row < d; ++row) {
    for (std::size_t h = 0; h < heads; ++h) {
      const std::size_t g = h * kv_heads / heads;
      for (std::size_t c = 0; c < dh; ++c) {
        repeated.wk[row * d + h * dh + c] = in.wk[row * grouped.kv_width() + g * dh + c];
        repeated.wv[row * d + h * dh + c] = in.wv[row * grouped.kv_width() + g * dh + c];
      }
    }
  }
  for (std::size_t h = 0; h < heads; ++h) {
    const std::size_t g = h * kv_heads / heads;
    for (std::size_t c = 0; c < dh; ++c) {
      repeated.bk[h * dh + c] = in.bk[g * dh + c];
      repeated.bv[h * dh + c] = in.bv[g * dh + c];
    }
  }
  repeated.xq = in.xq;
  repeated.xkv = in.xkv;
  repeated.wq = in.wq;
  repeated.wo = in.wo;
  repeated.bq = in.bq;
  repeated.bo = in.bo;
  const Result a = run(in, {MaskKind::causal}, fast), b = run(repeated, {MaskKind::causal}, fast);
  EXPECT_TRUE(near_all(a.weights, b.weights, 1e-6, 1e-5));
  EXPECT_TRUE(near_all(a.output, b.output, 1e-6, 1e-5));
}

INSTANTIATE_TEST_SUITE_P(KvHeads, SharedKeyValueHeads,
                         ::testing::Combine(::testing::Values<std::size_t>(1, 2, 4), ::testing::Bool()),
                         [](const auto& info) {
                           return "Hkv" + std::to_string(std::get<0>(info.param)) +
                                  (std::get<1>(info.param) ? "_fast" : "_reference");
                         });

// With one head and Wo = I, multi-head attention is attention over the projections Q = Xq Wq, K, V.
TEST(MultiHead, OneHeadWithIdentityOutputIsPlainAttention) {
  const std::size_t sq = 5, sk = 7, d = 6;
  Inputs in({sq, sk, d, 1, 1}, 5, false);
  std::fill(in.wo.begin(), in.wo.end(), 0.0f);
  for (std::size_t i = 0; i < d; ++i) in.wo[i * d + i] = 1.0f;
  const Result mha = run(in, {}, false);

  std::vector<float> q(sq * d), k(sk * d), v(sk * d), out(sq * d), weights(sq * sk);
  matmul_reference(dense(in.xq.data(), sq, d), dense(in.wq.data(), d, d), nullptr, dense(q.data(), sq, d), nullptr);
  matmul_reference(dense(in.xkv.data(), sk, d), dense(in.wk.data(), d, d), nullptr, dense(k.data(), sk, d), nullptr);
  matmul_reference(dense(in.xkv.data(), sk, d), dense(in.wv.data(), d, d), nullptr, dense(v.data(), sk, d), nullptr);
  std::vector<float> workspace(attention_workspace_floats_reference(sq, sk, d, d));
  attention_reference(dense(q.data(), sq, d), dense(k.data(), sk, d), dense(v.data(), sk, d), {}, {default_scale(d)},
                      dense(out.data(), sq, d), dense(weights.data(), sq, sk), workspace.data());
  EXPECT_TRUE(near_all(mha.weights, weights, 1e-6, 1e-6));
  EXPECT_TRUE(near_all(mha.output, out, 1e-6, 1e-6));
}

// Self-attention passes the same array for Xq and Xkv; heads must each see their own slice.
TEST(MultiHead, HeadsSeeTheirOwnSlices) {
  // D = 4, H = 2: Wq = Wk = I, so head 0 scores with columns 0-1 and head 1 with columns 2-3.
  const std::size_t s = 2, d = 4;
  Inputs in({s, s, d, 2, 2}, 9, false);
  std::vector<float> identity(d * d, 0.0f);
  for (std::size_t i = 0; i < d; ++i) identity[i * d + i] = 1.0f;
  in.wq = in.wk = in.wv = in.wo = identity;
  in.xq = {1, 0, 0, 0,   // position 0: only head 0's slice is non-zero
           0, 0, 1, 0};  // position 1: only head 1's slice
  const Result r = run(in, {}, true, in.xq.data());
  // Head 0: query 0 scores key 0 at 1/sqrt(2), key 1 at 0.
  const float e = std::exp(1.0f / std::sqrt(2.0f));
  EXPECT_NEAR(r.weights[0], e / (e + 1), 1e-6);
  EXPECT_NEAR(r.weights[1], 1 / (e + 1), 1e-6);
  // Head 1 (weights offset Sq*Sk = 4): query 1 scores key 1 at 1/sqrt(2), key 0 at 0.
  EXPECT_NEAR(r.weights[4 + 3], e / (e + 1), 1e-6);
  EXPECT_NEAR(r.weights[4 + 2], 1 / (e + 1), 1e-6);
}

}  // namespace
}  // namespace attn
