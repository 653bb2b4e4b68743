// RoPE and ALiBi self-attention against a float64 reference written out here (projections, the rotation or the
// bias, softmax, the output projection), on both kernel sets; RoPE's one property that matters (a logit depends
// on the two positions only through their difference); ALiBi's slopes; the weight file keeping the scheme.
// Tolerance: 2e-5 on outputs and weights (float forward passes against double).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "../../cpp/src/model/layers.h"
#include "attn/translator.h"
#include "test_util.h"

namespace attn::model {
namespace {

using attn::testing::random_values;

struct AttentionSetup {
  std::size_t d = 8, heads = 2, s = 5;
  AttentionBlock block;
  std::vector<float> params;
  explicit AttentionSetup(RelativePositions relative, std::uint32_t seed) {
    std::size_t at = 0;
    auto linear = [&] {
      Linear l{at, at + d * d, d, d};
      at += d * d + d;
      return l;
    };
    block = AttentionBlock{
        linear(), linear(), linear(), linear(), heads, default_scale(d / heads), AttentionWeighting::softmax, relative};
    params = random_values(at, seed);
  }
};

// x (rows × d) · W + b in double.
std::vector<double> project(const std::vector<float>& params, const Linear& l, const std::vector<float>& x,
                            std::size_t rows) {
  std::vector<double> y(rows * l.out);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t o = 0; o < l.out; ++o) {
      double sum = params[l.b + o];
      for (std::size_t k = 0; k < l.in; ++k) sum += static_cast<double>(x[i * l.in + k]) * params[l.w + k * l.out + o];
      y[i * l.out + o] = sum;
    }
  return y;
}

// Self-attention over x (s × d), causal or not, in double: { output, weights (heads × s × s) }.
std::pair<std::vector<double>, std::vector<double>> reference(const AttentionSetup& u, const std::vector<float>& x,
                                                              bool causal, double temperature) {
  const std::size_t d = u.d, heads = u.heads, dh = d / heads, s = u.s;
  std::vector<double> q = project(u.params, u.block.q, x, s), k = project(u.params, u.block.k, x, s),
                      v = project(u.params, u.block.v, x, s);
  if (u.block.relative == RelativePositions::rope) {
    for (auto* m : {&q, &k})
      for (std::size_t i = 0; i < s; ++i)
        for (std::size_t h = 0; h < heads; ++h)
          for (std::size_t p = 0; p < dh / 2; ++p) {
            const double angle = static_cast<double>(i) * std::pow(10000.0, -2.0 * static_cast<double>(p) / dh);
            double& a = (*m)[i * d + h * dh + 2 * p];
            double& b = (*m)[i * d + h * dh + 2 * p + 1];
            const double ra = a * std::cos(angle) - b * std::sin(angle), rb = a * std::sin(angle) + b * std::cos(angle);
            a = ra, b = rb;
          }
  }
  std::vector<double> weights(heads * s * s, 0.0), mixed(s * d, 0.0);
  for (std::size_t h = 0; h < heads; ++h) {
    const double slope = std::pow(2.0, -8.0 * static_cast<double>(h + 1) / heads);
    for (std::size_t i = 0; i < s; ++i) {
      std::vector<double> logit(s, -INFINITY);
      for (std::size_t j = 0; j < s && (!causal || j <= i); ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < dh; ++c) dot += q[i * d + h * dh + c] * k[j * d + h * dh + c];
        logit[j] = dot * u.block.logit_scale;
        if (u.block.relative == RelativePositions::alibi) logit[j] -= slope * std::fabs(double(i) - double(j));
        logit[j] /= temperature;
      }
      const double top = *std::max_element(logit.begin(), logit.end());
      double sum = 0;
      for (double z : logit) sum += std::exp(z - top);
      for (std::size_t j = 0; j < s; ++j) {
        const double w = std::exp(logit[j] - top) / sum;
        weights[(h * s + i) * s + j] = w;
        for (std::size_t c = 0; c < dh; ++c) mixed[i * d + h * dh + c] += w * v[j * d + h * dh + c];
      }
    }
  }
  std::vector<double> out(s * d);
  for (std::size_t i = 0; i < s; ++i)
    for (std::size_t o = 0; o < d; ++o) {
      double sum = u.params[u.block.o.b + o];
      for (std::size_t c = 0; c < d; ++c) sum += mixed[i * d + c] * u.params[u.block.o.w + c * d + o];
      out[i * d + o] = sum;
    }
  return {out, weights};
}

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
    const auto [expected_out, expected_weights] = reference(u, x, causal, 0.8);
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
