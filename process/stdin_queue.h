// The bytes on their way to a bot's standard input: those queued, and those of the one write
// in flight. Everything queued while a write is in flight leaves together in the next write,
// so a bot wakes once for a message of many lines. Both buffers keep their capacity, so a
// match allocates nothing per message once warmed up. Knows no pipe: BotProcess writes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arena {

class StdinQueue {
 public:
  // Queues text that is already whole lines, each ending in "\n".
  void append(std::string_view lines) { queued_.append(lines); }
  // Queues one line; the "\n" is appended.
  void append_line(std::string_view line) {
    queued_.append(line);
    queued_.push_back('\n');
  }

  bool writing() const { return writing_; }
  bool has_queued() const { return !queued_.empty(); }
  // What the next write should take.
  std::string_view queued() const { return queued_; }
  // A direct write took the first `n` queued bytes.
  void consume(std::size_t n);

  // The queued bytes become the write in flight (returned; valid until finish_write()).
  const std::string& start_write();
  // The write in flight is done.
  void finish_write();
  // The write failed: nothing queued or in flight will ever be written.
  void drop_all();

 private:
  std::string queued_, inflight_;
  bool writing_ = false;
};

}  // namespace arena
