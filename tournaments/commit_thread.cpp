#include "tournaments/commit_thread.h"

#include <chrono>

namespace arena {

namespace {
// At most one group commit (two fsyncs) per window: games finishing meanwhile join the
// group. On a virtual machine an fsync costs ~100 µs of CPU (a trap to the hypervisor per
// request), so with instant bots committing every game as soon as the previous fsync
// ended made this thread use a fifth of the referee's CPU. A crash loses at most the
// games of one window, which a resume plays again.
constexpr std::chrono::milliseconds kGroupWindow{20};
}  // namespace

CommitThread::CommitThread(ResultsStore& store, OnCommit on_commit)
    : store_(store), on_commit_(std::move(on_commit)), thread_([this] { run(); }) {}

CommitThread::~CommitThread() {
  try {
    finish();
  } catch (...) {
    // finish() was skipped because of another error, which is the one that matters.
  }
}

void CommitThread::hand_in(int index, GameRecord record) {
  std::lock_guard lock(mutex_);
  if (error_) std::rethrow_exception(error_);
  const bool was_empty = inbox_.empty();
  inbox_.emplace_back(index, std::move(record));
  // Only the first game of a group wakes the thread; the rest wait for its window.
  if (was_empty) wake_.notify_one();
}

void CommitThread::finish() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void CommitThread::run() {
  std::vector<std::pair<int, GameRecord>> batch;
  std::chrono::steady_clock::time_point last_group{};  // the first game commits at once
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !inbox_.empty(); });
      if (inbox_.empty()) return;  // closing, nothing left
      wake_.wait_until(lock, last_group + kGroupWindow, [this] { return closing_; });
      batch.swap(inbox_);
    }
    last_group = std::chrono::steady_clock::now();
    try {
      for (auto& [index, record] : batch) store_.add(index, std::move(record));
      batch.clear();
      store_.commit_ready(on_commit_);
    } catch (...) {
      std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      inbox_.clear();
      return;
    }
  }
}

}  // namespace arena
