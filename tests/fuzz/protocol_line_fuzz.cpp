// libFuzzer target: the referee's side of the line protocol, i.e. what it does with the
// bytes a bot writes. Input: byte 0 sets the line cap (1..64 bytes, small so overflows
// are reached), byte 1 the chunk size the stream arrives in, the rest is the bot's output.
// Checked: the LineReader hands out only lines within the cap, never holds much more than
// one line plus one chunk, and yields the same lines whatever the chunking; parse_bot_line
// classifies every line, explains every rejection briefly, and accepts only well-formed
// move tokens.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/line_reader.h"
#include "protocol/messages.h"

namespace {

using arena::protocol::BotMessage;

// Every line the reader yields for `bytes` fed in `chunk`-sized pieces, and whether it overflowed.
std::vector<std::string> read_lines(std::string_view bytes, std::size_t cap, std::size_t chunk,
                                    bool& overflowed) {
  arena::protocol::LineReader reader(cap);
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t at = 0; at < bytes.size(); at += chunk) {
    const std::size_t n = std::min(chunk, bytes.size() - at);
    reader.feed(bytes.data() + at, n);
    // Bounded memory: what is buffered is at most one unfinished line plus this chunk.
    if (!reader.overflowed() && reader.pending() > cap + 2 + n) __builtin_trap();
    while (reader.next(line)) {
      if (line.size() > cap || line.find('\n') != std::string::npos) __builtin_trap();
      lines.push_back(line);
    }
  }
  overflowed = reader.overflowed();
  return lines;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

void check_message(const std::string& line) {
  const BotMessage m = arena::protocol::parse_bot_line(line);
  switch (m.kind) {
    case BotMessage::Kind::kMove:
      // One printable token: the engine's parsers never see blanks or control bytes.
      if (m.text.empty()) __builtin_trap();
      for (unsigned char c : m.text)
        if (is_blank(static_cast<char>(c)) || c < 0x20 || c == 0x7f) __builtin_trap();
      break;
    case BotMessage::Kind::kMalformed:
    case BotMessage::Kind::kUnknown:
      // The error quotes at most a clipped piece of the line: a 100 MB line cannot
      // become a 100 MB log entry.
      if (m.error.empty() || m.error.size() > 400) __builtin_trap();
      break;
    case BotMessage::Kind::kEmpty:
      for (char c : line)
        if (!is_blank(c)) __builtin_trap();
      break;
    default:
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t cap = 1 + data[0] % 64;
  const std::size_t chunk = 1 + data[1] % 32;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 2), size - 2);

  bool overflow_chunked = false, overflow_whole = false;
  const auto chunked = read_lines(bytes, cap, chunk, overflow_chunked);
  const auto whole = read_lines(bytes, cap, bytes.size() + 1, overflow_whole);
  // How the bytes arrive changes nothing: same lines, same overflow verdict.
  if (chunked != whole || overflow_chunked != overflow_whole) __builtin_trap();

  for (const auto& line : chunked) check_message(line);
  // Lines straight from the input too (the cap is the reader's job, the parser must cope
  // with any length).
  check_message(std::string(bytes));
  return 0;
}
