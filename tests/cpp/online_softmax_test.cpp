// The instrumented online softmax (online_softmax_trace_fast): for every block size, mask and a row of every
// kind, its final output is the streaming kernel's row and the materialising reference's (to attention's
// tolerances); after each block its state is the softmax over the keys seen so far (accumulator / running sum
// = attention over that prefix; running sum = Σ exp(score − running max)); the rescale is exp(m_before −
// m_after); a causal row stops at its own key; a row with every key masked gives zeros, never NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "attn/online_softmax.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::near_all;

constexpr double kAbsTol = 2e-5, kRelTol = 1e-4;
constexpr float kMinusInfinity = -std::numeric_limits<float>::infinity();

struct Inputs {
  std::size_t sq, sk, dk, dv;
  std::vector<float> q, k, v;
  std::vector<std::uint8_t> allowed;
  Mask mask(MaskKind kind) const { return {kind, kind == MaskKind::explicit_ ? allowed.data() : nullptr}; }
};

Inputs inputs(std::size_t sq, std::size_t sk, std::size_t dk, std::size_t dv, std::uint32_t seed) {
  return {sq,
          sk,
          dk,
          dv,
          testing::random_values(sq * dk, seed, -2.0f, 2.0f),
          testing::random_values(sk * dk, seed + 1, -2.0f, 2.0f),
          testing::random_values(sk * dv, seed + 2),
          testing::random_mask(sq, sk, seed + 3)};
}

// Row `row` of attention over keys [0, keys): the materialising reference's output.
std::vector<float> reference_row(const Inputs& in, const Mask& mask, const LogitParams& params, std::size_t row,
                                 std::size_t keys) {
  // The prefix of an explicit mask is its first `keys` columns of each row.
  std::vector<std::uint8_t> allowed;
  Mask prefix = mask;
  if (mask.kind == MaskKind::explicit_) {
    for (std::size_t i = 0; i < in.sq; ++i)
      for (std::size_t j = 0; j < keys; ++j) allowed.push_back(in.allowed[i * in.sk + j]);
    prefix.allowed = allowed.data();
  }
  std::vector<float> out(in.sq * in.dv), weights(in.sq * keys),
      ws(attention_workspace_floats_reference(in.sq, keys, in.dk, in.dv));
  attention_reference(dense(in.q.data(), in.sq, in.dk), dense(in.k.data(), keys, in.dk),
                      dense(in.v.data(), keys, in.dv), prefix, params, dense(out.data(), in.sq, in.dv),
                      dense(weights.data(), in.sq, keys), ws.data());
  return {out.begin() + static_cast<std::ptrdiff_t>(row * in.dv),
          out.begin() + static_cast<std::ptrdiff_t>((row + 1) * in.dv)};
}

std::vector<float> streaming_row(const Inputs& in, const Mask& mask, const LogitParams& params, std::size_t row) {
  std::vector<float> out(in.sq * in.dv), ws(attention_streaming_workspace_floats_fast(in.sq, in.sk, in.dk, in.dv));
  attention_streaming_fast(dense(in.q.data(), in.sq, in.dk), dense(in.k.data(), in.sk, in.dk),
                           dense(in.v.data(), in.sk, in.dv), mask, params, dense(out.data(), in.sq, in.dv), ws.data());
  return {out.begin() + static_cast<std::ptrdiff_t>(row * in.dv),
          out.begin() + static_cast<std::ptrdiff_t>((row + 1) * in.dv)};
}

OnlineSoftmaxTrace trace(const Inputs& in, const Mask& mask, const LogitParams& params, std::size_t row,
                         std::size_t block_keys) {
  return online_softmax_trace_fast(dense(in.q.data(), in.sq, in.dk), dense(in.k.data(), in.sk, in.dk),
                                   dense(in.v.data(), in.sk, in.dv), mask, params, row, block_keys);
}

TEST(OnlineSoftmaxTrace, EndsWhereTheStreamingKernelAndTheReferenceEndForEveryBlockSizeAndMask) {
  const LogitParams params{0.5f, 0.8f, false};
  for (std::size_t sk : {1, 3, 7, 16, 33}) {
    for (std::size_t dv : {1, 3, 8}) {
      const Inputs in = inputs(4, sk, 5, dv, static_cast<std::uint32_t>(sk * 10 + dv));
      for (MaskKind kind : {MaskKind::none, MaskKind::causal, MaskKind::explicit_}) {
        const Mask mask = in.mask(kind);
        for (std::size_t row = 0; row < in.sq; ++row) {
          const std::vector<float> expected = reference_row(in, mask, params, row, sk);
          const std::vector<float> streamed = streaming_row(in, mask, params, row);
          for (std::size_t block :
               {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{5}, sk, std::size_t{256}}) {
            const OnlineSoftmaxTrace t = trace(in, mask, params, row, block);
            const std::string where = "sk " + std::to_string(sk) + ", dv " + std::to_string(dv) + ", mask " +
                                      std::to_string(static_cast<int>(kind)) + ", row " + std::to_string(row) +
                                      ", block " + std::to_string(block);
            EXPECT_TRUE(near_all(t.output, expected, kAbsTol, kRelTol)) << where;
            EXPECT_TRUE(near_all(t.output, streamed, 1e-6, 1e-5)) << where;
            const std::size_t visible_keys = kind == MaskKind::causal ? std::min(sk, row + 1) : sk;
            EXPECT_EQ(t.blocks.size(), (visible_keys + block - 1) / block) << where;
          }
        }
      }
    }
  }
}

TEST(OnlineSoftmaxTrace, AfterEachBlockItsStateIsTheSoftmaxOverTheKeysSoFar) {
  const LogitParams params{1.0f, 1.0f, false};
  const Inputs in = inputs(3, 11, 4, 3, 42);
  for (MaskKind kind : {MaskKind::none, MaskKind::explicit_}) {
    const Mask mask = in.mask(kind);
    const std::size_t row = 2;  // not the fully masked row 1
    const OnlineSoftmaxTrace t = trace(in, mask, params, row, 3);
    float previous_max = kMinusInfinity;
    for (const OnlineSoftmaxBlock& b : t.blocks) {
      const std::size_t seen = b.first_key + b.keys;
      // The running maximum never falls, and α is exactly what rescales the old maximum to the new one.
      EXPECT_GE(b.running_max, previous_max);
      EXPECT_FLOAT_EQ(b.rescale, previous_max == kMinusInfinity ? 0.0f : std::exp(previous_max - b.running_max));
      // l = Σ over every visible key so far of exp(score − m), in double from the scores the trace kept.
      double sum = 0;
      for (const OnlineSoftmaxBlock& earlier : t.blocks) {
        if (earlier.first_key > b.first_key) break;
        for (float score : earlier.scores)
          sum += score == kMinusInfinity ? 0.0 : std::exp(double{score} - b.running_max);
      }
      EXPECT_NEAR(b.running_sum, sum, 1e-5 * sum);
      // O / l after this block = attention over the keys seen so far.
      std::vector<float> so_far(in.dv);
      for (std::size_t c = 0; c < in.dv; ++c) so_far[c] = b.accumulator[c] / b.running_sum;
      EXPECT_TRUE(near_all(so_far, reference_row(in, mask, params, row, seen), kAbsTol, kRelTol))
          << "after keys [0, " << seen << ")";
      previous_max = b.running_max;
    }
  }
}

TEST(OnlineSoftmaxTrace, ARowWithEveryKeyMaskedGivesZerosAndACausalRowStopsAtItsOwnKey) {
  const LogitParams params{1.0f, 1.0f, false};
  const Inputs in = inputs(3, 9, 4, 3, 7);
  const OnlineSoftmaxTrace masked = trace(in, in.mask(MaskKind::explicit_), params, 1, 4);  // row 1: all masked
  EXPECT_EQ(masked.output, std::vector<float>(3, 0.0f));
  for (const OnlineSoftmaxBlock& b : masked.blocks) {
    EXPECT_EQ(b.running_max, kMinusInfinity);
    EXPECT_EQ(b.running_sum, 0.0f);
    for (float w : b.weights) EXPECT_EQ(w, 0.0f);
  }
  const OnlineSoftmaxTrace causal = trace(in, in.mask(MaskKind::causal), params, 0, 2);
  ASSERT_EQ(causal.blocks.size(), 1u);
  EXPECT_EQ(causal.blocks[0].scores[1], kMinusInfinity);  // key 1 is in row 0's future
  EXPECT_EQ(causal.blocks[0].weights[0], 1.0f);           // exp(0): its only key is its maximum
}

}  // namespace
}  // namespace attn
