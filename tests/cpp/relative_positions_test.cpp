// RoPE and ALiBi self-attention against the float64 reference (attention_layer_reference.h), on both kernel
// sets; RoPE's one property that matters (a logit depends on the two positions only through their difference);
// ALiBi's slopes; the weight file keeping the scheme.
// Tolerance: 2e-5 on outputs and weights (float forward passes against double).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "../../cpp/src/model/layers.h"
#include "attention_layer_reference.h"
#include "attn/translator.h"
#include "test_util.h"

namespace attn::model {
namespace {

using attn::testing::random_values;
using testing::AttentionSetup;

void check_against_reference(RelativePositions relative, const KernelSet& kernels) {
  for (bool causal : {false, true}) {
    AttentionSetup u(relative, causal ? 5 : 6);
    const std::vector<float> x = random_values(u.s * u.d, 7);
    const Mask mask = causal ? Mask{MaskKind::causal, nullptr} : Mask{};
    AttentionActivations act;
    layers::Scratch scratch;
    std::vector<float> out(u.s * u.d);
    layers::attention_forward(kernels, u.params.data(), u.block, x.data(), u.s, x.data(), u.s, mask, 0.8f, act,
                              out.data(), scratch);
    const auto [expected_out, expected_weights] = testing::reference(u, x, u.s, x, u.s, causal, 0.8);
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], expected_out[i], 2e-5) << "output " << i;
    for (std::size_t i = 0; i < act.weights.size(); ++i)
      EXPECT_NEAR(act.weights[i], expected_weights[i], 2e-5) << "weight " << i;
  }
}

TEST(RelativePositions, RopeMatchesTheFloat64Reference) {
  check_against_reference(RelativePositions::rope, reference_kernels());
  check_against_reference(RelativePositions::rope, fast_kernels());
}

TEST(RelativePositions, AlibiMatchesTheFloat64Reference) {
  check_against_reference(RelativePositions::alibi, reference_kernels());
  check_against_reference(RelativePositions::alibi, fast_kernels());
}

TEST(RelativePositions, RopeLogitsDependOnlyOnTheDistance) {
  // The same two tokens at positions (0, 1) and at (2, 3): with RoPE alone their weights' logits agree, so
  // rows 1 and 3 of a causal map over [a, b, a, b] put the same odds on "the token before".
  AttentionSetup u(RelativePositions::rope, 9);
  u.s = 4;
  const std::vector<float> a = random_values(u.d, 10), b = random_values(u.d, 11);
  std::vector<float> x;
  for (const auto* row : {&a, &b, &a, &b}) x.insert(x.end(), row->begin(), row->end());
  AttentionActivations act;
  layers::Scratch scratch;
  std::vector<float> out(u.s * u.d);
  layers::attention_forward(reference_kernels(), u.params.data(), u.block, x.data(), u.s, x.data(), u.s,
                            Mask{MaskKind::causal, nullptr}, 1.0f, act, out.data(), scratch);
  for (std::size_t h = 0; h < u.heads; ++h) {
    const float* row1 = &act.weights[(h * u.s + 1) * u.s];
    const float* row3 = &act.weights[(h * u.s + 3) * u.s];
    // log(w(1,0) / w(1,1)) = logit(1,0) − logit(1,1) = logit(3,2) − logit(3,3)
    EXPECT_NEAR(std::log(row1[0] / row1[1]), std::log(row3[2] / row3[3]), 1e-5);
  }
}

TEST(RelativePositions, AlibiSlopesHalveFromOneHalf) {
  for (std::size_t h = 0; h < 8; ++h) EXPECT_DOUBLE_EQ(layers::alibi_slope(h, 8), std::pow(0.5, double(h + 1)));
  EXPECT_DOUBLE_EQ(layers::alibi_slope(0, 4), 0.25);
  EXPECT_DOUBLE_EQ(layers::alibi_slope(3, 4), 1.0 / 256);
}

TEST(RelativePositions, TheWeightFileKeepsTheScheme) {
  for (RelativePositions relative : {RelativePositions::rope, RelativePositions::alibi}) {
    Config c;
    c.d_model = 8, c.heads = 2, c.ffn = 12, c.positions = false, c.relative = relative;
    const tasks::SequenceLengths lengths{3, 8};
    const auto task = tasks::named_task("reverse", lengths, 1);
    const TranslationModel model = new_model(c, 1, *task);
    const std::vector<std::uint8_t> bytes = save_weights(model);
    const LoadedModel loaded = load_weights(bytes.data(), bytes.size());
    ASSERT_TRUE(loaded.model) << loaded.error;
    EXPECT_EQ(loaded.model->config.relative, relative);
    EXPECT_FALSE(loaded.model->config.positions);
    if (relative != RelativePositions::rope) continue;
    // Both schemes' flags in one file (the flags word follows the magic, the version and six dimensions).
    std::vector<std::uint8_t> both = bytes;
    both[4 + 4 + 6 * 4] |= 16;
    const std::uint32_t crc = weight_file_checksum(both.data(), both.size() - 4);
    std::memcpy(both.data() + both.size() - 4, &crc, 4);
    EXPECT_EQ(load_weights(both.data(), both.size()).error,
              "not a usable model file: both RoPE and ALiBi flags are set; a model has one");
  }
}

}  // namespace
}  // namespace attn::model
