#include "process/stdin_queue.h"

namespace arena {

void StdinQueue::consume(std::size_t n) {
  if (n >= queued_.size())
    queued_.clear();
  else
    queued_.erase(0, n);
}

const std::string& StdinQueue::start_write() {
  writing_ = true;
  inflight_.swap(queued_);
  queued_.clear();
  return inflight_;
}

void StdinQueue::finish_write() {
  inflight_.clear();
  writing_ = false;
}

void StdinQueue::drop_all() {
  inflight_.clear();
  queued_.clear();
  writing_ = false;
}

}  // namespace arena
