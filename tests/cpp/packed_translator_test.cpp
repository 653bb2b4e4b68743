// The translator's weights packed once when it loads (packed_weights.h, Transformer::use_packed_weights): every pass
// reads the packed panels instead of packing each weight again, and gives the bits of the unpacked pass: a teacher-
// forced pass (the encoder's and the decoder's products over many rows), the cached steps (one row: read in place),
// and a Translator's whole translation against a Transformer that packs nothing. A packing of the wrong matrix, a
// map left out of linear_maps or a stale panel fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "../../cpp/src/model/packed_weights.h"
#include "attn/translator.h"
#include "model_test_util.h"

namespace attn::model {
namespace {

Config packed_config(bool tied) {
  Config c = attn::testing::tiny_model_config();
  c.heads = 4, c.kv_heads = 2, c.encoder_layers = 2, c.decoder_layers = 2;
  c.tied_output = tied;
  return c;
}

const std::vector<int> kSource = {3, 4, 5, 6, 7, 8, 9, 0};
const std::vector<int> kTargetIn = {0, 5, 9, 2, 11, 4, 8};  // <bos> and six target words

TEST(PackedTranslatorWeights, LinearMapsListEveryWeightMatrixOnce) {
  const Config c = packed_config(false);
  const ParameterLayout layout(c);
  std::set<std::size_t> starts;
  for (const auto* blocks : {&layout.encoder, &layout.decoder}) {
    const std::vector<Linear> maps = linear_maps(*blocks);
    // q, k, v, o of each attention (the decoder's two), the feed-forward's two
    EXPECT_EQ(maps.size(), blocks->size() * (blocks == &layout.decoder ? 10u : 6u));
    for (const Linear& l : maps) EXPECT_TRUE(starts.insert(l.w).second) << "a map listed twice at " << l.w;
  }
  EXPECT_FALSE(starts.count(layout.output.w));
}

TEST(PackedTranslatorWeights, APassGivesTheUnpackedPasssBits) {
  for (const bool tied : {false, true}) {
    SCOPED_TRACE(tied ? "tied output" : "output of its own");
    const TranslationModel m = new_translation_model(packed_config(tied), 17);
    Transformer plain(m.config, fast_kernels()), packed(m.config, fast_kernels());
    const auto weights = packed_for_forward(fast_kernels(), m.config, packed.layout(), m.parameters.data());
    packed.use_packed_weights(weights.get());
    const float* params = m.parameters.data();
    Activations a, b;
    plain.forward(params, kSource, kTargetIn, 0.9f, a);
    packed.forward(params, kSource, kTargetIn, 0.9f, b);
    EXPECT_EQ(a.memory.out, b.memory.out);
    EXPECT_EQ(a.logits, b.logits);
    for (std::size_t l = 0; l < a.decoder.size(); ++l) {
      EXPECT_EQ(a.encoder[l].self_attention.weights, b.encoder[l].self_attention.weights);
      EXPECT_EQ(a.decoder[l].cross_attention.weights, b.decoder[l].cross_attention.weights);
    }
    // The cached steps: the memory's keys and values over its rows, then a row per token.
    const std::size_t v = m.config.target_vocabulary;
    KeyValueCache plain_cache(m.config), packed_cache(m.config);
    plain.start_decoding(params, a, plain_cache);
    packed.start_decoding(params, b, packed_cache);
    std::vector<float> plain_step(v), packed_step(v);
    for (const int token : kTargetIn) {
      plain.decode_step(params, token, 0.9f, plain_cache, plain_step.data());
      packed.decode_step(params, token, 0.9f, packed_cache, packed_step.data());
      EXPECT_EQ(plain_step, packed_step) << "token " << token;
    }
  }
}

TEST(PackedTranslatorWeights, ATranslationIsTheUnpackedTransformersOwn) {
  // The Translator packs its weights when it loads. Decoding without the cache, its last pass runs the decoder over
  // every word it chose; a Transformer that packs nothing gives that pass's maps and chooses the same words.
  const TranslationModel m = new_translation_model(packed_config(false), 23);
  Translator translator(m, fast_kernels());
  const std::vector<std::string> sentence = {"the", "big", "dog", "sees", "the", "white", "cats"};
  Decoding recomputed;
  recomputed.cache = false;
  const Translation t = translator.translate_words(sentence, 1.0f, SIZE_MAX, recomputed);
  ASSERT_GE(t.target.size(), 2u);
  std::vector<int> source, target_in = {m.target.id("<bos>")};
  for (const std::string& word : sentence) source.push_back(m.source.id(word));
  source.push_back(m.source.id("<eos>"));
  for (std::size_t i = 0; i + 1 < t.target.size(); ++i) target_in.push_back(m.target.id(t.target[i]));
  Transformer plain(m.config, fast_kernels());
  Activations a;
  plain.forward(m.parameters.data(), source, target_in, 1.0f, a);
  const std::size_t v = m.config.target_vocabulary;
  for (std::size_t row = 0; row < target_in.size(); ++row) {
    const float* logits = a.logits.data() + row * v;
    EXPECT_EQ(static_cast<int>(std::max_element(logits, logits + v) - logits), m.target.id(t.target[row]))
        << "step " << row;
  }
  std::vector<float> cross;
  for (const ResidualBlockActivations& layer : a.decoder)
    cross.insert(cross.end(), layer.cross_attention.weights.begin(), layer.cross_attention.weights.end());
  EXPECT_EQ(cross, t.cross_attention);
}

}  // namespace
}  // namespace attn::model
