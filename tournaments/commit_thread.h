// Makes finished games durable off the games' path, for tournaments and leagues alike. A
// store's commit waits for the disk (an fsync, several milliseconds on an ordinary disk);
// done on the referee's event loop or in a league's pairing it would stall every game in
// play, so concurrency would buy nothing with fast bots. Here a thread of its own commits
// whatever was handed in meanwhile as one group (one wait for all of them), at most one group
// per 20 ms window unless hurried: on a virtual machine an fsync costs ~100 µs of CPU (a trap
// to the hypervisor per request), and committing every game as soon as the previous fsync
// ended made this thread use a fifth of the referee's CPU with instant bots. A crash loses at
// most the games of one window, which a resume (or another league worker) plays again.
//
//   GroupCommit<Item>: any work, committed by a function the owner gives (it runs on the
//     thread: a league's store connection of its own, tournaments' ResultsStore).
//   CommitThread: a tournament's games into its ResultsStore (tournaments/results_store.h):
//     games count only once their journal lines are on disk (`on_commit` runs then, on the
//     thread, in schedule order).
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "records/record.h"
#include "tournaments/journal.h"
#include "tournaments/results_store.h"

namespace arena {

template <class Item>
class GroupCommit {
 public:
  // Commits one group, on the thread; an exception stops the thread (the run stops, and what
  // was not committed is played again).
  using Commit = std::function<void(std::vector<Item>& group)>;
  explicit GroupCommit(Commit commit) : commit_(std::move(commit)), thread_([this] { work(); }) {}
  // Commits what was handed in first (an error then is lost: the one that ended the run matters).
  ~GroupCommit() {
    try {
      finish();
    } catch (...) {
    }
  }
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  // From any thread; dropped once the thread has failed (failed() says so). Only the first
  // item of a group wakes the thread; the rest wait for its window.
  void hand_in(Item item) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (error_) return;
    queue_.push_back(std::move(item));
    if (queue_.size() == 1) wake_.notify_all();
  }
  // Commits what is queued now, without waiting for the window to pass (someone waits for it).
  void hurry() {
    std::lock_guard<std::mutex> lock(mutex_);
    hurry_ = true;
    wake_.notify_all();
  }
  // Waits until everything handed in so far is committed; rethrows the thread's error.
  void flush() {
    hurry();
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return error_ || (!busy_ && queue_.empty()); });
    if (error_) std::rethrow_exception(error_);
  }
  // Whether the thread stopped on an error (the caller stops the run).
  bool failed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return error_ != nullptr;
  }
  // Rethrows the thread's error, if it stopped on one (it stays for finish()).
  void rethrow_error() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (error_) std::rethrow_exception(error_);
  }
  // Commits everything handed in, stops the thread and rethrows its error, once.
  void finish() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closing_ = true;
      wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  void work() {
    std::vector<Item> group;
    std::chrono::steady_clock::time_point last{};  // the first group commits at once
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing, nothing left
      wake_.wait_until(lock, last + std::chrono::milliseconds(20), [this] { return closing_ || hurry_; });
      hurry_ = false;
      group.swap(queue_);
      busy_ = true;
      lock.unlock();
      last = std::chrono::steady_clock::now();
      std::exception_ptr error;
      try {
        commit_(group);
      } catch (...) {
        error = std::current_exception();
      }
      group.clear();
      lock.lock();
      busy_ = false;
      idle_.notify_all();
      if (error) {
        error_ = error;
        queue_.clear();
        return;
      }
    }
  }

  Commit commit_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::vector<Item> queue_;
  bool busy_ = false, closing_ = false, hurry_ = false;
  std::exception_ptr error_;
  std::thread thread_;  // last: starts once the rest is made
};

class CommitThread {
 public:
  using OnCommit = std::function<void(const JournalEntry&)>;
  // `store` and `on_commit` are used by the thread until finish() returns.
  CommitThread(ResultsStore& store, OnCommit on_commit);

  // Hands in a finished game. Rethrows, on the caller's thread, an error the thread met
  // while committing earlier games (e.g. a full disk), so the caller can stop the run.
  void hand_in(int index, GameRecord record);
  // Commits everything handed in, stops the thread and rethrows its error, if any.
  void finish() { games_.finish(); }

 private:
  ResultsStore& store_;
  OnCommit on_commit_;
  GroupCommit<std::pair<int, GameRecord>> games_;
};

}  // namespace arena
