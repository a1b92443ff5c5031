// One `arena league run` per league: an exclusive flock(2) on DIR/run.lock, held while the
// run plays. The kernel drops it when the process ends, however it ends (kill -9 included),
// so a dead run never leaves a stale lock behind.
#pragma once

#include <string>

namespace arena {

class RunLock {
 public:
  // Throws a UserError if another process holds the league's lock.
  explicit RunLock(const std::string& dir);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace arena
