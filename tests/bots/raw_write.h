// write(2) of the whole text with no stdio buffering, for the test bots that control exactly
// how their output is cut into writes.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <string>

namespace testbot {

inline void raw_write(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(1, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace testbot
