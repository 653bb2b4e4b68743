// The lecture notes' worked example, end to end, with both implementations:
// X (3x4), Wq/Wk/Wv (4x3) → Q, K, V, scores QKᵀ, weights at scale 1/sqrt(d_x) = 1/2, output.
#include <gtest/gtest.h>

#include "attn/attention.h"
#include "attn/matmul.h"
#include "test_util.h"

namespace attn {
namespace {

const std::vector<float> kX = {1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1};
const std::vector<float> kWq = {1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1};
const std::vector<float> kWk = {0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0};
const std::vector<float> kWv = {0, 2, 0, 0, 3, 0, 1, 0, 3, 1, 1, 0};

class WorkedExample : public ::testing::TestWithParam<bool> {
 protected:
  std::vector<float> project(const std::vector<float>& w) {
    std::vector<float> out(9), workspace(matmul_workspace_floats_fast(4, 3));
    (GetParam() ? matmul_fast : matmul_reference)(dense(kX.data(), 3, 4), dense(w.data(), 4, 3), nullptr,
                                                  dense(out.data(), 3, 3), workspace.data());
    return out;
  }
};

TEST_P(WorkedExample, ProjectionsScoresWeightsAndOutput) {
  const auto q = project(kWq), k = project(kWk), v = project(kWv);
  EXPECT_EQ(q, (std::vector<float>{1, 0, 2, 2, 2, 2, 2, 1, 3}));
  EXPECT_EQ(k, (std::vector<float>{0, 1, 1, 4, 4, 0, 2, 3, 1}));
  EXPECT_EQ(v, (std::vector<float>{1, 2, 3, 2, 8, 0, 2, 6, 3}));

  // Scores QKᵀ, as the notes print them before scaling.
  std::vector<float> kt = {k[0], k[3], k[6], k[1], k[4], k[7], k[2], k[5], k[8]}, scores(9);
  matmul_reference(dense(q.data(), 3, 3), dense(kt.data(), 3, 3), nullptr, dense(scores.data(), 3, 3), nullptr);
  EXPECT_EQ(scores, (std::vector<float>{2, 4, 4, 4, 16, 12, 4, 12, 10}));

  std::vector<float> output(9), weights(9), workspace(attention_workspace_floats_fast(3, 3, 3, 3) + 16);
  (GetParam() ? attention_fast : attention_reference)(dense(q.data(), 3, 3), dense(k.data(), 3, 3),
                                                      dense(v.data(), 3, 3), {}, {0.5f}, dense(output.data(), 3, 3),
                                                      dense(weights.data(), 3, 3), workspace.data());
  EXPECT_NEAR(weights[0], 0.1554, 5e-5);
  EXPECT_NEAR(weights[1], 0.4223, 5e-5);
  EXPECT_NEAR(weights[2], 0.4223, 5e-5);
  EXPECT_NEAR(output[0], 1.8446, 5e-5);
  EXPECT_NEAR(output[1], 6.2232, 5e-5);
  EXPECT_NEAR(output[2], 1.7330, 5e-5);
}

INSTANTIATE_TEST_SUITE_P(Implementations, WorkedExample, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "fast" : "reference"; });

}  // namespace
}  // namespace attn
