#include "league/signal_stop.h"

#include <pthread.h>

#include <ctime>

#include "referee/match_runner.h"

namespace arena {

SignalStop::SignalStop() {
  sigemptyset(&set_);
  sigaddset(&set_, SIGINT);
  sigaddset(&set_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set_, &old_);
  watcher_ = std::thread([this] { watch(); });
}

SignalStop::~SignalStop() {
  leaving_ = true;
  watcher_.join();
  pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

void SignalStop::attach(MatchRunner* runner) {
  std::lock_guard<std::mutex> lock(mutex_);
  runner_ = runner;
  if (runner_ && requested_) runner_->stop();
}

void SignalStop::watch() {
  const timespec tick{0, 100'000'000};  // how soon the destructor is heard
  while (!leaving_) {
    if (sigtimedwait(&set_, nullptr, &tick) < 0) continue;  // EAGAIN (the tick) or EINTR
    requested_ = true;
    std::lock_guard<std::mutex> lock(mutex_);
    if (runner_) runner_->stop();
  }
}

}  // namespace arena
