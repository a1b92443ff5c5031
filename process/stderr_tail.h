// The last bytes a bot wrote to its standard error, kept in memory whatever --log-dir says,
// so a crash can be reported with its traceback. A fixed ring: appending never allocates,
// and a bot that writes megabytes costs one copy of at most the ring's size per read.
#pragma once

#include <array>
#include <cstddef>
#include <string>

namespace arena {

class StderrTail {
 public:
  static constexpr std::size_t kCapacity = 4096;

  void append(const char* data, std::size_t n);
  // The last `max_lines` lines that are not blank (a last line without its newline counts),
  // oldest first, joined by '\n'; each escaped for a terminal (protocol/bot_text.h) and cut to
  // `max_line_bytes`. A line cut off by the ring's start is left out. "" when there is none.
  std::string last_lines(int max_lines, std::size_t max_line_bytes) const;

 private:
  std::array<char, kCapacity> ring_{};
  std::size_t total_ = 0;  // bytes ever appended; the next one goes to ring_[total_ % kCapacity]
};

}  // namespace arena
