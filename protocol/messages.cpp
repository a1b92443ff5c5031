#include "protocol/messages.h"

#include <charconv>

#include "protocol/bot_text.h"

namespace arena::protocol {

std::string hello_line() { return "arena " + std::to_string(kVersion); }

std::string newgame_line(std::string_view spec, int seat, int players, std::uint64_t seed) {
  return "newgame " + std::string(spec) + " " + std::to_string(seat) + " " + std::to_string(players) + " " +
         std::to_string(seed);
}

void append_event_line(std::string& out, int actor, std::string_view token) {
  out += "event ";
  if (actor == 0) {
    out += "chance";
  } else {
    char digits[16];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, actor);
    (void)ec;
    out.append(digits, end);
  }
  out += ' ';
  out += token;
  out += '\n';
}

void append_obs_line(std::string& out, std::string_view observation_line) {
  out += kObsLinePrefix;
  out += observation_line;
  out += '\n';
}

void append_legal_line(std::string& out, std::string_view joined_names) {
  out += "legal";
  if (!joined_names.empty()) {
    out += ' ';
    out += joined_names;
  }
  out += '\n';
}

namespace {
// A one-line message without its '\n'.
std::string one_line(std::string s) {
  s.pop_back();
  return s;
}
}  // namespace

std::string event_line(int actor, std::string_view token) {
  std::string s;
  append_event_line(s, actor, token);
  return one_line(std::move(s));
}

std::string legal_line(const std::vector<std::string>& moves) {
  std::string joined;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) joined += ' ';
    joined += moves[i];
  }
  std::string s;
  append_legal_line(s, joined);
  return one_line(std::move(s));
}

std::string go_line(std::int64_t remaining_ms, std::int64_t increment_ms, std::int64_t movetime_ms) {
  std::string s;
  append_go_line(s, remaining_ms, increment_ms, movetime_ms);
  s.pop_back();
  return s;
}

void append_go_line(std::string& out, std::int64_t remaining_ms, std::int64_t increment_ms,
                    std::int64_t movetime_ms) {
  char buf[80] = "go ";
  char* p = buf + 3;
  for (const std::int64_t v : {remaining_ms, increment_ms, movetime_ms}) {
    p = std::to_chars(p, buf + sizeof buf, v).ptr;
    *p++ = ' ';
  }
  p[-1] = '\n';
  out.append(buf, p);
}

std::string gameover_line(std::string_view reason, const std::vector<SeatOutcome>& outcomes) {
  std::string s = "gameover ";
  s += reason;
  for (const auto& o : outcomes) {
    // " RANK:SCORE", the score as printf's %g writes it (to_chars with a precision is
    // specified so), without printf's format parsing: two to three thousand instructions
    // a seat, paid at every game's end.
    char buf[64];
    char* p = buf;
    *p++ = ' ';
    p = std::to_chars(p, buf + sizeof buf, o.rank).ptr;
    *p++ = ':';
    p = std::to_chars(p, buf + sizeof buf, o.score, std::chars_format::general, 6).ptr;
    s.append(buf, p);
  }
  return s;
}

std::string quit_line() { return "quit"; }

std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

namespace {

// Text after the keyword, without surrounding blanks.
std::string_view rest_after_keyword(std::string_view line, std::string_view keyword) {
  std::size_t pos = line.find(keyword) + keyword.size();
  std::string_view rest = line.substr(pos);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
  return rest;
}

// The first two tokens of a line and how many it has, as split_tokens would give them,
// without a vector: a bot's every move line passes here.
struct LeadingTokens {
  std::string_view first, second;
  std::size_t count = 0;
};

LeadingTokens leading_tokens(std::string_view line) {
  LeadingTokens t;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) {
      if (t.count == 0) t.first = line.substr(i, j - i);
      if (t.count == 1) t.second = line.substr(i, j - i);
      ++t.count;
    }
    i = j;
  }
  return t;
}

bool has_control_bytes(std::string_view line) {
  for (unsigned char c : line)
    if ((c < 0x20 && c != '\t') || c == 0x7f) return true;
  return false;
}

}  // namespace

BotMessage parse_bot_line(std::string_view line) {
  BotMessage m;
  const LeadingTokens tokens = leading_tokens(line);
  if (tokens.count == 0) {
    m.kind = BotMessage::Kind::kEmpty;
    return m;
  }
  if (has_control_bytes(line)) {
    m.kind = BotMessage::Kind::kUnknown;
    m.error = "control characters in line " + quoted(line, 60);
    return m;
  }
  const std::string_view key = tokens.first;
  if (key == "move") {
    if (tokens.count != 2) {
      m.kind = BotMessage::Kind::kMalformed;
      m.error = "'move' needs exactly one move token, got " + quoted(line, 60);
      return m;
    }
    m.kind = BotMessage::Kind::kMove;
    m.text = std::string(tokens.second);
  } else if (key == "info") {
    m.kind = BotMessage::Kind::kInfo;
    m.text = std::string(rest_after_keyword(line, key));
  } else if (key == "name" || key == "author") {
    if (tokens.count < 2) {
      m.kind = BotMessage::Kind::kMalformed;
      // Not "'" + key + "...": g++ 12 -O3 reports a false -Wrestrict on that.
      m.error = std::string(key) + "' needs a text";
      m.error.insert(m.error.begin(), '\'');
      return m;
    }
    m.kind = key == "name" ? BotMessage::Kind::kName : BotMessage::Kind::kAuthor;
    m.text = std::string(rest_after_keyword(line, key));
  } else if (key == "resign") {
    if (tokens.count != 1) {
      m.kind = BotMessage::Kind::kMalformed;
      m.error = "'resign' takes no arguments, got " + quoted(line, 60);
      return m;
    }
    m.kind = BotMessage::Kind::kResign;
  } else if (key == "ready") {
    if (tokens.count != 1) {
      m.kind = BotMessage::Kind::kMalformed;
      m.error = "'ready' takes no arguments, got " + quoted(line, 60);
      return m;
    }
    m.kind = BotMessage::Kind::kReady;
  } else {
    m.kind = BotMessage::Kind::kUnknown;
    m.error = "not a protocol message: " + quoted(line, 60);
  }
  return m;
}

}  // namespace arena::protocol
