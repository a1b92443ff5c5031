#include "process/stderr_tail.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "protocol/bot_text.h"

namespace arena {

void StderrTail::append(const char* data, std::size_t n) {
  // Only the last kCapacity bytes of a large read can survive: copy just those.
  const std::size_t skip = n > kCapacity ? n - kCapacity : 0;
  total_ += skip;
  data += skip;
  n -= skip;
  while (n > 0) {
    const std::size_t at = total_ % kCapacity;
    const std::size_t chunk = std::min(n, kCapacity - at);
    std::memcpy(ring_.data() + at, data, chunk);
    total_ += chunk;
    data += chunk;
    n -= chunk;
  }
}

std::string StderrTail::last_lines(int max_lines, std::size_t max_line_bytes) const {
  // Called when a fault is reported, never per ply: allocating here is fine.
  const std::size_t kept = std::min(total_, kCapacity);
  std::string text(kept, '\0');
  for (std::size_t i = 0; i < kept; ++i) text[i] = ring_[(total_ - kept + i) % kCapacity];
  std::string_view rest(text);
  if (total_ > kCapacity) {  // the first line lost its beginning to the ring
    const std::size_t nl = rest.find('\n');
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
  }
  std::vector<std::string_view> lines;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") != std::string_view::npos) lines.push_back(line);
  }
  const std::size_t first = lines.size() > static_cast<std::size_t>(std::max(max_lines, 0))
                                ? lines.size() - static_cast<std::size_t>(std::max(max_lines, 0))
                                : 0;
  std::string out;
  for (std::size_t i = first; i < lines.size(); ++i)
    out += (out.empty() ? "" : "\n") + protocol::printable(lines[i], max_line_bytes);
  return out;
}

}  // namespace arena
