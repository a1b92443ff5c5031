// A few threads that run one function over a range of items together, started by the caller
// and joined before it returns: the batch of games (game_batch.h) steps its games this way.
// The threads live as long as the pool, so a step costs a wake-up, not a thread start.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace arena {

class WorkerPool {
 public:
  // `threads` workers in all, the calling thread counted: 1 runs everything in the caller.
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls fn(context, begin, end) on `threads()` contiguous parts of [0, items), one part per
  // thread, and returns when all are done. The first exception thrown by a part is rethrown.
  using Task = void (*)(void* context, int begin, int end);
  void run(int items, Task fn, void* context);

 private:
  void work(int index);
  void run_part(int index);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;
  int pending_ = 0;
  bool stopping_ = false;
  Task task_ = nullptr;
  void* context_ = nullptr;
  int items_ = 0;
  std::exception_ptr error_;
};

}  // namespace arena
