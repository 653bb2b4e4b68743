// A model of GPT-2's architecture made here (LanguageModelConfig's GPT-2 choices): the weight file keeps every choice
// in its flags word (older files, without them, read as before), the default model's layout is the one it was, and
// gpt2::export_safetensors writes it as Hugging Face's files, which read back through gpt2::Loader as it was.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "attn/attention_sinks.h"
#include "attn/gpt2_weights.h"
#include "attn/head_circuits.h"
#include "attn/language_model.h"
#include "attn/language_model_training.h"
#include "safetensors_files.h"

namespace attn::model {
namespace {

LanguageModelConfig gpt2_shaped(const text::Tokenizer& tokenizer) {
  LanguageModelConfig c;
  c.d_model = 16, c.heads = 2, c.ffn = 48, c.layers = 2, c.context = 12;
  c.vocabulary = static_cast<std::uint32_t>(tokenizer.size());
  c.learned_positions = true, c.activation = Activation::gelu_tanh, c.tied_output = true, c.output_bias = false;
  c.embedding_scaled = false;
  return c;
}

// Same dimensions, same choices.
void expect_same_model(const LanguageModelConfig& a, const LanguageModelConfig& b) {
  const auto dimensions = [](const LanguageModelConfig& c) {
    return std::tie(c.d_model, c.heads, c.ffn, c.layers, c.context, c.vocabulary);
  };
  const auto choices = [](const LanguageModelConfig& c) {
    return std::tie(c.positions, c.learned_positions, c.activation, c.tied_output, c.output_bias, c.embedding_scaled,
                    c.norm_epsilon);
  };
  EXPECT_EQ(dimensions(a), dimensions(b));
  EXPECT_TRUE(choices(a) == choices(b));
}

TEST(Gpt2Architecture, TheWeightFileKeepsEveryChoice) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters("the cat sat on the mat, and the dog sat too.");
  for (float epsilon : {1e-5f, 1e-3f}) {
    TrainedLanguageModel m{gpt2_shaped(tokenizer), tokenizer, {}};
    m.config.norm_epsilon = epsilon;
    m.parameters = initial_language_model_parameters(m.config, 9);
    EXPECT_TRUE(gpt2::architecture_problem(m.config).empty()) << gpt2::architecture_problem(m.config);
    const std::vector<std::uint8_t> file = save_language_model(m);
    const LoadedLanguageModel loaded = load_language_model(file.data(), file.size());
    ASSERT_TRUE(loaded.model) << loaded.error;
    expect_same_model(loaded.model->config, m.config);
    EXPECT_EQ(loaded.model->parameters.size(), m.parameters.size());
    // GELU and learned positions alone, in our architecture otherwise.
    TrainedLanguageModel mixed{m.config, tokenizer, {}};
    mixed.config.tied_output = false, mixed.config.output_bias = true, mixed.config.embedding_scaled = true;
    mixed.parameters = initial_language_model_parameters(mixed.config, 9);
    const std::vector<std::uint8_t> mixed_file = save_language_model(mixed);
    const LoadedLanguageModel mixed_loaded = load_language_model(mixed_file.data(), mixed_file.size());
    ASSERT_TRUE(mixed_loaded.model) << mixed_loaded.error;
    expect_same_model(mixed_loaded.model->config, mixed.config);
  }
}

TEST(Gpt2Architecture, DefaultModelsKeepTheirLayoutFlagsAndDraws) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters("the cat sat on the mat.");
  LanguageModelConfig ours;
  ours.vocabulary = static_cast<std::uint32_t>(tokenizer.size());
  const LanguageModelLayout layout(ours);
  // embedding, blocks, final norm, then an output matrix and bias: no position table.
  EXPECT_EQ(layout.positions, 0u);
  EXPECT_EQ(layout.output.w + std::size_t{ours.d_model} * ours.vocabulary + ours.vocabulary, layout.count);
  EXPECT_TRUE(layout.output.has_bias);
  // The flags word: sinusoidal positions alone (1), as files always held.
  const std::vector<std::uint8_t> file =
      save_language_model({ours, tokenizer, initial_language_model_parameters(ours, 3)});
  std::uint32_t flags = 0;
  std::memcpy(&flags, file.data() + 8 + 7 * 4, 4);
  EXPECT_EQ(flags, 1u);
  // A model with a learned position table draws the same embedding first, then its table.
  LanguageModelConfig learned = ours;
  learned.learned_positions = true;
  const std::vector<float> a = initial_language_model_parameters(ours, 3),
                           b = initial_language_model_parameters(learned, 3);
  const std::size_t table = std::size_t{ours.context} * ours.d_model, embedding = layout.blocks[0].attention_norm.gamma;
  ASSERT_EQ(b.size(), a.size() + table);
  EXPECT_TRUE(std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(embedding), b.begin()));
}

// Exported as Hugging Face's files and read back through gpt2::Loader: the same parameters, bit for bit, and so the
// same logits; config.json says the same model. Another architecture is refused, naming its difference.
TEST(Gpt2Architecture, ExportedAsHuggingFacesFilesItReadsBackAsItWas) {
  const text::Tokenizer tokenizer = text::Tokenizer::byte_pairs("the cat sat on the mat, and the dog sat too.", 20);
  for (std::uint32_t ffn : {48u, 64u}) {  // 64 = 4·D: n_inner null
    LanguageModelConfig c = gpt2_shaped(tokenizer);
    c.ffn = ffn, c.norm_epsilon = ffn == 48 ? 1e-3f : 1e-5f;
    const std::vector<float> params = initial_language_model_parameters(c, 11);
    std::vector<std::uint8_t> file;
    ASSERT_FALSE(gpt2::export_safetensors(c, params.data(), file));
    EXPECT_EQ(gpt2::export_safetensors(c, params.data()), file);
    const std::string config_json = gpt2::export_config(c);
    EXPECT_NE(config_json.find(ffn == 64 ? "\"n_inner\": null" : "\"n_inner\": 48"), std::string::npos) << config_json;
    EXPECT_NE(config_json.find(ffn == 64 ? "\"layer_norm_epsilon\": 1e-05" : "\"layer_norm_epsilon\": 0.001"),
              std::string::npos)
        << config_json;
    gpt2::Config read;
    ASSERT_FALSE(gpt2::read_config(config_json, read));
    const LanguageModelConfig back = gpt2::language_model_config(read);
    expect_same_model(back, c);
    std::vector<float> loaded;
    const gpt2::Error error = gpt2::load(file.size(), testing::read_from(file), read, loaded, 100);
    ASSERT_FALSE(error) << error.message;
    EXPECT_EQ(loaded, params);
    LanguageModel model(c, fast_kernels()), opened(back, fast_kernels());
    LanguageModelActivations a, b;
    const std::vector<int> tokens = tokenizer.encode("the dog sat on the cat.");
    model.forward(params.data(), tokens, 1.0f, a);
    opened.forward(loaded.data(), tokens, 1.0f, b);
    EXPECT_EQ(a.logits, b.logits);
  }
  LanguageModelConfig relu = gpt2_shaped(tokenizer);
  relu.activation = Activation::relu;
  std::vector<std::uint8_t> file = {1, 2, 3};
  const gpt2::Error refused = gpt2::export_safetensors(relu, initial_language_model_parameters(relu, 1).data(), file);
  EXPECT_EQ(refused.kind, gpt2::ErrorKind::config);
  EXPECT_EQ(refused.message, "not a model of GPT-2's architecture: its feed-forward layer has ReLU; GPT-2's has GELU");
  EXPECT_TRUE(file.empty());
  EXPECT_EQ(gpt2::export_config(relu), "");
}

// A tied unembedding is Eᵀ: the copying scores (OV circuits through the unembedding) of a tied model are those of
// the untied model whose unembedding matrix is the embedding table transposed.
TEST(Gpt2Architecture, CopyingScoresReadATiedUnembeddingAsTheEmbeddingTransposed) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters("the cat sat on the mat, and the dog sat too.");
  TrainedLanguageModel tied{gpt2_shaped(tokenizer), tokenizer, {}};
  tied.parameters = initial_language_model_parameters(tied.config, 17);
  TrainedLanguageModel untied{tied.config, tokenizer, {}};
  untied.config.tied_output = false;
  const LanguageModelLayout a(tied.config), b(untied.config);
  untied.parameters = tied.parameters;
  untied.parameters.resize(b.count);
  const std::size_t d = tied.config.d_model, v = tied.config.vocabulary;
  for (std::size_t t = 0; t < v; ++t)
    for (std::size_t i = 0; i < d; ++i)
      untied.parameters[b.output.w + i * v + t] = tied.parameters[a.embedding + t * d + i];
  const std::vector<int> tokens = tokenizer.encode("the cat");
  const std::vector<double> x = copying_scores(tied, tokens), y = copying_scores(untied, tokens);
  ASSERT_EQ(x.size(), std::size_t{tied.config.layers} * tied.config.heads);
  for (std::size_t h = 0; h < x.size(); ++h) EXPECT_NEAR(x[h], y[h], 1e-9) << h;
}

// Past the context a learned model reads only through the recomputed window, its positions re-assigned 0..W−1 (the
// causal pass over the first tokens and the window, afresh); every key and the rolling cache are refused, saying why.
TEST(Gpt2Architecture, LearnedPositionsReadPastTheContextOnlyThroughARecomputedWindow) {
  const text::Tokenizer tokenizer = text::Tokenizer::characters("the cat sat on the mat, and the dog sat too.");
  const LanguageModelConfig c = gpt2_shaped(tokenizer);  // context 12
  const std::vector<float> params = initial_language_model_parameters(c, 13);
  LanguageModel model(c, fast_kernels());
  const std::vector<int> text = tokenizer.encode("the dog sat on the mat, and the cat sat too.");
  ASSERT_GT(text.size(), 30u);
  for (const KeysKept& keys : {KeysKept{0, 0, false}, KeysKept{8, 2, false}}) {
    const StreamingScore refused = score_streaming(model, params.data(), tokenizer, text, keys);
    EXPECT_NE(refused.refused.find("a learned absolute position cannot move inside a cache"), std::string::npos)
        << refused.refused;
    EXPECT_EQ(refused.text.tokens, 0u);
  }
  EXPECT_NE(streaming_problem(c, KeysKept{12, 2, true}, text.size()).find("the recomputed window holds 2 + 12"),
            std::string::npos);
  EXPECT_EQ(streaming_problem(c, KeysKept{0, 0, false}, 13), "");  // 12 tokens read: the whole context
  EXPECT_EQ(streaming_problem(c, KeysKept{12, 2, true}, 13), "");
  const StreamingScore score = score_streaming(model, params.data(), tokenizer, text, KeysKept{8, 2, true});
  ASSERT_EQ(score.refused, "");
  EXPECT_EQ(score.longest, 10u);
  EXPECT_TRUE(std::isfinite(score.text.bits) && score.text.bits > 0);
  // Step 20 reads the first 2 tokens and tokens 13..20 at positions 0..9.
  StreamingReader reader(model, params.data(), KeysKept{8, 2, true});
  for (std::size_t t = 0; t < 20; ++t) reader.read(text[t]);
  const std::vector<float> logits = reader.read(text[20]).logits;
  std::vector<int> kept = {text[0], text[1]};
  kept.insert(kept.end(), text.begin() + 13, text.begin() + 21);
  LanguageModelActivations act;
  model.forward(params.data(), kept, 1.0f, act);
  EXPECT_TRUE(std::equal(logits.begin(), logits.end(), act.logits.end() - c.vocabulary));
}

}  // namespace
}  // namespace attn::model
