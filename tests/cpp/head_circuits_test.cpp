// Heads read from their weights: the eigenvalue solver against matrices whose eigenvalues are known (triangular,
// a rotation, a companion matrix) and against the trace identities on seeded random matrices; and the copying
// score on hand-made one-head models whose OV circuit is known: copying (+1), anti-copying (−1), a rotation (0).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "attn/head_circuits.h"

namespace attn::model {
namespace {

using Complex = std::complex<double>;

std::vector<Complex> sorted(std::vector<Complex> values) {
  std::sort(values.begin(), values.end(),
            [](Complex a, Complex b) { return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag(); });
  return values;
}

void expect_eigenvalues(const std::vector<double>& matrix, std::size_t n, std::vector<Complex> expected) {
  const std::vector<Complex> found = sorted(eigenvalues(matrix, n));
  expected = sorted(expected);
  ASSERT_EQ(found.size(), expected.size());
  for (std::size_t i = 0; i < found.size(); ++i) EXPECT_LT(std::abs(found[i] - expected[i]), 1e-9) << i;
}

TEST(Eigenvalues, OfMatricesWhoseEigenvaluesAreKnown) {
  expect_eigenvalues({2, 7, -1, 0, -3, 4, 0, 0, 5}, 3, {2, -3, 5});       // triangular: its diagonal
  expect_eigenvalues({0, -1, 1, 0}, 2, {Complex(0, 1), Complex(0, -1)});  // a quarter turn
  // The companion matrix of (x − 1)(x − 2)(x − 3)(x² + 1) = x⁵ − 6x⁴ + 12x³ − 12x² + 11x − 6.
  expect_eigenvalues({6, -12, 12, -11, 6, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0}, 5,
                     {1, 2, 3, Complex(0, 1), Complex(0, -1)});
  EXPECT_EQ(eigenvalues({4.5}, 1), std::vector<Complex>{4.5});
}

TEST(Eigenvalues, KeepTheTraceIdentitiesOfRandomMatrices) {
  std::mt19937_64 random(20261126);
  std::normal_distribution<double> normal;
  for (std::size_t n : {2, 3, 7, 16, 32, 33}) {
    std::vector<double> a(n * n);
    for (double& x : a) x = normal(random);
    const std::vector<Complex> lambda = eigenvalues(a, n);
    ASSERT_EQ(lambda.size(), n);
    // Σλ = tr A and Σλ² = tr A² (complex pairs sum to real numbers).
    double trace = 0, trace_squared = 0;
    for (std::size_t i = 0; i < n; ++i) {
      trace += a[i * n + i];
      for (std::size_t k = 0; k < n; ++k) trace_squared += a[i * n + k] * a[k * n + i];
    }
    Complex sum = 0, sum_squared = 0;
    for (Complex l : lambda) sum += l, sum_squared += l * l;
    EXPECT_NEAR(sum.real(), trace, 1e-8 * n) << n;
    EXPECT_NEAR(sum.imag(), 0, 1e-8 * n) << n;
    EXPECT_NEAR(sum_squared.real(), trace_squared, 1e-7 * n * n) << n;
  }
}

// One attention-only layer of width 4 and one head whose value map is V and output map O (4 × 4 each); embeddings of
// the first four byte tokens e_t = unit vector t, and an unembedding U = Eᵀ on them, so the circuit on those tokens
// is V·O itself (gains 1).
TrainedLanguageModel one_head_model(const std::vector<double>& value, const std::vector<double>& output) {
  TrainedLanguageModel m;
  m.config.d_model = 4, m.config.heads = 1, m.config.ffn = 0, m.config.layers = 1, m.config.context = 8;
  m.tokenizer = text::Tokenizer::characters("");
  m.config.vocabulary = static_cast<std::uint32_t>(m.tokenizer.size());
  const LanguageModelLayout layout(m.config);
  m.parameters.assign(layout.count, 0.0f);
  float* p = m.parameters.data();
  for (const LayerNorm* n : {&layout.blocks[0].attention_norm, &layout.final_norm}) std::fill_n(p + n->gamma, 4, 1.0f);
  const AttentionBlock& a = layout.blocks[0].self_attention;
  for (std::size_t i = 0; i < 16; ++i) {
    p[a.v.w + i] = static_cast<float>(value[i]);
    p[a.o.w + i] = static_cast<float>(output[i]);
  }
  for (std::size_t t = 0; t < 4; ++t) {
    p[layout.embedding + t * 4 + t] = 1.0f;
    p[layout.output.w + t * layout.output.out + t] = 1.0f;
  }
  return m;
}

const std::vector<double> kIdentity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

TEST(CopyingScore, IsOneForACopyingHeadMinusOneForItsOppositeAndZeroForATurn) {
  const std::vector<int> tokens = {0, 1, 2, 3};
  // Any invertible V with O = V⁻¹ copies: V·O = I. (V upper triangular with ones: its inverse has alternating signs.)
  const std::vector<double> v = {1, 2, 0, 0, 0, 1, 3, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  const std::vector<double> v_inverse = {1, -2, 6, 0, 0, 1, -3, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_NEAR(copying_scores(one_head_model(v, v_inverse), tokens)[0], 1.0, 1e-9);
  std::vector<double> minus = kIdentity;
  for (double& x : minus) x = -x;
  EXPECT_NEAR(copying_scores(one_head_model(kIdentity, minus), tokens)[0], -1.0, 1e-9);
  // A quarter turn in the plane of tokens 0 and 1, and in that of 2 and 3: eigenvalues ±i, twice.
  const std::vector<double> turn = {0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0};
  EXPECT_NEAR(copying_scores(one_head_model(turn, kIdentity), tokens)[0], 0.0, 1e-9);
  // Half copying (tokens 0, 1), half anti-copying (2, 3).
  const std::vector<double> half = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1};
  EXPECT_NEAR(copying_scores(one_head_model(half, kIdentity), tokens)[0], 0.0, 1e-9);
  // Restricted to the copied tokens alone, the same head copies.
  EXPECT_NEAR(copying_scores(one_head_model(half, kIdentity), {0, 1})[0], 1.0, 1e-9);
}

}  // namespace
}  // namespace attn::model
