// A generated token's products shared among threads (LanguageModel::use_threads): each output of a one-row product
// is computed as on one thread, so the tokens, their probabilities, the top lists, the attention and the logits are
// the same bits at 1, 2 and 4 threads, for both kernel sets, float32 and 8-bit weights, a model of GPT-2's
// architecture (tied unembedding) and one of ours (untied output with a bias). Every product is shared here (the
// threshold at 0); the pool's runs are counted, so a split that never happened fails.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <vector>

#include "attn/language_model.h"
#include "attn/language_model_training.h"
#include "attn/thread_pool.h"
#include "language_model_fixtures.h"

namespace attn::model {
namespace {

// Seeded random weights of a shape whose widths are no multiple of the pool's ranges or of a SIMD vector (the ranges'
// tails), in GPT-2's architecture or ours.
const LanguageModelConfig kOddShape = [] {
  LanguageModelConfig c;
  c.d_model = 40, c.heads = 4, c.ffn = 100, c.layers = 2, c.context = 24, c.vocabulary = 301;
  return c;
}();

void expect_same_generation(const Generation& a, const Generation& b, const char* what) {
  ASSERT_EQ(a.tokens, b.tokens) << what;
  ASSERT_EQ(a.steps.size(), b.steps.size()) << what;
  for (std::size_t i = 0; i < a.steps.size(); ++i) {
    const GeneratedToken &x = a.steps[i], &y = b.steps[i];
    EXPECT_EQ(x.probability, y.probability) << what << ", step " << i;
    EXPECT_EQ(x.top, y.top) << what << ", step " << i;
    EXPECT_EQ(x.step.attention, y.step.attention) << what << ", step " << i;
    EXPECT_EQ(x.step.logits, y.step.logits) << what << ", step " << i;
  }
}

class ThreadedGeneration : public ::testing::TestWithParam<bool> {};

TEST_P(ThreadedGeneration, GivesTheSameTokensAndProbabilitiesOnOneTwoAndFourThreads) {
  const LanguageModelConfig config = testing::in_architecture(kOddShape, GetParam());
  const std::vector<float> params = initial_language_model_parameters(config, 17);
  const std::vector<int> prompt = {3, 140, 15, 92, 265, 5};
  Sampling sampling;
  sampling.seed = 9;
  ThreadPool pool(4);
  for (const KernelSet* kernels : {&reference_kernels(), &fast_kernels()}) {
    for (unsigned bits : {32U, 8U}) {
      std::vector<Generation> generations;
      for (unsigned threads : {1U, 2U, 4U}) {
        LanguageModel model(config, *kernels);
        ASSERT_TRUE(model.use_weight_bits(bits, params.data()));
        std::atomic<std::size_t> shared{0};
        const ParallelFor on_pool = pool.parallel_for(threads);
        model.use_threads(
            [&](std::size_t count, const std::function<void(std::size_t)>& task) {
              ++shared;
              on_pool(count, task);
            },
            threads, 0);
        // past the context: the window moves and the cache is filled again, on the pool too
        generations.push_back(generate(model, params.data(), prompt, 30, sampling, true, 10));
        // each step's 2 layers × 6 products and the output, the prompt's steps and the refills' included
        if (threads > 1) EXPECT_GE(shared.load(), 30u * 13);
        if (threads == 1) EXPECT_EQ(shared.load(), 0u);
      }
      const char* what = kernels == &fast_kernels() ? (bits == 8 ? "fast, 8-bit" : "fast, float32")
                                                    : (bits == 8 ? "reference, 8-bit" : "reference, float32");
      expect_same_generation(generations[1], generations[0], what);
      expect_same_generation(generations[2], generations[0], what);
    }
  }
}

// Below the threshold a product stays on the calling thread: the pool is never woken for a small model.
TEST(ThreadedGeneration, LeavesProductsBelowTheThresholdOnTheCallingThread) {
  const LanguageModelConfig config = kOddShape;  // its largest product: 301 × 40 outputs and inputs
  ASSERT_LT(std::size_t{config.vocabulary} * config.d_model, kThreadedProductMadds);
  const std::vector<float> params = initial_language_model_parameters(config, 17);
  LanguageModel model(config, fast_kernels());
  std::size_t shared = 0;
  model.use_threads(
      [&](std::size_t count, const std::function<void(std::size_t)>& task) {
        ++shared;
        run_sequentially(count, task);
      },
      4);
  generate(model, params.data(), {1, 2, 3}, 8, Sampling{}, true);
  EXPECT_EQ(shared, 0u);
}

INSTANTIATE_TEST_SUITE_P(Gpt2AndOurs, ThreadedGeneration, ::testing::Bool());

}  // namespace
}  // namespace attn::model
