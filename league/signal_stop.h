// Ctrl-C and SIGTERM for the whole of `arena league run`, not one runner at a time: a league
// plays many short batches, each with its own MatchRunner, and a signal that arrived between
// two of them (the runner's own handling lives only while it runs) would be lost. SIGINT and
// SIGTERM are blocked in every thread (bots get a clean mask: process/child_launch.cpp) and
// one thread waits for them: it marks the run stopped and stops the runner playing, if any.
#pragma once

#include <atomic>
#include <csignal>
#include <mutex>
#include <thread>

namespace arena {

class MatchRunner;

class SignalStop {
 public:
  // Create before any other thread, so every thread inherits the blocked signals.
  SignalStop();
  ~SignalStop();
  SignalStop(const SignalStop&) = delete;
  SignalStop& operator=(const SignalStop&) = delete;

  bool requested() const { return requested_; }
  // The runner a signal must stop (nullptr: none playing).
  void attach(MatchRunner* runner);

 private:
  void watch();

  sigset_t set_{}, old_{};
  std::atomic<bool> requested_{false}, leaving_{false};
  std::mutex mutex_;
  MatchRunner* runner_ = nullptr;
  std::thread watcher_;
};

}  // namespace arena
