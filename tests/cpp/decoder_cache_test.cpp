// The translator's decoder on its key/value cache (KeyValueCache): each cached step gives the last row of a pass
// over the whole prefix, and a translation decoded from the cache is the one recomputed at every step (the same
// words, the same distributions within float rounding, the same maps), for every position scheme, shared
// key/value heads (multi-query, grouped, one per head), both kernel sets, with heads switched off, greedy or
// sampled; the pass for the maps at the end leaves out the output head. A cache that forgot a position, turned a key
// at the wrong position or reused a stale row fails here.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "attn/corpus.h"
#include "attn/translator.h"
#include "model_test_util.h"

namespace attn::model {
namespace {

struct Scheme {
  const char* name;
  bool positions;
  RelativePositions relative;
};
const Scheme kSchemes[] = {{"sinusoidal", true, RelativePositions::none},
                           {"none", false, RelativePositions::none},
                           {"rope", false, RelativePositions::rope},
                           {"alibi", false, RelativePositions::alibi}};

Config cached_config(const Scheme& scheme, std::uint32_t kv_heads) {
  Config c = attn::testing::tiny_model_config();
  c.heads = 4, c.kv_heads = kv_heads, c.encoder_layers = 2, c.decoder_layers = 2;
  c.positions = scheme.positions;
  c.relative = scheme.relative;
  return c;
}

double largest_difference(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return INFINITY;
  double largest = 0;
  for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, std::fabs(double{a[i]} - b[i]));
  return largest;
}

const std::vector<int> kSource = {3, 4, 5, 6, 7, 0};
const std::vector<int> kPrefix = {0, 5, 9, 2, 11, 4, 8};  // <bos> and six target words

// The pass a cached translation ends with, for its maps: without the output head, the same maps bit for bit as the
// pass with it, and no logits to read by mistake.
TEST(TranslatorKeyValueCache, AMapsOnlyPassGivesTheWholePasssMapsAndNoLogits) {
  const TranslationModel m = new_translation_model(cached_config(kSchemes[0], 2), 11);
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    Transformer transformer(m.config, *kernels);
    Activations whole, maps_only;
    transformer.forward(m.parameters.data(), kSource, kPrefix, 0.9f, whole);
    transformer.forward(m.parameters.data(), kSource, {0}, 0.9f, maps_only);
    transformer.forward_decoder(m.parameters.data(), kPrefix, 0.9f, maps_only, Transformer::DecoderHead::none);
    EXPECT_FALSE(whole.logits.empty());
    EXPECT_TRUE(maps_only.logits.empty());
    ASSERT_EQ(maps_only.decoder.size(), whole.decoder.size());
    for (std::size_t l = 0; l < whole.decoder.size(); ++l) {
      EXPECT_EQ(maps_only.decoder[l].self_attention.weights, whole.decoder[l].self_attention.weights);
      EXPECT_EQ(maps_only.decoder[l].cross_attention.weights, whole.decoder[l].cross_attention.weights);
    }
    EXPECT_EQ(maps_only.decoder_out_raw, whole.decoder_out_raw);
  }
}

TEST(TranslatorKeyValueCache, EachStepIsTheLastRowOfTheWholePrefixesPass) {
  for (const Scheme& scheme : kSchemes) {
    for (std::uint32_t kv_heads : {1u, 2u, 0u}) {
      const TranslationModel m = new_translation_model(cached_config(scheme, kv_heads), 11);
      const std::size_t v = m.config.target_vocabulary;
      for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
        SCOPED_TRACE(std::string(scheme.name) + ", kv heads " + std::to_string(kv_heads) +
                     (kernels == &fast_kernels() ? ", fast" : ", reference"));
        Transformer transformer(m.config, *kernels);
        const float* params = m.parameters.data();
        Activations whole, encoded;
        KeyValueCache cache(transformer.config());
        std::vector<float> step(v);
        transformer.forward_encoder(params, kSource, 0.8f, encoded);
        transformer.start_decoding(params, encoded, cache);
        for (std::size_t t = 0; t < kPrefix.size(); ++t) {
          transformer.decode_step(params, kPrefix[t], 0.8f, cache, step.data());
          const std::vector<int> prefix(kPrefix.begin(), kPrefix.begin() + static_cast<std::ptrdiff_t>(t + 1));
          transformer.forward(params, kSource, prefix, 0.8f, whole);
          const std::vector<float> last(whole.logits.end() - static_cast<std::ptrdiff_t>(v), whole.logits.end());
          EXPECT_LE(largest_difference(step, last), 1e-5) << "position " << t;
          EXPECT_EQ(cache.length(), t + 1);
        }
        // The cache holds key/value heads, not query heads: what multi-query and grouped-query attention shrink.
        EXPECT_EQ(cache.bytes_used(), kPrefix.size() * m.config.cache_bytes_per_token());
      }
    }
  }
}

TEST(TranslatorKeyValueCache, CachedTranslationIsTheRecomputedOneForEverySchemeAndKeyValueHeads) {
  const std::vector<std::string> sentence = {"the", "big", "dog", "sees", "the", "white", "cats"};
  for (const Scheme& scheme : kSchemes) {
    for (std::uint32_t kv_heads : {1u, 2u, 0u}) {
      const TranslationModel m = new_translation_model(cached_config(scheme, kv_heads), 5);
      for (const bool masked : {false, true}) {
        for (const auto choice : {Decoding::Choice::greedy, Decoding::Choice::sample}) {
          SCOPED_TRACE(std::string(scheme.name) + ", kv heads " + std::to_string(kv_heads) +
                       (masked ? ", heads off" : "") + (choice == Decoding::Choice::sample ? ", sampled" : ", greedy"));
          Translator translator(m, fast_kernels());
          // Heads switched off apply to the cached step as to the whole pass.
          if (masked) translator.set_head_mask({{}, {1, 0, 1, 1, 1, 1, 0, 1}, {0, 1, 1, 1, 1, 1, 1, 0}});
          Decoding cached;
          cached.choice = choice;
          cached.seed = 3;
          cached.output_temperature = 1.5f;
          Decoding recomputed = cached;
          recomputed.cache = false;
          const Translation a = translator.translate_words(sentence, 0.9f, SIZE_MAX, cached);
          const Translation b = translator.translate_words(sentence, 0.9f, SIZE_MAX, recomputed);
          EXPECT_EQ(a.target, b.target);
          EXPECT_GE(a.target.size(), 2u);  // an untrained model still writes something
          EXPECT_LE(largest_difference(a.probabilities, b.probabilities), 1e-5);
          EXPECT_LE(largest_difference(a.cross_attention, b.cross_attention), 1e-5);
          EXPECT_LE(largest_difference(a.decoder_self, b.decoder_self), 1e-5);
        }
      }
    }
  }
}

TEST(TranslatorKeyValueCache, TheShippedModelsTranslateHeldOutSentencesAsRecomputed) {
  for (const char* name : {"en-es", "en-ja", "en-mr"}) {
    SCOPED_TRACE(name);
    std::ifstream in(std::string(ATTN_SOURCE_DIR "/web/lib/models/") + name + ".bin", std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    Translator translator(*load_weights(bytes.data(), bytes.size()).model, fast_kernels());
    const std::optional<corpus::Language> language = grammar_language(translator.model());
    if (!language) GTEST_SKIP() << name << attn::testing::kPredatesTheGrammar;
    Decoding recomputed;
    recomputed.cache = false;
    for (const auto& pair : corpus::held_out_set(40, 2, *language)) {
      const Translation a = translator.translate_words(pair.source);
      const Translation b = translator.translate_words(pair.source, 1.0f, SIZE_MAX, recomputed);
      EXPECT_EQ(a.target, b.target);
      EXPECT_LE(largest_difference(a.probabilities, b.probabilities), 1e-5);
    }
  }
}

}  // namespace
}  // namespace attn::model
