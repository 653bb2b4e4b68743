// Attention rollout and flow (Abnar & Zuidema 2020) against independent computations: rollout against the
// product of the layers' Ã written out; every maximum flow against the minimum cut found by trying every cut
// (max-flow = min-cut); Spearman against hand-worked values; and attribute() on the shipped model against
// removal probabilities computed here from translate_words.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>

#include "attn/attribution.h"
#include "model_test_util.h"

namespace attn::attribution {
namespace {

// `layers` × `heads` random row-stochastic n × n maps (softmax rows of random logits).
std::vector<float> random_maps(std::size_t layers, std::size_t heads, std::size_t rows, std::size_t cols,
                               std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> logit(0.0f, 2.0f);
  std::vector<float> maps(layers * heads * rows * cols);
  for (std::size_t r = 0; r < layers * heads * rows; ++r) {
    double sum = 0;
    for (std::size_t c = 0; c < cols; ++c) sum += maps[r * cols + c] = std::exp(logit(rng));
    for (std::size_t c = 0; c < cols; ++c) maps[r * cols + c] = static_cast<float>(maps[r * cols + c] / sum);
  }
  return maps;
}

// Ã of one layer, written out: 0.5·mean over heads + 0.5·I.
double tilde(const std::vector<float>& maps, std::size_t layer, std::size_t heads, std::size_t n, std::size_t a,
             std::size_t b) {
  double mean = 0;
  for (std::size_t h = 0; h < heads; ++h) mean += maps[((layer * heads + h) * n + a) * n + b];
  return 0.5 * mean / heads + (a == b ? 0.5 : 0.0);
}

// The minimum cut between source and sink, by trying every set of the other nodes on the source's side.
double brute_force_min_cut(const std::vector<double>& capacity, std::size_t nodes, std::size_t source,
                           std::size_t sink) {
  double best = std::numeric_limits<double>::infinity();
  std::vector<std::size_t> others;
  for (std::size_t v = 0; v < nodes; ++v)
    if (v != source && v != sink) others.push_back(v);
  for (std::uint32_t subset = 0; subset < (1u << others.size()); ++subset) {
    std::vector<bool> source_side(nodes, false);
    source_side[source] = true;
    for (std::size_t i = 0; i < others.size(); ++i) source_side[others[i]] = (subset >> i) & 1;
    double cut = 0;
    for (std::size_t a = 0; a < nodes; ++a)
      for (std::size_t b = 0; b < nodes; ++b)
        if (source_side[a] && !source_side[b]) cut += capacity[a * nodes + b];
    best = std::min(best, cut);
  }
  return best;
}

// The dense capacity matrix of the encoder's layered graph plus one output node joined by `raw_row`.
std::vector<double> layered_capacities(const std::vector<float>& maps, std::size_t layers, std::size_t heads,
                                       std::size_t n, const double* raw_row) {
  const std::size_t nodes = (layers + 1) * n + 1;
  std::vector<double> capacity(nodes * nodes, 0.0);
  for (std::size_t l = 0; l < layers; ++l)
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = 0; b < n; ++b)
        capacity[((l + 1) * n + a) * nodes + l * n + b] = tilde(maps, l, heads, n, a, b);
  if (raw_row)
    for (std::size_t k = 0; k < n; ++k) capacity[(nodes - 1) * nodes + layers * n + k] = raw_row[k];
  return capacity;
}

TEST(Attribution, RolloutIsTheProductOfTheLayersResidualAttention) {
  for (std::size_t n : {1, 2, 3, 5, 9}) {
    for (std::size_t layers : {1, 2, 3}) {
      const std::size_t heads = 3;
      const auto maps = random_maps(layers, heads, n, n, static_cast<std::uint32_t>(n * 10 + layers));
      const std::vector<double> rolled = rollout(maps.data(), layers, heads, n);
      // Written out: R = Ã_1, then R ← Ã_l · R for each later layer.
      std::vector<double> expected(n * n);
      for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) expected[a * n + b] = tilde(maps, 0, heads, n, a, b);
      for (std::size_t l = 1; l < layers; ++l) {
        std::vector<double> next(n * n, 0.0);
        for (std::size_t a = 0; a < n; ++a)
          for (std::size_t b = 0; b < n; ++b)
            for (std::size_t k = 0; k < n; ++k) next[a * n + b] += tilde(maps, l, heads, n, a, k) * expected[k * n + b];
        expected = next;
      }
      for (std::size_t a = 0; a < n; ++a) {
        double row = 0;
        for (std::size_t b = 0; b < n; ++b) {
          EXPECT_NEAR(rolled[a * n + b], expected[a * n + b], 1e-12) << "n " << n << " layers " << layers;
          row += rolled[a * n + b];
        }
        EXPECT_NEAR(row, 1.0, 1e-6);  // the maps' rows are float: they sum to 1 within float rounding
      }
    }
  }
}

TEST(Attribution, MaxFlowEqualsTheMinimumCut) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> weight(0.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t nodes = 2 + trial % 7;
    std::vector<double> capacity(nodes * nodes, 0.0);
    for (std::size_t a = 0; a < nodes; ++a)
      for (std::size_t b = 0; b < nodes; ++b)
        if (a != b && weight(rng) < 0.5) capacity[a * nodes + b] = weight(rng);
    const std::size_t source = trial % nodes, sink = (trial / 3 + 1 + source) % nodes;
    if (source == sink) continue;
    EXPECT_NEAR(max_flow(capacity, nodes, source, sink), brute_force_min_cut(capacity, nodes, source, sink), 1e-12)
        << "trial " << trial;
  }
}

TEST(Attribution, FlowThroughOneLayerIsItsResidualAttention) {
  const std::size_t n = 4, heads = 2;
  const auto maps = random_maps(1, heads, n, n, 3);
  const std::vector<double> flows = flow(maps.data(), 1, heads, n);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) EXPECT_NEAR(flows[a * n + b], tilde(maps, 0, heads, n, a, b), 1e-12);
}

TEST(Attribution, FlowThroughTwoLayersTakesEachMiddleWordsNarrowerEdge) {
  // With two layers every path from top word a to input word b passes one middle word k, and paths through
  // different k share no edge: the flow is Σ_k min(Ã_2(a, k), Ã_1(k, b)).
  const std::size_t n = 6, heads = 4;
  const auto maps = random_maps(2, heads, n, n, 11);
  const std::vector<double> flows = flow(maps.data(), 2, heads, n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      double expected = 0;
      for (std::size_t k = 0; k < n; ++k)
        expected += std::min(tilde(maps, 1, heads, n, a, k), tilde(maps, 0, heads, n, k, b));
      EXPECT_NEAR(flows[a * n + b], expected, 1e-12);
    }
  }
}

TEST(Attribution, FlowThroughThreeLayersEqualsTheMinimumCut) {
  const std::size_t n = 3, heads = 2, layers = 3;  // 12 nodes: 2^10 cuts per pair
  const auto maps = random_maps(layers, heads, n, n, 5);
  const std::vector<double> flows = flow(maps.data(), layers, heads, n);
  const std::vector<double> capacity = layered_capacities(maps, layers, heads, n, nullptr);
  const std::size_t nodes = (layers + 1) * n + 1;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      EXPECT_NEAR(flows[a * n + b], brute_force_min_cut(capacity, nodes, layers * n + a, b), 1e-12);
}

TEST(Attribution, SourceRelevanceRawIsTheMeanCrossAttentionAndFlowItsMinimumCut) {
  const std::size_t s = 3, t_rows = 4, heads = 2, encoder_layers = 2, decoder_layers = 3;
  const auto encoder = random_maps(encoder_layers, heads, s, s, 21);
  const auto cross = random_maps(decoder_layers, heads, t_rows, s, 22);
  const SourceRelevance r =
      source_relevance(encoder.data(), encoder_layers, cross.data(), decoder_layers, heads, t_rows, s);
  const std::vector<double> encoder_rollout = rollout(encoder.data(), encoder_layers, heads, s);
  const std::size_t nodes = (encoder_layers + 1) * s + 1;
  for (std::size_t t = 0; t < t_rows; ++t) {
    for (std::size_t j = 0; j < s; ++j) {
      double mean = 0;
      for (std::size_t m = 0; m < decoder_layers * heads; ++m) mean += cross[(m * t_rows + t) * s + j];
      EXPECT_NEAR(r.raw[t * s + j], mean / (decoder_layers * heads), 1e-12);
      double rolled = 0;
      for (std::size_t k = 0; k < s; ++k) rolled += r.raw[t * s + k] * encoder_rollout[k * s + j];
      EXPECT_NEAR(r.rollout[t * s + j], rolled, 1e-12);
      const auto capacity = layered_capacities(encoder, encoder_layers, heads, s, &r.raw[t * s]);
      EXPECT_NEAR(r.flow[t * s + j], brute_force_min_cut(capacity, nodes, nodes - 1, j), 1e-12);
    }
  }
}

TEST(Attribution, AnEncoderThatOnlyReadsItselfChangesNothing) {
  // Maps that are the identity: the residual graph keeps every word to itself, so rollout and flow = raw.
  const std::size_t s = 4, t_rows = 2, heads = 2;
  std::vector<float> identity(2 * heads * s * s, 0.0f);
  for (std::size_t m = 0; m < 2 * heads; ++m)
    for (std::size_t i = 0; i < s; ++i) identity[(m * s + i) * s + i] = 1.0f;
  const auto cross = random_maps(1, heads, t_rows, s, 9);
  const SourceRelevance r = source_relevance(identity.data(), 2, cross.data(), 1, heads, t_rows, s);
  for (std::size_t i = 0; i < t_rows * s; ++i) {
    EXPECT_NEAR(r.rollout[i], r.raw[i], 1e-12);
    EXPECT_NEAR(r.flow[i], r.raw[i], 1e-12);
  }
}

TEST(Attribution, SpearmanOnHandWorkedValues) {
  const double up[] = {1, 2, 3, 4}, down[] = {9, 7, 5, 1}, swapped[] = {1, 3, 2}, tied[] = {5, 6, 6, 8};
  const double three[] = {1, 2, 3}, constant[] = {2, 2, 2, 2};
  EXPECT_DOUBLE_EQ(spearman(up, up, 4), 1.0);
  EXPECT_DOUBLE_EQ(spearman(up, down, 4), -1.0);
  EXPECT_NEAR(spearman(three, swapped, 3), 0.5, 1e-15);  // 1 − 6·Σd² / (n(n² − 1)) = 1 − 12/24
  // Ranks of `tied`: 1, 2.5, 2.5, 4; Pearson of (1,2,3,4) with them = 4.5 / sqrt(5 · 4.5).
  EXPECT_NEAR(spearman(up, tied, 4), 4.5 / std::sqrt(5 * 4.5), 1e-15);
  EXPECT_TRUE(std::isnan(spearman(up, constant, 4)));
  EXPECT_TRUE(std::isnan(spearman(up, up, 1)));
}

model::Translator shipped(const char* name) {
  std::ifstream in(std::string(ATTN_SOURCE_DIR "/web/lib/models/") + name, std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return model::Translator(*model::load_weights(bytes.data(), bytes.size()).model, fast_kernels());
}

TEST(Attribution, RemovalIsTheDropInEachOutputWordsProbability) {
  model::Translator translator = shipped("en-es.bin");
  const std::vector<std::string> words = {"the", "small", "dog", "sees", "a", "cat"};
  const Attribution a = attribute(translator, words);
  const std::size_t s = words.size() + 1, t_rows = a.target.size();
  ASSERT_EQ(a.source.size(), s);
  ASSERT_EQ(a.target.back(), "<eos>");
  EXPECT_EQ(a.target, translator.translate_words(words).target);  // rows = the greedy translation's words + <eos>
  ASSERT_EQ(a.removal.size(), t_rows * (s - 1));
  ASSERT_EQ(a.relevance.flow.size(), t_rows * s);
  ASSERT_EQ(a.encoder_flow.size(), s * s);
  // Each word removed in turn, forced to the same output: the drop computed here.
  const std::size_t v = translator.model().config.target_vocabulary;
  model::Decoding forced;
  forced.forced_target = std::vector<std::string>(a.target.begin(), a.target.end() - 1);
  const model::Translation whole = translator.translate_words(words, 1.0f, SIZE_MAX, forced);
  for (std::size_t j = 0; j < words.size(); ++j) {
    std::vector<std::string> without = words;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(j));
    const model::Translation cut = translator.translate_words(without, 1.0f, SIZE_MAX, forced);
    for (std::size_t t = 0; t < t_rows; ++t) {
      const std::size_t id = static_cast<std::size_t>(translator.model().target.id(a.target[t]));
      EXPECT_NEAR(a.removal[t * (s - 1) + j], whole.probabilities[t * v + id] - cut.probabilities[t * v + id], 1e-6);
    }
  }
  // Each row's agreement is Spearman over the words of that row; the mean is over the rows.
  double sum = 0;
  std::size_t rows = 0;
  for (std::size_t t = 0; t < t_rows; ++t) {
    const double rho = spearman(&a.relevance.rollout[t * s], &a.removal[t * (s - 1)], s - 1);
    EXPECT_TRUE(std::isnan(rho) ? std::isnan(a.row_rollout[t]) : rho == a.row_rollout[t]);
    if (!std::isnan(rho)) sum += rho, ++rows;
  }
  EXPECT_EQ(a.agreement.rows, rows);
  EXPECT_DOUBLE_EQ(a.agreement.rollout, sum / rows);
}

TEST(Attribution, ShippedModelsAgreementOnHeldOutSentences) {
  for (const auto& [name, language] :
       {std::pair{"en-es.bin", corpus::Language::spanish}, std::pair{"en-ja.bin", corpus::Language::japanese}}) {
    model::Translator translator = shipped(name);
    if (model::grammar_language(translator.model()) != language) GTEST_SKIP() << name << testing::kPredatesTheGrammar;
    std::vector<std::vector<std::string>> sentences;
    for (const auto& pair : corpus::held_out_set(100, 2, language)) sentences.push_back(pair.source);
    const Agreement a = pooled_agreement(translator, sentences);
    std::printf("%s: Spearman with removal over %zu output words: raw %.3f, rollout %.3f, flow %.3f\n", name, a.rows,
                a.raw, a.rollout, a.flow);
    EXPECT_GT(a.rows, 500u);
    for (double rho : {a.raw, a.rollout, a.flow}) {
      EXPECT_GE(rho, -1.0);
      EXPECT_LE(rho, 1.0);
    }
  }
}

}  // namespace
}  // namespace attn::attribution
