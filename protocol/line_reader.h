// Splits a byte stream from a bot into lines without ever holding more than a bounded
// amount: a bot that writes megabytes without a newline is caught, not buffered.
#pragma once

#include <cstddef>
#include <string>

namespace arena::protocol {

class LineReader {
 public:
  explicit LineReader(std::size_t max_line_bytes) : max_line_(max_line_bytes) {}

  // Appends bytes read from the stream.
  void feed(const char* data, std::size_t size);

  // Takes the next complete line, without its "\n" or "\r\n". Returns false when no
  // complete line is buffered or the stream overflowed.
  bool next(std::string& line);

  // True once a line (complete or not) exceeded the limit; the stream is then unusable
  // because the reader cannot know where the next message starts.
  bool overflowed() const { return overflowed_; }

  // Bytes buffered that do not yet form a complete line.
  std::size_t pending() const { return buffer_.size() - start_; }

 private:
  std::size_t max_line_;
  std::string buffer_;
  std::size_t start_ = 0;  // first unread byte of buffer_
  bool overflowed_ = false;
};

}  // namespace arena::protocol
