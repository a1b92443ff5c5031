#include "tournaments/commit_thread.h"

namespace arena {

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
  inbox_.emplace_back(index, std::move(record));
  wake_.notify_one();
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
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !inbox_.empty(); });
      if (inbox_.empty()) return;  // closing, nothing left
      batch.swap(inbox_);
    }
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
