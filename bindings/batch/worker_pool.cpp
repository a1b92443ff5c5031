#include "bindings/batch/worker_pool.h"

namespace arena {

WorkerPool::WorkerPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { work(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::run_part(int index) {
  const int parts = threads();
  const int begin = static_cast<int>(static_cast<long long>(items_) * index / parts);
  const int end = static_cast<int>(static_cast<long long>(items_) * (index + 1) / parts);
  try {
    if (begin < end) task_(context_, begin, end);
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_) error_ = std::current_exception();
  }
}

void WorkerPool::run(int items, Task fn, void* context) {
  task_ = fn;
  context_ = context;
  items_ = items;
  error_ = nullptr;
  if (!workers_.empty()) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      pending_ = static_cast<int>(workers_.size());
      ++generation_;
    }
    wake_.notify_all();
  }
  run_part(0);
  if (!workers_.empty()) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
  }
  if (error_) std::rethrow_exception(error_);
}

void WorkerPool::work(int index) {
  std::uint64_t seen = 0;
  while (true) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    run_part(index);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_one();
    }
  }
}

}  // namespace arena
