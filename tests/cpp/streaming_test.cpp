// Streaming attention (no weights, online softmax over key blocks) against the materialising reference, at
// sizes below, at and above the fast kernel's blocks (16 query rows, 256 keys) and the SIMD widths, for every
// mask, soft and hard; plus its memory bound and the cases softmax implementations break on.
//
// Tolerances: as attention_test (2e-5 absolute + 1e-4 relative); exact-integer logits of ±1e4: 1e-5.
#include <gtest/gtest.h>

#include "attn/attention.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::near_all;

constexpr double kAbsTol = 2e-5, kRelTol = 1e-4;

enum class MaskCase { none, causal, explicit_ };

struct Case {
  std::size_t sq, sk, dk, dv;
};

std::vector<float> materialised(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v,
                                const Case& s, const Mask& mask, const LogitParams& params) {
  std::vector<float> out(s.sq * s.dv), weights(s.sq * s.sk),
      ws(attention_workspace_floats_reference(s.sq, s.sk, s.dk, s.dv));
  attention_reference(dense(q.data(), s.sq, s.dk), dense(k.data(), s.sk, s.dk), dense(v.data(), s.sk, s.dv), mask,
                      params, dense(out.data(), s.sq, s.dv), dense(weights.data(), s.sq, s.sk), ws.data());
  return out;
}

using StreamingFn = void (*)(ConstMatrixView, ConstMatrixView, ConstMatrixView, const Mask&, const LogitParams&,
                             MatrixView, float*);
using WorkspaceFn = std::size_t (*)(std::size_t, std::size_t, std::size_t, std::size_t);

std::vector<float> streamed(StreamingFn fn, WorkspaceFn workspace, const std::vector<float>& q,
                            const std::vector<float>& k, const std::vector<float>& v, const Case& s, const Mask& mask,
                            const LogitParams& params) {
  std::vector<float> out(s.sq * s.dv, -7.0f);  // -7: catches unwritten rows
  std::vector<float> ws(workspace(s.sq, s.sk, s.dk, s.dv), std::numeric_limits<float>::quiet_NaN());
  fn(dense(q.data(), s.sq, s.dk), dense(k.data(), s.sk, s.dk), dense(v.data(), s.sk, s.dv), mask, params,
     dense(out.data(), s.sq, s.dv), ws.data());
  return out;
}

class StreamingVsReference : public ::testing::TestWithParam<std::tuple<MaskCase, bool>> {};

TEST_P(StreamingVsReference, MatchesAroundEveryBlockEdge) {
  const auto [mask_case, hard] = GetParam();
  const Case cases[] = {{1, 1, 1, 1},      {3, 5, 4, 3},    {16, 16, 8, 8},   {17, 255, 5, 7}, {15, 256, 16, 17},
                        {33, 257, 64, 64}, {5, 600, 3, 65}, {40, 513, 17, 4}, {300, 20, 8, 8}, {64, 1024, 64, 64}};
  std::uint32_t seed = 900 + static_cast<std::uint32_t>(mask_case) * 10 + hard;
  for (const Case& s : cases) {
    const auto q = testing::random_values(s.sq * s.dk, ++seed);
    const auto k = testing::random_values(s.sk * s.dk, ++seed);
    const auto v = testing::random_values(s.sk * s.dv, ++seed);
    const auto allowed = testing::random_mask(s.sq, s.sk, ++seed);  // row 1 fully masked
    Mask mask;
    if (mask_case == MaskCase::causal) mask.kind = MaskKind::causal;
    if (mask_case == MaskCase::explicit_) mask = {MaskKind::explicit_, allowed.data()};
    const LogitParams params{default_scale(s.dk) * 3.0f, 0.7f, hard};
    SCOPED_TRACE(::testing::Message() << "Sq=" << s.sq << " Sk=" << s.sk << " dk=" << s.dk << " dv=" << s.dv);
    const auto expected = materialised(q, k, v, s, mask, params);
    EXPECT_TRUE(near_all(streamed(attention_streaming_reference, attention_streaming_workspace_floats_reference, q, k,
                                  v, s, mask, params),
                         expected, 0, 0));  // the same loops: identical
    EXPECT_TRUE(near_all(
        streamed(attention_streaming_fast, attention_streaming_workspace_floats_fast, q, k, v, s, mask, params),
        expected, kAbsTol, kRelTol));
  }
}

INSTANTIATE_TEST_SUITE_P(Masks, StreamingVsReference,
                         ::testing::Combine(::testing::Values(MaskCase::none, MaskCase::causal, MaskCase::explicit_),
                                            ::testing::Bool()));

// Logits of ±1e4 in one row, spread over several key blocks: exp() overflows unless each block subtracts the
// running maximum and earlier blocks are rescaled when it grows.
TEST(Streaming, HugeLogitsAcrossBlocksStayFinite) {
  const Case s{4, 700, 2, 3};
  std::vector<float> q = {1, 0, 0, 1, 1, 1, -1, 0}, k(s.sk * 2), v(s.sk * 3);
  for (std::size_t j = 0; j < s.sk; ++j) {
    k[j * 2] = static_cast<float>(static_cast<int>(j % 7) * 1000 - 3000);  // exact integers up to ±1e4 below
    k[j * 2 + 1] = static_cast<float>(static_cast<int>(j % 5) * 2500 - 5000);
    for (std::size_t c = 0; c < 3; ++c) v[j * 3 + c] = static_cast<float>((j + c) % 11);
  }
  const LogitParams params{1.0f, 1.0f, false};
  const auto expected = materialised(q, k, v, s, Mask{}, params);
  const auto actual =
      streamed(attention_streaming_fast, attention_streaming_workspace_floats_fast, q, k, v, s, Mask{}, params);
  EXPECT_TRUE(near_all(actual, expected, 1e-5, 1e-5));
}

// Memory independent of Sq·Sk: for S = 16384, d = 64 the workspace is a few S·d, not S² (268 M floats).
TEST(Streaming, WorkspaceGrowsWithSequenceNotItsSquare) {
  const std::size_t s = 16384, d = 64;
  EXPECT_LE(attention_streaming_workspace_floats_fast(s, s, d, d), 3 * s * d);
  EXPECT_LE(attention_streaming_workspace_floats_reference(s, s, d, d), 3 * s);
}

// The long case runs and agrees with the reference on sampled rows (the full reference takes too long).
TEST(Streaming, LongCausalSequence) {
  const Case s{4096, 4096, 64, 64};
  const auto q = testing::random_values(s.sq * s.dk, 1), k = testing::random_values(s.sk * s.dk, 2),
             v = testing::random_values(s.sk * s.dv, 3);
  const Mask mask{MaskKind::causal, nullptr};
  const LogitParams params{default_scale(64), 1.0f, false};
  const auto actual =
      streamed(attention_streaming_fast, attention_streaming_workspace_floats_fast, q, k, v, s, mask, params);
  for (std::size_t row : {0, 1, 255, 256, 2047, 4095}) {
    const Case one{1, row + 1, 64, 64};  // query `row` under a causal mask sees keys 0..row
    const std::vector<float> q_row(q.begin() + row * 64, q.begin() + (row + 1) * 64);
    const auto expected = materialised(q_row, k, v, one, Mask{}, params);
    const std::vector<float> got(actual.begin() + row * 64, actual.begin() + (row + 1) * 64);
    EXPECT_TRUE(near_all(got, expected, kAbsTol, kRelTol)) << "row " << row;
  }
}

}  // namespace
}  // namespace attn
