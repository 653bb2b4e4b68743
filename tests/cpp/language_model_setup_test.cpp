// createTrainer({ task: { corpus } })'s checks in plain C++: each bad option is refused naming it, a good
// request gives a fresh model whose tokenizer learned only the training part, and generate()'s options too.
#include <gtest/gtest.h>

#include <functional>

#include "attn/language_model_setup.h"

namespace attn::check {
namespace {

LanguageModelRequest good_request() {
  LanguageModelRequest r;
  r.numbers = {7, 1, 100, 8, 0.003, 10, 32, 4, 64, 1, 1, 4};
  r.corpus = "the cat sees the book. my friend likes a song. né, 日本.\n";
  return r;
}

void expect_refused(const std::function<void(LanguageModelRequest&)>& change, const std::string& fragment) {
  LanguageModelRequest r = good_request();
  change(r);
  const LanguageModelSetup setup = language_model_setup(r);
  EXPECT_EQ(setup.error.kind, ErrorKind::range_error);
  EXPECT_NE(setup.error.message.find(fragment), std::string::npos) << setup.error.message;
}

TEST(LanguageModelSetup, BuildsAFreshModelOverTheTrainingPartsTokens) {
  LanguageModelRequest r = good_request();
  r.held_out_share = 0.1;
  const LanguageModelSetup setup = language_model_setup(r);
  ASSERT_FALSE(setup.error) << setup.error.message;
  EXPECT_EQ(setup.model.config.vocabulary, setup.model.tokenizer.size());
  EXPECT_EQ(setup.model.tokenizer.size(), 257u);  // 256 bytes + é (the training part's; 日本 is held out)
  EXPECT_EQ(setup.model.parameters.size(), model::LanguageModelLayout(setup.model.config).count);
  EXPECT_FALSE(setup.train_tokens.empty());
  EXPECT_FALSE(setup.held_out_tokens.empty());
  EXPECT_EQ(setup.options.steps, 100u);
}

TEST(LanguageModelSetup, Gpt2sArchitectureTiesTheUnembeddingWithoutABiasAndLeavesTheEmbeddingUnscaled) {
  LanguageModelRequest r = good_request();
  r.architecture = "gpt2", r.positions = "learned", r.activation = "gelu";
  const LanguageModelSetup setup = language_model_setup(r);
  ASSERT_FALSE(setup.error) << setup.error.message;
  const model::LanguageModelConfig& c = setup.model.config;
  EXPECT_TRUE(c.positions && c.learned_positions && c.tied_output && !c.output_bias && !c.embedding_scaled);
  EXPECT_EQ(c.activation, model::Activation::gelu_tanh);
  // The same shape in our architecture: an unembedding matrix and bias of its own, no position table.
  LanguageModelRequest ours = good_request();
  const LanguageModelSetup playground = language_model_setup(ours);
  ASSERT_FALSE(playground.error);
  const std::size_t v = c.vocabulary, d = c.d_model;
  EXPECT_EQ(playground.model.parameters.size() + c.context * d, setup.model.parameters.size() + v * d + v);
  // GELU and learned positions on their own, in our architecture.
  ours.positions = "learned", ours.activation = "gelu";
  const LanguageModelSetup mixed = language_model_setup(ours);
  ASSERT_FALSE(mixed.error);
  EXPECT_TRUE(mixed.model.config.learned_positions && !mixed.model.config.tied_output);
}

TEST(LanguageModelSetup, NamesEveryBadOption) {
  expect_refused([](auto& r) { r.layers = 0; }, "model.layers must be a whole number from 1 to 6, got 0");
  expect_refused([](auto& r) { r.context = 1; }, "task.context must be a whole number from 2 to 512, got 1");
  expect_refused([](auto& r) { r.tokenizer = "words"; }, "task.tokenizer must be 'characters', 'byte-pairs' or 'gpt2-byte-pairs'");
  expect_refused([](auto& r) { r.tokenizer = "byte-pairs", r.merges = 0.5; }, "task.merges must be a whole number");
  expect_refused([](auto& r) { r.held_out_share = 0.9; }, "task.heldOut must be a share from 0.01 to 0.5");
  expect_refused([](auto& r) { r.corpus = "short"; }, "task.corpus has 5 characters");
  // 60 characters with 1% held out: one character, one token, nothing evaluate() could predict.
  expect_refused([](auto& r) { r.held_out_share = 0.01; },
                 "the corpus's held-out part is 1 token long; it needs at least 2");
  expect_refused([](auto& r) { r.positions = "absolute"; },
                 "model.positions must be 'sinusoidal', 'none', 'rope', 'alibi' or 'learned', got 'absolute'");
  expect_refused([](auto& r) { r.activation = "swish"; }, "model.activation must be 'relu' or 'gelu', got 'swish'");
  expect_refused([](auto& r) { r.architecture = "gpt3"; },
                 "model.architecture must be 'playground' or 'gpt2', got 'gpt3'");
  // 'gpt2' is GPT-2's model: every choice GPT-2 does not make is refused, naming it.
  const auto gpt2 = [](LanguageModelRequest& r) {
    r.architecture = "gpt2", r.positions = "learned", r.activation = "gelu";
  };
  expect_refused([&](auto& r) { gpt2(r), r.positions = "rope"; },
                 "model.architecture 'gpt2' is GPT-2's model, but its positions are RoPE; GPT-2's are learned");
  expect_refused([&](auto& r) { gpt2(r), r.activation = "relu"; }, "its feed-forward layer has ReLU");
  expect_refused([&](auto& r) { gpt2(r), r.numbers.kv_heads = 1; }, "share key/value heads");
  expect_refused([&](auto& r) { gpt2(r), r.window = 4; }, "it has a sliding window");
  expect_refused([&](auto& r) { gpt2(r), r.sink_logits = true; }, "it has sink logits");
  expect_refused([&](auto& r) { gpt2(r), r.numbers.ffn = 0; }, "it has no feed-forward layers");
  expect_refused([](auto& r) { r.numbers.heads = 3; }, "model.heads must divide model.dModel = 32, got 3");
  expect_refused([](auto& r) { r.numbers.d_model = 512, r.numbers.ffn = 4096, r.layers = 6; }, "parameters");
  expect_refused([](auto& r) { r.numbers.ffn = -1; }, "model.ffn must be a whole number from 0 to 4096, got -1");
  expect_refused([](auto& r) { r.numbers.ffn = 0.5; }, "model.ffn must be a whole number from 0 to 4096, got 0.5");
}

// A learner's own text refused: the kind and numbers a page says it with, in its own language.
TEST(LanguageModelSetup, ARefusedTextCarriesItsKindAndNumbers) {
  LanguageModelRequest r = good_request();
  r.corpus = "short, né";
  TextRefusal e = language_model_setup(r).refusal;
  EXPECT_STREQ(e.kind, "corpus-too-short");
  EXPECT_EQ(e.count, 9);  // characters, not bytes
  EXPECT_EQ(e.limit, 20);
  r = good_request();
  r.held_out_share = 0.01;
  e = language_model_setup(r).refusal;
  EXPECT_STREQ(e.kind, "corpus-part-too-short");
  EXPECT_STREQ(e.side, "held-out");
  EXPECT_EQ(e.count, 1);
  EXPECT_EQ(e.limit, 2);
  r = good_request();
  r.corpus = std::string(static_cast<std::size_t>(kMaxCorpusBytes) + 1, 'a');
  e = language_model_setup(r).refusal;
  EXPECT_STREQ(e.kind, "corpus-too-long");
  EXPECT_EQ(e.limit, kMaxCorpusBytes);
  r = good_request();
  r.layers = 0;  // not a learner's to get wrong: the page's form offers 1 to 4
  EXPECT_STREQ(language_model_setup(r).refusal.kind, "");
}

TEST(LanguageModelSetup, AnAttentionOnlyModelIsAllowed) {
  LanguageModelRequest r = good_request();
  r.numbers.ffn = 0;
  const LanguageModelSetup setup = language_model_setup(r);
  ASSERT_FALSE(setup.error) << setup.error.message;
  EXPECT_EQ(setup.model.config.ffn, 0u);
  EXPECT_EQ(setup.model.parameters.size(), model::LanguageModelLayout(setup.model.config).count);
}

TEST(LanguageModelSetup, GenerationOptionsAreCheckedAgainstTheVocabulary) {
  model::Sampling sampling;
  EXPECT_FALSE(generation_options({}, 300, sampling));
  EXPECT_NE(generation_options({64, 1, 301, 1, 1, 10}, 300, sampling).message.find("options.topK must be a whole"),
            std::string::npos);
  EXPECT_NE(generation_options({0, 1, 0, 1, 1, 10}, 300, sampling).message.find("options.tokens"), std::string::npos);
  EXPECT_NE(generation_options({1, -0.5, 0, 1, 1, 10}, 300, sampling).message.find("options.temperature"),
            std::string::npos);
  EXPECT_NE(generation_options({1, 1, 0, 1.5, 1, 10}, 300, sampling).message.find("options.topP"), std::string::npos);
  const GenerationRequest fine{5, 0.7, 40, 0.9, 3, 10};
  EXPECT_FALSE(generation_options(fine, 300, sampling));
  EXPECT_EQ(sampling.top_k, 40u);
  EXPECT_FLOAT_EQ(sampling.top_p, 0.9f);
  EXPECT_EQ(sampling.seed, 3u);
}

}  // namespace
}  // namespace attn::check
