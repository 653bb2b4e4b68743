#include "attn/thread_pool.h"

#include <algorithm>

namespace attn {

ThreadPool::ThreadPool(unsigned threads, unsigned width)
    : width_(width == 0 || width > threads ? std::max(threads, 1U) : width) {
  for (unsigned t = 1; t < threads; ++t) workers_.emplace_back([this, t] { work(t); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (auto& w : workers_) w.join();
}

void ThreadPool::take_items(unsigned thread) {
  for (std::size_t item; (item = next_.fetch_add(1)) < count_;) (*task_)(item, thread);
}

void ThreadPool::run(std::size_t count, const std::function<void(std::size_t, unsigned)>& task) {
  run(count, task, size());
}

void ThreadPool::run(std::size_t count, const std::function<void(std::size_t, unsigned)>& task, unsigned threads) {
  threads = std::min(threads, capacity());
  if (workers_.empty() || count <= 1 || threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) task(i, 0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    count_ = count;
    active_ = threads;
    next_ = 0;
    busy_ = static_cast<unsigned>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  take_items(0);
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [this] { return busy_ == 0; });
  task_ = nullptr;
}

void ThreadPool::work(unsigned thread) {
  std::size_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    if (thread < active_) take_items(thread);
    std::lock_guard<std::mutex> lock(mutex_);
    if (--busy_ == 0) finished_.notify_one();
  }
}

std::function<void(std::size_t, const std::function<void(std::size_t)>&)> ThreadPool::parallel_for(unsigned threads) {
  return [this, threads](std::size_t count, const std::function<void(std::size_t)>& task) {
    run(count, [&task](std::size_t item, unsigned) { task(item); }, threads);
  };
}

}  // namespace attn
