// A fixed set of threads that share out the items of one task at a time: the caller's thread works too, so a
// pool of size 1 runs everything inline. Used for batched heads and for both trainers' shards, in the native
// build and in the wasm pthreads builds (where the threads are the Emscripten pool's Web Workers).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attn {

class ThreadPool {
 public:
  // `threads` counts the caller: threads - 1 workers are started. `width` (at most `threads`; 0: all of them) is how
  // many a call runs on unless told otherwise: a module starts a worker per trainer shard on any machine, and its
  // other calls should not run on more threads than the machine has cores.
  explicit ThreadPool(unsigned threads, unsigned width = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // The threads run(count, task) shares its items among (workspaces are sized by it); capacity() is all there are.
  unsigned size() const { return width_; }
  unsigned capacity() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Calls task(item, thread) for every item in [0, count), each exactly once, with thread in [0, size());
  // returns when all are done. Items are taken in order, so neighbours tend to share a thread's caches.
  void run(std::size_t count, const std::function<void(std::size_t item, unsigned thread)>& task);
  // The same on the first `threads` of the pool's threads (the caller's among them; at most capacity()): a trainer
  // given fewer threads than the module started leaves the others idle.
  void run(std::size_t count, const std::function<void(std::size_t item, unsigned thread)>& task, unsigned threads);

  // A trainer's ParallelFor (training.h): each item run on the first `threads` of this pool's threads. Whatever
  // `threads` is, the trainers' weights are the same (their shards are fixed and summed in order).
  std::function<void(std::size_t count, const std::function<void(std::size_t item)>& task)> parallel_for(
      unsigned threads);

 private:
  void work(unsigned thread);
  void take_items(unsigned thread);

  std::vector<std::thread> workers_;
  unsigned width_;
  std::mutex mutex_;
  std::condition_variable start_, finished_;
  const std::function<void(std::size_t, unsigned)>* task_ = nullptr;
  std::size_t count_ = 0;
  unsigned active_ = 0;  // this task's threads: workers numbered from active_ on sit it out
  std::atomic<std::size_t> next_{0};
  std::size_t generation_ = 0;
  unsigned busy_ = 0;
  bool stopping_ = false;
};

}  // namespace attn
