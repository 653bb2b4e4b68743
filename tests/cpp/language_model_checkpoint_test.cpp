// A language model's run saved and continued: the continued run takes exactly the steps the uninterrupted one
// takes (Adam's moments, its bias corrections and the window draws restored, at full precision), the checkpoint
// file refuses anything forged, truncated or of another kind by name, and a run is continued only on its own text.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "attn/language_model_setup.h"

namespace attn::check {
namespace {

LanguageModelRequest request(double steps) {
  LanguageModelRequest r;
  r.numbers = {7, 3, steps, 4, 0.01, 3, 16, 2, 32, 1, 1, 1};  // seed, data seed, steps, batch, rate, warm-up, shape
  r.layers = 2;
  r.context = 12;
  r.positions = "rope";
  for (int i = 0; i < 40; ++i) r.corpus += "the cat sees the book. a dog likes my song. né, 日本.\n";
  return r;
}

std::vector<float> train(model::LanguageModelTrainer& trainer, std::size_t steps) {
  std::vector<float> losses;
  for (std::size_t i = 0; i < steps; ++i) losses.push_back(static_cast<float>(trainer.step().loss_per_token));
  return losses;
}

std::unique_ptr<model::LanguageModelTrainer> trainer_of(LanguageModelSetup setup) {
  auto trainer = std::make_unique<model::LanguageModelTrainer>(std::move(setup.model), std::move(setup.train_tokens),
                                                               setup.options, fast_kernels());
  if (setup.run.steps_done > 0) trainer->restore(std::move(setup.run));
  return trainer;
}

std::vector<std::uint8_t> checkpoint_after(const LanguageModelRequest& r, std::size_t steps) {
  LanguageModelSetup setup = language_model_setup(r);
  const CorpusIdentity corpus = setup.corpus;
  auto trainer = trainer_of(std::move(setup));
  train(*trainer, steps);
  return model::save_checkpoint(checkpoint_of(*trainer, corpus));
}

TEST(LanguageModelCheckpoint, AContinuedRunIsTheUninterruptedRunBitForBit) {
  const LanguageModelRequest r = request(16);
  auto straight = trainer_of(language_model_setup(r));
  const std::vector<float> all = train(*straight, 16);

  const std::vector<std::uint8_t> saved = checkpoint_after(r, 7);
  LanguageModelSetup resumed = resumed_language_model_setup(saved.data(), saved.size(), r.corpus, NAN);
  ASSERT_FALSE(resumed.error) << resumed.error.message;
  EXPECT_EQ(resumed.run.steps_done, 7u);
  auto continued = trainer_of(std::move(resumed));
  const std::vector<float> rest = train(*continued, 9);

  EXPECT_EQ(std::vector<float>(all.begin() + 7, all.end()), rest);
  EXPECT_EQ(straight->model().parameters, continued->model().parameters);
  EXPECT_EQ(continued->steps_done(), 16u);
}

TEST(LanguageModelCheckpoint, KeepsEveryFieldThroughTheFile) {
  const LanguageModelRequest r = request(10);
  LanguageModelSetup setup = language_model_setup(r);
  const CorpusIdentity corpus = setup.corpus;
  auto trainer = trainer_of(std::move(setup));
  train(*trainer, 4);
  const model::LanguageModelCheckpoint before = checkpoint_of(*trainer, corpus);
  const std::vector<std::uint8_t> bytes = model::save_checkpoint(before);
  const model::LoadedCheckpoint loaded = model::load_checkpoint(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.checkpoint) << loaded.error;
  const model::LanguageModelCheckpoint& after = *loaded.checkpoint;
  EXPECT_EQ(after.model.parameters, before.model.parameters);
  EXPECT_EQ(after.run.first_moments, before.run.first_moments);
  EXPECT_EQ(after.run.second_moments, before.run.second_moments);
  EXPECT_EQ(after.run.steps_done, 4u);
  EXPECT_EQ(after.run.window_draws, before.run.window_draws);
  EXPECT_EQ(after.model.config.relative, model::RelativePositions::rope);
  EXPECT_EQ(after.model.tokenizer.serialize(), before.model.tokenizer.serialize());
  EXPECT_EQ(after.options.steps, 10u);
  EXPECT_EQ(after.options.batch, 4u);
  EXPECT_EQ(after.options.warmup, 3u);
  EXPECT_EQ(after.options.data_seed, 3u);
  EXPECT_FLOAT_EQ(after.options.learning_rate, 0.01f);
  EXPECT_EQ(after.held_out_share, 0.1);
  EXPECT_EQ(after.corpus_bytes, r.corpus.size());
  // 12 bytes a parameter: the weights and both moments at float32.
  EXPECT_GT(bytes.size(), 12 * before.model.parameters.size());
}

TEST(LanguageModelCheckpoint, RefusesEveryTruncationAndChangedByte) {
  const std::vector<std::uint8_t> bytes = checkpoint_after(request(10), 2);
  for (std::size_t size = 0; size < bytes.size(); size += (size < 600 ? 1 : 997))
    EXPECT_FALSE(model::load_checkpoint(bytes.data(), size).checkpoint) << size;
  for (std::size_t at = 0; at < bytes.size(); at += 331) {
    std::vector<std::uint8_t> changed = bytes;
    changed[at] ^= 0x10;
    EXPECT_FALSE(model::load_checkpoint(changed.data(), changed.size()).checkpoint) << at;
  }
}

TEST(LanguageModelCheckpoint, NamesTheOtherFileKinds) {
  LanguageModelSetup setup = language_model_setup(request(10));
  const std::vector<std::uint8_t> weights = model::save_language_model(setup.model);
  const model::LoadedCheckpoint as_checkpoint = model::load_checkpoint(weights.data(), weights.size());
  EXPECT_NE(as_checkpoint.error.find("weight file (APLM)"), std::string::npos) << as_checkpoint.error;
  const std::vector<std::uint8_t> checkpoint = checkpoint_after(request(10), 1);
  const model::LoadedLanguageModel as_weights = model::load_language_model(checkpoint.data(), checkpoint.size());
  EXPECT_NE(as_weights.error.find("createTrainer({ resume })"), std::string::npos) << as_weights.error;
  EXPECT_STREQ(as_weights.kind, "checkpoint-file");
}

TEST(LanguageModelCheckpoint, ContinuesOnlyOnItsOwnTextAndNeverBeforeItsStep) {
  const LanguageModelRequest r = request(10);
  const std::vector<std::uint8_t> saved = checkpoint_after(r, 6);
  const LanguageModelSetup other = resumed_language_model_setup(saved.data(), saved.size(), r.corpus + "!", NAN);
  EXPECT_NE(other.error.message.find("not the text this run was trained on"), std::string::npos);
  const LanguageModelSetup early = resumed_language_model_setup(saved.data(), saved.size(), r.corpus, 5);
  EXPECT_NE(early.error.message.find("steps must be a whole number from 6"), std::string::npos) << early.error.message;
  const LanguageModelSetup longer = resumed_language_model_setup(saved.data(), saved.size(), r.corpus, 40);
  ASSERT_FALSE(longer.error) << longer.error.message;
  EXPECT_EQ(longer.options.steps, 40u);
  EXPECT_EQ(longer.run.steps_done, 6u);
}

}  // namespace
}  // namespace attn::check
