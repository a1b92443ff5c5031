#include "protocol/bot_text.h"

#include <cstdio>

namespace arena::protocol {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (1..4), or 0 if invalid there.
// Rejects overlong forms, surrogates and code points past U+10FFFF (RFC 3629).
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (n == 0 || c > 0xF4 || c == 0xC0 || c == 0xC1 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  const unsigned char c1 = byte(i + 1);
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) ||
      (c == 0xF4 && c1 > 0x8F))
    return 0;
  return n;
}

void append_hex(std::string& out, unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", c);
  out += buf;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (i + (n ? n : 1) > max_bytes) break;
    if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7F) {
      append_hex(out, c);  // a control byte, or a byte that is not valid UTF-8
      i += 1;
    } else if (n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
      append_hex(out, c);  // a C1 control (U+0080..U+009F), e.g. CSI
      append_hex(out, static_cast<unsigned char>(text[i + 1]));
      i += 2;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  if (i < text.size()) out += "...";
  return out;
}

std::string quoted(std::string_view text, std::size_t max_bytes) {
  return "'" + printable(text, max_bytes) + "'";
}

}  // namespace arena::protocol
