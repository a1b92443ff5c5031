#include "engine/core/text_wrap.h"

namespace arena {

namespace {

void wrap_line(const std::string& line, std::size_t width, std::string& out) {
  const std::size_t lead = line.find_first_not_of(' ');
  if (line.size() <= width || lead == std::string::npos) {
    out += line + "\n";
    return;
  }
  const std::string continuation(lead + 4, ' ');
  std::string current = line.substr(0, lead);
  std::size_t start = current.size();  // where this line's words begin
  for (std::size_t p = lead, q; p < line.size(); p = q + 1) {
    q = line.find(' ', p);
    if (q == std::string::npos) q = line.size();
    if (q == p) continue;  // runs of spaces between words collapse when a line breaks
    const std::string word = line.substr(p, q - p);
    if (current.size() > start && current.size() + 1 + word.size() > width) {
      out += current + "\n";
      current = continuation;
      start = current.size();
    }
    current += (current.size() > start ? " " : "") + word;
  }
  out += current + "\n";
}

}  // namespace

std::string wrap_to_width(const std::string& text, std::size_t width) {
  std::string out;
  for (std::size_t b = 0; b < text.size();) {
    std::size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size();
    wrap_line(text.substr(b, e - b), width, out);
    b = e + 1;
  }
  return out;
}

}  // namespace arena
