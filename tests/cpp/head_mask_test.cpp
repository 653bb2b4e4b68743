// Heads switched off at inference (HeadMask): an off head's output is zeroed before Wo, which is the same model
// as one whose Wo rows for that head are zero; an all-on mask changes nothing; masks that do not fit the model
// are named; and on the shipped model, cross-attention is what translation cannot do without.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>

#include "attn/training.h"
#include "model_test_util.h"

namespace attn::model {
namespace {

Config two_layer_config() {
  Config c = attn::testing::tiny_model_config();
  c.encoder_layers = 2, c.decoder_layers = 2;
  return c;
}

const std::vector<int> kSource = {3, 4, 5, 6, 0}, kTargetIn = {0, 2, 3, 4};

std::vector<float> logits(const TranslationModel& m, const KernelSet& kernels, const HeadMask& mask,
                          Activations* keep = nullptr) {
  Transformer transformer(m.config, kernels);
  transformer.set_head_mask(mask);
  Activations act;
  transformer.forward(m.parameters.data(), kSource, kTargetIn, 1.0f, act);
  if (keep) *keep = act;
  return act.logits;
}

// The reference: the model with the rows of Wo that read head `head`'s output set to zero.
TranslationModel without_head_rows(TranslationModel m, const Linear& wo, std::size_t head) {
  const std::size_t dh = m.config.head_width();
  for (std::size_t row = head * dh; row < (head + 1) * dh; ++row)
    std::fill_n(m.parameters.begin() + static_cast<std::ptrdiff_t>(wo.w + row * wo.out), wo.out, 0.0f);
  return m;
}

double largest_difference(const std::vector<float>& a, const std::vector<float>& b) {
  double largest = 0;
  for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, std::fabs(double{a[i]} - b[i]));
  return largest;
}

TEST(HeadMask, AnOffHeadIsItsOutputRowsOfWoZeroed) {
  const TranslationModel m = new_translation_model(two_layer_config(), 7);
  const ParameterLayout layout(m.config);
  const std::size_t heads = m.config.heads, layers = 2;
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    const std::string kernel_name = kernels == &fast_kernels() ? "fast" : "reference";
    const std::vector<float> all_on = logits(m, *kernels, {});
    for (int kind = 0; kind < 3; ++kind) {
      for (std::size_t layer = 0; layer < layers; ++layer) {
        for (std::size_t head = 0; head < heads; ++head) {
          HeadMask mask;
          std::vector<std::uint8_t>& entries = kind == 0   ? mask.encoder_self
                                               : kind == 1 ? mask.decoder_self
                                                           : mask.cross;
          entries.assign(layers * heads, 1);
          entries[layer * heads + head] = 0;
          const Linear& wo = kind == 0   ? layout.encoder[layer].self_attention.o
                             : kind == 1 ? layout.decoder[layer].self_attention.o
                                         : layout.decoder[layer].cross_attention.o;
          const std::vector<float> masked = logits(m, *kernels, mask);
          const std::vector<float> reference = logits(without_head_rows(m, wo, head), *kernels, {});
          const std::string where = "kind " + std::to_string(kind) + ", layer " + std::to_string(layer) + ", head " +
                                    std::to_string(head) + ", kernels " + kernel_name;
          EXPECT_LE(largest_difference(masked, reference), 1e-6) << where;
          EXPECT_GT(largest_difference(masked, all_on), 1e-4) << where << ": switching the head off changed nothing";
        }
      }
    }
  }
}

TEST(HeadMask, AllOnIsNoMaskBitForBitAndOffHeadsStillShowTheirWeights) {
  const TranslationModel m = new_translation_model(two_layer_config(), 3);
  HeadMask all_on{std::vector<std::uint8_t>(4, 1), std::vector<std::uint8_t>(4, 1), std::vector<std::uint8_t>(4, 1)};
  EXPECT_TRUE(all_on.all_on());
  EXPECT_EQ(logits(m, fast_kernels(), all_on), logits(m, fast_kernels(), {}));

  HeadMask first_encoder_head_off;
  first_encoder_head_off.encoder_self = {0, 1, 1, 1};
  EXPECT_FALSE(first_encoder_head_off.all_on());
  Activations plain, masked;
  logits(m, fast_kernels(), {}, &plain);
  logits(m, fast_kernels(), first_encoder_head_off, &masked);
  // The first layer's weights read the embeddings, which the mask does not touch; its output does change.
  EXPECT_EQ(masked.encoder[0].self_attention.weights, plain.encoder[0].self_attention.weights);
  EXPECT_NE(masked.encoder[1].self_attention.weights, plain.encoder[1].self_attention.weights);
}

TEST(HeadMask, MasksThatDoNotFitTheModelAreNamed) {
  const Config c = two_layer_config();
  EXPECT_EQ(head_mask_problem(c, {}), "");
  HeadMask short_cross;
  short_cross.cross = {1, 1, 1};
  EXPECT_EQ(head_mask_problem(c, short_cross),
            "the head mask for cross-attention has 3 entries; the model has 2 layers × 2 heads = 4");
  HeadMask two;
  two.decoder_self = {1, 2, 1, 1};
  EXPECT_EQ(head_mask_problem(c, two),
            "the head mask for decoder self-attention has an entry other than 0 (off) or 1 (on)");
}

// On the shipped en-es model: every cross-attention head off leaves the decoder blind to the source, and
// translation fails; one encoder head off costs little (Michel et al.'s finding, on our toy).
TEST(HeadMask, ShippedModelNeedsCrossAttentionButNotEveryEncoderHead) {
  std::ifstream in(ATTN_SOURCE_DIR "/web/lib/models/en-es.bin", std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  Translator t(*load_weights(bytes.data(), bytes.size()).model, fast_kernels());
  if (grammar_language(t.model()) != corpus::Language::spanish)
    GTEST_SKIP() << "en-es.bin" << testing::kPredatesTheGrammar;
  const Config& c = t.model().config;
  const auto pairs = corpus::held_out_set(200, 2);
  const double all_on = evaluate(t, pairs).accuracy();

  HeadMask no_cross;
  no_cross.cross.assign(std::size_t{c.decoder_layers} * c.heads, 0);
  t.set_head_mask(no_cross);
  const double without_cross = evaluate(t, pairs).accuracy();

  HeadMask one_encoder_head_off;
  one_encoder_head_off.encoder_self.assign(std::size_t{c.encoder_layers} * c.heads, 1);
  one_encoder_head_off.encoder_self[0] = 0;
  t.set_head_mask(one_encoder_head_off);
  const double without_one = evaluate(t, pairs).accuracy();

  std::printf("held-out exact: all heads %.1f%%, no cross-attention %.1f%%, encoder layer 1 head 1 off %.1f%%\n",
              100 * all_on, 100 * without_cross, 100 * without_one);
  EXPECT_GE(all_on, 0.93);  // the shipped en-es model: 93.5% of these (94% before issue 62's sentence mix)
  EXPECT_LE(without_cross, 0.05);
  EXPECT_GE(without_one, 0.5);
}

}  // namespace
}  // namespace attn::model
