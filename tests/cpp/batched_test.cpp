// Batched heads shared among a thread pool, against the single-head reference, for pools of 1, 2 and 3
// threads, with and without weights, at shapes around the streaming kernel's blocks; and the pool itself.
#include <gtest/gtest.h>

#include <atomic>

#include "attn/batched.h"
#include "test_util.h"

namespace attn {
namespace {

using testing::near_all;

TEST(ThreadPool, RunsEveryItemExactlyOnceOnEveryPoolSize) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.size(), threads);
    for (std::size_t count : {0u, 1u, 2u, 7u, 1000u}) {
      std::vector<std::atomic<int>> seen(count);
      std::atomic<bool> thread_in_range{true};
      pool.run(count, [&](std::size_t item, unsigned thread) {
        seen[item].fetch_add(1);
        if (thread >= threads) thread_in_range = false;
      });
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << "item " << i << " of " << count;
      EXPECT_TRUE(thread_in_range);
    }
  }
}

// A task given fewer threads than the pool has runs on the first of them only (a trainer's thread count), every
// item once; the next task on all of them finds the pool as it was.
TEST(ThreadPool, RunsATaskOnTheFirstThreadsItIsGiven) {
  ThreadPool pool(4);
  for (unsigned threads : {1u, 2u, 3u, 4u}) {
    std::vector<std::atomic<int>> seen(200), ran_on(pool.capacity());
    pool.run(
        seen.size(),
        [&](std::size_t item, unsigned thread) {
          seen[item].fetch_add(1);
          ran_on[thread] = 1;
        },
        threads);
    for (auto& count : seen) ASSERT_EQ(count.load(), 1);
    for (unsigned t = threads; t < pool.capacity(); ++t) EXPECT_EQ(ran_on[t].load(), 0) << t << " of " << threads;
  }
  std::atomic<int> items{0};
  pool.parallel_for(2)(9, [&](std::size_t) { items.fetch_add(1); });
  EXPECT_EQ(items.load(), 9);
}

// A pool narrower than its threads (a module's: a worker per trainer shard, its other calls on the machine's cores)
// runs a task on its width unless told more, and a task told more on up to all of them.
TEST(ThreadPool, RunsOnItsWidthUnlessToldMore) {
  ThreadPool pool(4, 2);
  EXPECT_EQ(pool.size(), 2u);
  EXPECT_EQ(pool.capacity(), 4u);
  for (unsigned threads : {0u, 4u, 9u}) {  // 0: the width
    std::vector<std::atomic<int>> seen(400), ran_on(pool.capacity());
    const auto task = [&](std::size_t item, unsigned thread) {
      seen[item].fetch_add(1);
      ran_on[thread] = 1;
    };
    if (threads == 0)
      pool.run(seen.size(), task);
    else
      pool.run(seen.size(), task, threads);
    for (auto& count : seen) ASSERT_EQ(count.load(), 1);
    const unsigned allowed = threads == 0 ? 2u : 4u;
    for (unsigned t = allowed; t < pool.capacity(); ++t) EXPECT_EQ(ran_on[t].load(), 0) << t << " of " << allowed;
  }
  EXPECT_EQ(ThreadPool(3).size(), 3u);
  EXPECT_EQ(ThreadPool(3, 7).size(), 3u);
}

class BatchedVsReference : public ::testing::TestWithParam<std::tuple<unsigned, bool, int>> {};

TEST_P(BatchedVsReference, EveryHeadMatches) {
  const auto [threads, weights, mask_kind] = GetParam();
  ThreadPool pool(threads);
  const HeadsShape shapes[] = {{1, 1, 1, 1, 1}, {3, 17, 40, 8, 5}, {2, 70, 300, 16, 16}, {5, 33, 33, 64, 64}};
  std::uint32_t seed = threads * 100 + weights * 10 + static_cast<std::uint32_t>(mask_kind);
  for (const HeadsShape& s : shapes) {
    const auto q = testing::random_values(s.heads * s.sq * s.dk, ++seed),
               k = testing::random_values(s.heads * s.sk * s.dk, ++seed),
               v = testing::random_values(s.heads * s.sk * s.dv, ++seed);
    const auto allowed = testing::random_mask(s.sq, s.sk, ++seed);
    Mask mask;
    if (mask_kind == 1) mask.kind = MaskKind::causal;
    if (mask_kind == 2) mask = {MaskKind::explicit_, allowed.data()};
    const LogitParams params{default_scale(s.dk), 0.9f, false};
    std::vector<float> out(s.heads * s.sq * s.dv, -7.0f), w(weights ? s.heads * s.sq * s.sk : 0, -7.0f);
    std::vector<float> ws(batched_workspace_floats_fast(s, weights, pool.size()));
    batched_attention_fast(q.data(), k.data(), v.data(), s, mask, params, out.data(), weights ? w.data() : nullptr,
                           ws.data(), pool);
    for (std::size_t h = 0; h < s.heads; ++h) {
      std::vector<float> expected_out(s.sq * s.dv), expected_w(s.sq * s.sk);
      std::vector<float> ref_ws(attention_workspace_floats_reference(s.sq, s.sk, s.dk, s.dv));
      attention_reference(dense(q.data() + h * s.sq * s.dk, s.sq, s.dk), dense(k.data() + h * s.sk * s.dk, s.sk, s.dk),
                          dense(v.data() + h * s.sk * s.dv, s.sk, s.dv), mask, params,
                          dense(expected_out.data(), s.sq, s.dv), dense(expected_w.data(), s.sq, s.sk), ref_ws.data());
      SCOPED_TRACE(::testing::Message() << "head " << h << " of H=" << s.heads << " Sq=" << s.sq << " Sk=" << s.sk);
      EXPECT_TRUE(near_all(std::vector<float>(out.begin() + h * s.sq * s.dv, out.begin() + (h + 1) * s.sq * s.dv),
                           expected_out, 2e-5, 1e-4));
      if (weights) {
        EXPECT_TRUE(near_all(std::vector<float>(w.begin() + h * s.sq * s.sk, w.begin() + (h + 1) * s.sq * s.sk),
                             expected_w, 2e-5, 1e-4));
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Pools, BatchedVsReference,
                         ::testing::Combine(::testing::Values(1u, 2u, 3u), ::testing::Bool(),
                                            ::testing::Values(0, 1, 2)));

// Multi-head attention shared among a pool (projections in row blocks, heads as items) gives the single-thread
// fast kernel's result bit for bit: row blocks are whole 4-row tiles, so every number is computed the same way.
TEST(BatchedMultiHead, EqualsTheSingleThreadKernelBitForBit) {
  const MultiHeadShape shapes[] = {{1, 1, 8, 2, 1}, {5, 7, 16, 4, 2}, {33, 17, 32, 4, 4}, {130, 130, 64, 8, 2}};
  std::uint32_t seed = 900;
  for (unsigned threads : {1u, 2u, 3u}) {
    ThreadPool pool(threads);
    for (const MultiHeadShape& s : shapes) {
      const std::size_t d = s.d_model, kvw = s.kv_width();
      const auto xq = testing::random_values(s.sq * d, ++seed), xkv = testing::random_values(s.sk * d, ++seed),
                 wq = testing::random_values(d * d, ++seed), wk = testing::random_values(d * kvw, ++seed),
                 wv = testing::random_values(d * kvw, ++seed), wo = testing::random_values(d * d, ++seed),
                 bq = testing::random_values(d, ++seed), bo = testing::random_values(d, ++seed);
      const MultiHeadWeights w{wq.data(), wk.data(), wv.data(), wo.data(), bq.data(), nullptr, nullptr, bo.data()};
      const Mask mask{MaskKind::causal, nullptr};
      const LogitParams params{default_scale(s.head_width()), 1.0f, false};
      std::vector<float> out(s.sq * d), weights(s.heads * s.sq * s.sk), expected_out(s.sq * d),
          expected_weights(s.heads * s.sq * s.sk);
      std::vector<float> ws(batched_multi_head_workspace_floats_fast(s, pool.size())),
          single_ws(multi_head_workspace_floats_fast(s));
      batched_multi_head_attention_fast(xq.data(), xkv.data(), w, s, mask, params, out.data(), weights.data(),
                                        ws.data(), pool);
      multi_head_attention_fast(xq.data(), xkv.data(), w, s, mask, params, expected_out.data(), expected_weights.data(),
                                single_ws.data());
      SCOPED_TRACE(::testing::Message() << threads << " threads, Sq=" << s.sq << " Sk=" << s.sk << " D=" << d);
      EXPECT_EQ(out, expected_out);
      EXPECT_EQ(weights, expected_weights);
    }
  }
}

}  // namespace
}  // namespace attn
