// How the models share work among threads without knowing a pool: a trainer's shards, a generated token's products.
// The module's pool (thread_pool.h) hands one out; run_sequentially is the one-thread twin.
#pragma once

#include <cstddef>
#include <functional>

namespace attn::model {

// Runs `task(i)` for every i in [0, count) and returns when all are done, on any threads it likes.
using ParallelFor = std::function<void(std::size_t count, const std::function<void(std::size_t)>& task)>;
void run_sequentially(std::size_t count, const std::function<void(std::size_t)>& task);

}  // namespace attn::model
