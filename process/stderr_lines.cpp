// Standard error in lines (process/stderr_lines.h).
#include "process/stderr_lines.h"

namespace arena {

void StderrLines::feed(const char* data, std::size_t n) {
  if (!sink_) {
    partial_.clear();
    skipping_ = false;
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const char c = data[i];
    if (c == '\n') {
      if (!skipping_) emit();
      skipping_ = false;
      partial_.clear();
      continue;
    }
    if (skipping_) continue;
    partial_ += c;
    if (partial_.size() >= max_) {
      emit();
      partial_.clear();
      skipping_ = true;
    }
  }
}

void StderrLines::flush() {
  if (sink_ && !skipping_) emit();
  partial_.clear();
  skipping_ = false;
}

void StderrLines::emit() {
  std::string_view line = partial_;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.find_first_not_of(" \t") == std::string_view::npos) return;
  sink_(line);
}

}  // namespace arena
