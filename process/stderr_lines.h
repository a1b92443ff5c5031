// A bot's standard error cut into lines for whoever keeps them beside its moves (the referee's
// game records, docs/records.md "Bot lines"). Bytes arrive in chunks of any size; a line ends
// at '\n' (a '\r' before it is dropped), blank lines are skipped, and a line longer than the
// cap is cut there and the rest of it dropped. No allocation once the partial line's buffer
// has grown; nothing at all for a bot that writes nothing.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace arena {

class StderrLines {
 public:
  using Sink = std::function<void(std::string_view line)>;

  explicit StderrLines(std::size_t max_line_bytes = 1000) : max_(max_line_bytes) {}
  // A new sink (a new game) starts on a fresh line: a partial line belongs to the last one.
  void set_sink(Sink sink) {
    sink_ = std::move(sink);
    partial_.clear();
    skipping_ = false;
  }
  bool has_sink() const { return static_cast<bool>(sink_); }
  // Splits `data` into lines for the sink; without a sink the bytes are dropped, and a partial
  // line is forgotten (its end belongs to no one).
  void feed(const char* data, std::size_t n);
  // The last line, when the stream ends without a newline.
  void flush();

 private:
  void emit();

  std::size_t max_;
  std::string partial_;
  bool skipping_ = false;  // past the cap of an overlong line, until its newline
  Sink sink_;
};

}  // namespace arena
