#include "protocol/line_reader.h"

namespace arena::protocol {

void LineReader::feed(const char* data, std::size_t size) {
  if (overflowed_) return;
  // Drop consumed bytes before growing, so the buffer stays near one line long.
  if (start_ > 0 && start_ >= buffer_.size() / 2) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  buffer_.append(data, size);
}

bool LineReader::next(std::string& line) {
  if (overflowed_) return false;
  const std::size_t end = buffer_.find('\n', start_);
  if (end == std::string::npos) {
    // A line of exactly the cap may be waiting for the "\n" of its "\r\n": not over yet.
    const bool cr_last = pending() > 0 && buffer_.back() == '\r';
    const std::size_t allowed = max_line_ + (cr_last ? 1 : 0);
    if (pending() > allowed) overflowed_ = true;
    return false;
  }
  std::size_t len = end - start_;
  if (len > 0 && buffer_[end - 1] == '\r') --len;
  if (len > max_line_) {
    overflowed_ = true;
    return false;
  }
  line.assign(buffer_, start_, len);
  start_ = end + 1;
  return true;
}

}  // namespace arena::protocol
