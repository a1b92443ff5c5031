// Bot lines: the cap and the PGN form (records/bot_lines.h).
#include "records/bot_lines.h"

#include <cstdio>

#include "records/pgn_text.h"

namespace arena {

void BotLineCap::keep(GameRecord& record, int ply, int seat, BotLine::Kind kind, std::string_view text) {
  if (record.bot_lines_cut != 0 || used_ + text.size() > cap_) {
    if (record.bot_lines_cut == 0) record.bot_lines_cut = ply;
    record.bot_lines_dropped += text.size();
    return;
  }
  used_ += text.size();
  record.bot_lines.push_back(BotLine{ply, seat, kind, std::string(text)});
}

namespace pgn_detail {

namespace {

constexpr std::size_t kMaxLine = 79;

bool needs_escape(unsigned char c) { return c < 0x20 || c == 0x7f || c == '{' || c == '}' || c == '%'; }

// A space where the comment may go on to the next line: the reader joins lines with one space,
// so the break is exact; never before a space or '[' (a line starting with '[' reads as a tag).
bool breakable(const std::string& s, std::size_t i) {
  return s[i] == ' ' && i > 0 && s[i - 1] != ' ' && i + 1 < s.size() && s[i + 1] != ' ' && s[i + 1] != '[';
}

}  // namespace

void append_bot_line_comment(const BotLine& line, int ply, std::string& out) {
  std::string c = "{" + std::to_string(ply) + ": s" + std::to_string(line.seat) +
                  (line.kind == BotLine::Kind::kInfo ? " info " : " stderr ");
  for (unsigned char ch : line.text) {
    if (!needs_escape(ch)) {
      c += static_cast<char>(ch);
      continue;
    }
    char buf[4];
    std::snprintf(buf, sizeof buf, "%%%02X", ch);
    c += buf;
  }
  c += '}';
  std::size_t start = 0;
  while (c.size() - start > kMaxLine) {
    std::size_t cut = std::string::npos;
    for (std::size_t i = start + kMaxLine; i > start; --i)
      if (breakable(c, i)) {
        cut = i;
        break;
      }
    if (cut == std::string::npos) break;  // no place to break: one long line
    out.append(c, start, cut - start);
    out += '\n';
    start = cut + 1;
  }
  out.append(c, start, std::string::npos);
  out += '\n';
}

std::optional<BotLine> read_bot_line_comment(std::string_view body) {
  // "N: sK KIND[ TEXT]"; anything not shaped so is a free annotation.
  const std::size_t colon = body.find(": s");
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  BotLine line;
  if (!parse_int(body.substr(0, colon), line.ply)) return std::nullopt;
  std::string_view rest = body.substr(colon + 3);
  const std::size_t space = rest.find(' ');
  if (space == std::string_view::npos || !parse_int(rest.substr(0, space), line.seat)) return std::nullopt;
  rest.remove_prefix(space + 1);
  if (rest.substr(0, 4) == "info" && (rest.size() == 4 || rest[4] == ' ')) {
    line.kind = BotLine::Kind::kInfo;
    rest.remove_prefix(rest.size() == 4 ? 4 : 5);
  } else if (rest.substr(0, 6) == "stderr" && (rest.size() == 6 || rest[6] == ' ')) {
    line.kind = BotLine::Kind::kStderr;
    rest.remove_prefix(rest.size() == 6 ? 6 : 7);
  } else {
    return std::nullopt;
  }
  if (line.ply < 1) throw std::string("a bot line's ply must be 1 or more");
  if (line.seat < 1) throw std::string("a bot line's seat must be s1 or more");
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      line.text += rest[i];
      continue;
    }
    const int hi = i + 1 < rest.size() ? hex_value(rest[i + 1]) : -1;
    const int lo = i + 2 < rest.size() ? hex_value(rest[i + 2]) : -1;
    if (hi < 0 || lo < 0) throw std::string("bad %-escape in a bot line");
    line.text += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return line;
}

std::string bot_lines_cut_tag(const GameRecord& record) {
  return std::to_string(record.bot_lines_cut) + " " + std::to_string(record.bot_lines_dropped);
}

bool read_bot_lines_cut_tag(std::string_view value, GameRecord& record) {
  const auto items = split_ws(value);
  return items.size() == 2 && parse_int(items[0], record.bot_lines_cut) && record.bot_lines_cut >= 1 &&
         parse_int(items[1], record.bot_lines_dropped);
}

}  // namespace pgn_detail

}  // namespace arena
