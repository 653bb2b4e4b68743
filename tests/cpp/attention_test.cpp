// Scaled dot-product attention: the fast kernel against the double-accumulating reference, at sizes below,
// at and above the SIMD width, for every mask; plus properties any attention must have.
//
// Tolerances: random inputs in [-1, 1]; fast (float accumulation) vs reference (double) agree to
// 2e-5 absolute + 1e-4 relative for weights and outputs. Exact-integer logits agree to 1e-6.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "attn/attention.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::kSizes;
using testing::near_all;

constexpr double kAbsTol = 2e-5, kRelTol = 1e-4;

struct Result {
  std::vector<float> output, weights;
};

using AttentionFn = void (*)(ConstMatrixView, ConstMatrixView, ConstMatrixView, const Mask&, const LogitParams&,
                             MatrixView, MatrixView, float*);
using WorkspaceFn = std::size_t (*)(std::size_t, std::size_t, std::size_t, std::size_t);

Result run(AttentionFn fn, WorkspaceFn workspace_floats, const std::vector<float>& q, const std::vector<float>& k,
           const std::vector<float>& v, std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv,
           const Mask& mask, const LogitParams& params) {
  Result r{std::vector<float>(sq * dv, -7.0f), std::vector<float>(sq * sk, -7.0f)};  // -7: catches unwritten
  std::vector<float> workspace(workspace_floats(sq, sk, dk, dv) + 1);
  fn(dense(q.data(), sq, dk), dense(k.data(), sk, dk), dense(v.data(), sk, dv), mask, params,
     dense(r.output.data(), sq, dv), dense(r.weights.data(), sq, sk), workspace.data());
  return r;
}

Result run_reference(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v,
                     std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv, const Mask& mask,
                     const LogitParams& params) {
  return run(attention_reference, attention_workspace_floats_reference, q, k, v, sq, sk, dk, dv, mask, params);
}

Result run_fast(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v, std::size_t sq,
                std::size_t sk, std::size_t dk, std::size_t dv, const Mask& mask, const LogitParams& params) {
  return run(attention_fast, attention_workspace_floats_fast, q, k, v, sq, sk, dk, dv, mask, params);
}

enum class MaskCase { none, causal, explicit_ };

struct Shape {
  std::size_t sq, sk, dk, dv;
};

class AttentionVsReference : public ::testing::TestWithParam<std::tuple<std::size_t, MaskCase, bool>> {};

TEST_P(AttentionVsReference, MatchesAtEveryShape) {
  const auto [n, mask_case, hard] = GetParam();
  // Square self-attention, cross-attention with Sq != Sk, and dk != dv, all built around n.
  const Shape shapes[] = {{n, n, n, n}, {n, n + 2, 3, 5}, {2, n, n, 1}, {n + 1, n, 8, n}};
  std::uint32_t seed = static_cast<std::uint32_t>(n * 131);
  for (const Shape& s : shapes) {
    const auto q = testing::random_values(s.sq * s.dk, ++seed);
    const auto k = testing::random_values(s.sk * s.dk, ++seed);
    const auto v = testing::random_values(s.sk * s.dv, ++seed);
    const auto allowed = testing::random_mask(s.sq, s.sk, ++seed);
    Mask mask;
    if (mask_case == MaskCase::causal) mask.kind = MaskKind::causal;
    if (mask_case == MaskCase::explicit_) mask = {MaskKind::explicit_, allowed.data()};
    // A large scale makes the soft weights peaked, so the tolerance is tested where it matters.
    const LogitParams params{default_scale(s.dk) * 3.0f, 0.7f, hard};
    const Result expected = run_reference(q, k, v, s.sq, s.sk, s.dk, s.dv, mask, params);
    const Result actual = run_fast(q, k, v, s.sq, s.sk, s.dk, s.dv, mask, params);
    SCOPED_TRACE(::testing::Message() << "Sq=" << s.sq << " Sk=" << s.sk << " dk=" << s.dk << " dv=" << s.dv);
    EXPECT_TRUE(near_all(actual.weights, expected.weights, kAbsTol, kRelTol));
    EXPECT_TRUE(near_all(actual.output, expected.output, kAbsTol, kRelTol));
  }
}

std::string mask_name(MaskCase m) {
  return m == MaskCase::none ? "none" : m == MaskCase::causal ? "causal" : "explicit";
}

INSTANTIATE_TEST_SUITE_P(Sizes, AttentionVsReference,
                         ::testing::Combine(::testing::ValuesIn(kSizes),
                                            ::testing::Values(MaskCase::none, MaskCase::causal, MaskCase::explicit_),
                                            ::testing::Bool()),
                         [](const auto& info) {
                           return "n" + std::to_string(std::get<0>(info.param)) + "_" +
                                  mask_name(std::get<1>(info.param)) + (std::get<2>(info.param) ? "_hard" : "_soft");
                         });

// Both implementations, for the property tests below.
class AttentionProperties : public ::testing::TestWithParam<bool> {
 protected:
  Result attend(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v, std::size_t sq,
                std::size_t sk, std::size_t dk, std::size_t dv, const Mask& mask, const LogitParams& params) {
    return GetParam() ? run_fast(q, k, v, sq, sk, dk, dv, mask, params)
                      : run_reference(q, k, v, sq, sk, dk, dv, mask, params);
  }
};

TEST_P(AttentionProperties, WeightRowsAreDistributions) {
  const std::size_t sq = 17, sk = 65, d = 8;
  const auto q = testing::random_values(sq * d, 1), k = testing::random_values(sk * d, 2);
  const auto v = testing::random_values(sk * d, 3);
  const Result r = attend(q, k, v, sq, sk, d, d, {}, {default_scale(d)});
  for (std::size_t i = 0; i < sq; ++i) {
    const auto row = r.weights.begin() + i * sk;
    EXPECT_NEAR(std::accumulate(row, row + sk, 0.0), 1.0, 1e-5);
    EXPECT_TRUE(std::all_of(row, row + sk, [](float w) { return w > 0.0f && w < 1.0f; }));
  }
}

// Logits of +-1e4 overflow exp() unless the row maximum is subtracted first. The entries are integers so
// every dot product is exact in float and both implementations see identical logits.
TEST_P(AttentionProperties, HugeLogitsStayFinite) {
  for (std::size_t sk : kSizes) {
    const std::size_t sq = 3, d = 1;
    std::vector<float> q = {100.0f, -100.0f, 0.5f}, k(sk), v(sk);
    for (std::size_t j = 0; j < sk; ++j) {
      k[j] = j % 2 ? 100.0f : 99.0f;  // logits +-1e4 and +-9.9e3
      v[j] = static_cast<float>(j);
    }
    const Result r = attend(q, k, v, sq, sk, d, d, {}, {1.0f});
    const Result e = run_reference(q, k, v, sq, sk, d, d, {}, {1.0f});
    SCOPED_TRACE(::testing::Message() << "Sk=" << sk);
    EXPECT_TRUE(near_all(r.weights, e.weights, 1e-6, 1e-6));
    EXPECT_TRUE(near_all(r.output, e.output, 1e-4, 1e-6));
    // Row 0 (logits 1e4 vs 9.9e3): all weight on the odd keys, shared equally.
    const std::size_t odd = sk / 2;
    for (std::size_t j = 0; j < sk; ++j) {
      EXPECT_NEAR(r.weights[j], odd == 0 ? 1.0f : (j % 2 ? 1.0f / odd : 0.0f), 1e-6) << "j=" << j;
    }
  }
}

TEST_P(AttentionProperties, FullyMaskedRowsGiveZeroWeightsAndOutput) {
  const std::size_t sq = 3, sk = 9, d = 4;
  const auto q = testing::random_values(sq * d, 4), k = testing::random_values(sk * d, 5);
  const auto v = testing::random_values(sk * d, 6);
  std::vector<std::uint8_t> allowed(sq * sk, 1);
  std::fill(allowed.begin() + sk, allowed.begin() + 2 * sk, 0);  // row 1 sees nothing
  for (bool hard : {false, true}) {
    const Result r = attend(q, k, v, sq, sk, d, d, {MaskKind::explicit_, allowed.data()}, {0.5f, 1.0f, hard});
    for (std::size_t j = 0; j < sk; ++j) EXPECT_EQ(r.weights[sk + j], 0.0f);
    for (std::size_t c = 0; c < d; ++c) EXPECT_EQ(r.output[d + c], 0.0f);
    EXPECT_NEAR(std::accumulate(r.weights.begin(), r.weights.begin() + sk, 0.0), 1.0, 1e-5);
  }
}

TEST_P(AttentionProperties, CausalZeroesTheUpperTriangle) {
  const std::size_t s = 17, d = 5;
  const auto x = testing::random_values(s * d, 7);
  const Result r = attend(x, x, x, s, s, d, d, {MaskKind::causal}, {default_scale(d)});
  for (std::size_t i = 0; i < s; ++i) {
    for (std::size_t j = i + 1; j < s; ++j) EXPECT_EQ(r.weights[i * s + j], 0.0f) << i << "," << j;
    EXPECT_GT(r.weights[i * s + i], 0.0f);
  }
  EXPECT_EQ(r.weights[0], 1.0f);  // the first query sees only itself
}

TEST_P(AttentionProperties, HardAttentionPicksTheFirstArgmax) {
  // Keys 1 and 3 tie for the top score; the lowest index wins.
  const std::vector<float> q = {1.0f, 0.0f}, k = {0.0f, 1.0f, 2.0f, 0.0f, 0.5f, 0.0f, 2.0f, 5.0f};
  const std::vector<float> v = {10.0f, 20.0f, 30.0f, 40.0f};
  const Result r = attend(q, k, v, 1, 4, 2, 1, {}, {1.0f, 1.0f, true});
  EXPECT_EQ(r.weights, (std::vector<float>{0.0f, 1.0f, 0.0f, 0.0f}));
  EXPECT_EQ(r.output[0], 20.0f);
}

TEST_P(AttentionProperties, TemperatureMovesBetweenUniformAndArgmax) {
  const std::vector<float> q = {1.0f}, k = {1.0f, 2.0f, 3.0f}, v = {0.0f, 1.0f, 2.0f};
  const Result hot = attend(q, k, v, 1, 3, 1, 1, {}, {1.0f, 1e4f});
  const Result cold = attend(q, k, v, 1, 3, 1, 1, {}, {1.0f, 0.01f});
  for (float w : hot.weights) EXPECT_NEAR(w, 1.0f / 3, 1e-3);
  EXPECT_NEAR(cold.weights[2], 1.0f, 1e-6);
  EXPECT_NEAR(cold.output[0], 2.0f, 1e-5);
}

// Row i of Q only affects row i of the result (queries are independent), and permuting the keys and values
// together permutes the weights the same way and leaves the output unchanged.
TEST_P(AttentionProperties, PermutingKeysAndValuesPermutesWeights) {
  const std::size_t sq = 4, sk = 7, d = 3;
  const auto q = testing::random_values(sq * d, 8), k = testing::random_values(sk * d, 9);
  const auto v = testing::random_values(sk * d, 10);
  std::vector<std::size_t> perm = {3, 0, 6, 1, 5, 2, 4};
  std::vector<float> kp(k.size()), vp(v.size());
  for (std::size_t j = 0; j < sk; ++j) {
    std::copy_n(k.begin() + perm[j] * d, d, kp.begin() + j * d);
    std::copy_n(v.begin() + perm[j] * d, d, vp.begin() + j * d);
  }
  const Result a = attend(q, k, v, sq, sk, d, d, {}, {0.8f});
  const Result b = attend(q, kp, vp, sq, sk, d, d, {}, {0.8f});
  EXPECT_TRUE(near_all(b.output, a.output, 1e-6, 1e-5));
  for (std::size_t i = 0; i < sq; ++i) {
    for (std::size_t j = 0; j < sk; ++j) EXPECT_NEAR(b.weights[i * sk + j], a.weights[i * sk + perm[j]], 1e-6);
  }
}

INSTANTIATE_TEST_SUITE_P(Implementations, AttentionProperties, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "fast" : "reference"; });

}  // namespace
}  // namespace attn

namespace attn {
namespace {

// The logits kernel: fast vs reference, and masked entries are -infinity.
class LogitsVsReference : public ::testing::TestWithParam<std::size_t> {};

TEST_P(LogitsVsReference, ScaledMaskedScores) {
  const std::size_t n = GetParam(), sq = n, sk = n + 1, dk = n + 2;
  const auto q = testing::random_values(sq * dk, 21), k = testing::random_values(sk * dk, 22);
  const auto allowed = testing::random_mask(sq, sk, 23);
  for (const Mask& mask : {Mask{}, Mask{MaskKind::causal}, Mask{MaskKind::explicit_, allowed.data()}}) {
    const LogitParams params{0.5f, 0.25f};
    std::vector<float> expected(sq * sk), actual(sq * sk);
    std::vector<float> workspace(attention_logits_workspace_floats_fast(sk, dk));
    attention_logits_reference(dense(q.data(), sq, dk), dense(k.data(), sk, dk), mask, params,
                               dense(expected.data(), sq, sk), nullptr);
    attention_logits_fast(dense(q.data(), sq, dk), dense(k.data(), sk, dk), mask, params, dense(actual.data(), sq, sk),
                          workspace.data());
    for (std::size_t i = 0; i < sq; ++i) {
      for (std::size_t j = 0; j < sk; ++j) {
        const float e = expected[i * sk + j], a = actual[i * sk + j];
        EXPECT_EQ(mask.allows(i, j, sk), std::isfinite(e));
        if (std::isfinite(e)) {
          EXPECT_NEAR(a, e, 2e-5 + 1e-4 * std::fabs(e));
        } else {
          EXPECT_EQ(a, e);
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, LogitsVsReference, ::testing::ValuesIn(kSizes));

}  // namespace
}  // namespace attn
