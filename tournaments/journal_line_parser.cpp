#include "tournaments/journal_line_parser.h"

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "engine/core/user_error.h"

namespace arena {

namespace {

[[noreturn]] void fail(std::string_view field, const std::string& what) {
  throw UserError("\"" + std::string(field) + "\": " + what);
}

// Appends code point `cp` to `out` as UTF-8.
void append_utf8(std::uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// A cursor over one line (without its closing brace); every step throws at the first byte
// it does not expect, naming the field.
struct Cursor {
  const char* line;  // its first byte, for the byte positions of errors
  const char* p;
  const char* end;
  std::string_view field;  // the one being read, for errors

  bool literal(std::string_view s) {
    if (static_cast<std::size_t>(end - p) < s.size() || std::string_view(p, s.size()) != s) return false;
    p += s.size();
    return true;
  }
  bool peek(char c) const { return p < end && *p == c; }
  void expect(char c, const char* what) {
    if (!literal(std::string_view(&c, 1))) fail(field, std::string("expected ") + what);
  }

  // `"name":`, the next key, after a ',' unless it is the first: a line that ends before
  // it misses the field; one that has something else there is in another shape.
  void key(std::string_view name, bool first) {
    if (p == end) throw UserError("missing \"" + std::string(name) + "\"");
    if (!first) expect(',', "',' after it");
    if (!literal("\"") || !literal(name) || !literal("\":"))
      throw UserError("expected \"" + std::string(name) + "\" at byte " + std::to_string(p - line + 1));
    field = name;
  }

  // Four hex digits of a \u escape.
  std::uint32_t hex4() {
    if (end - p < 4) fail(field, "a \\u escape is cut short");
    std::uint32_t v = 0;
    auto [ptr, ec] = std::from_chars(p, p + 4, v, 16);
    if (ec != std::errc() || ptr != p + 4) fail(field, "a \\u escape needs four hex digits");
    p += 4;
    return v;
  }

  // One escape after its backslash, as Boost.JSON writes them (\uXXXX for other controls).
  void escape(std::string& out) {
    if (p == end) fail(field, "the string is cut short");
    const char c = *p++;
    switch (c) {
      case '"':
      case '\\':
      case '/':
        out += c;
        return;
      case 'b':
        out += '\b';
        return;
      case 'f':
        out += '\f';
        return;
      case 'n':
        out += '\n';
        return;
      case 'r':
        out += '\r';
        return;
      case 't':
        out += '\t';
        return;
      case 'u':
        break;
      default:
        fail(field, std::string("unknown escape \\") + c);
    }
    std::uint32_t cp = hex4();
    if (cp >= 0xD800 && cp < 0xDC00) {  // a high surrogate: its low half must follow
      if (!literal("\\u")) fail(field, "a lone surrogate in a \\u escape");
      const std::uint32_t low = hex4();
      if (low < 0xDC00 || low >= 0xE000) fail(field, "a lone surrogate in a \\u escape");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp < 0xE000) {
      fail(field, "a lone surrogate in a \\u escape");
    }
    append_utf8(cp, out);
  }

  // A JSON string. Bytes from 0x80 up are taken as they are: the writer copies the names
  // it was given byte for byte.
  void string(std::string& out) {
    if (!literal("\"")) fail(field, "not a string");
    out.clear();
    for (;;) {
      const char* begin = p;
      while (p < end && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20) ++p;
      out.append(begin, p);
      if (p == end) fail(field, "the string is cut short");
      if (*p == '"') break;
      if (*p != '\\') fail(field, "a control character in a string");
      ++p;
      escape(out);
    }
    ++p;
  }

  bool digits() {
    const char* begin = p;
    while (p < end && *p >= '0' && *p <= '9') ++p;
    return p != begin;
  }

  // The text of a JSON number (strict grammar); its end is p.
  const char* number_text(bool integer) {
    const char* begin = p;
    if (peek('-')) ++p;
    const char* first = p;
    if (!digits()) fail(field, "not a number");
    if (*first == '0' && p - first > 1) fail(field, "a number with a leading zero");
    if (peek('.') || peek('e') || peek('E')) {
      if (integer) fail(field, "not an integer");
      if (peek('.') && (++p, !digits())) fail(field, "not a number");
      if (peek('e') || peek('E')) {
        ++p;
        if (peek('+') || peek('-')) ++p;
        if (!digits()) fail(field, "not a number");
      }
    }
    return begin;
  }

  // A JSON integer that fits T.
  template <typename T>
  void integer(T& out) {
    const char* begin = number_text(true);
    auto [ptr, ec] = std::from_chars(begin, p, out);
    if (ec != std::errc() || ptr != p) fail(field, std::string(begin, p) + " is out of range");
  }

  // A JSON number as a double: from_chars rounds exactly, and Boost.JSON wrote the shortest
  // text that reads back to the same double.
  void number(double& out) {
    const char* begin = number_text(false);
    auto [ptr, ec] = std::from_chars(begin, p, out);
    if (ec != std::errc() || ptr != p) fail(field, std::string(begin, p) + " is out of range");
  }

  // "[a,b,...]" with `item` reading each element.
  template <typename Item>
  void array(Item item) {
    expect('[', "an array");
    if (literal("]")) return;
    do item();
    while (literal(","));
    expect(']', "',' or ']' in the array");
  }
};

// The seed is written as text: digits only, up to 2^64 - 1.
void seed_text(Cursor& c, std::uint64_t& seed) {
  c.expect('"', "the seed as a string");
  const char* begin = c.p;
  while (c.p < c.end && *c.p >= '0' && *c.p <= '9') ++c.p;
  if (c.p == begin || !c.peek('"')) fail(c.field, "not a string of digits");
  auto [ptr, ec] = std::from_chars(begin, c.p, seed);
  if (ec != std::errc() || ptr != c.p) fail(c.field, "out of range");
  ++c.p;
}

// A numeric array into `v`, reusing its buffer.
template <typename T>
void numbers(Cursor& c, std::vector<T>& v) {
  v.clear();
  c.array([&] {
    T x{};
    if constexpr (std::is_same_v<T, double>)
      c.number(x);
    else
      c.integer(x);
    v.push_back(x);
  });
}

void players(Cursor& c, JournalEntry& e) {
  std::size_t k = 0;
  c.array([&] {
    if (k == e.players.size()) e.players.emplace_back();
    c.string(e.players[k++]);
  });
  e.players.resize(k);
}

}  // namespace

void parse_journal_line(std::string_view line, JournalEntry& e) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (line.empty() || line.front() != '{' || line.back() != '}') throw UserError("not a JSON object");
  Cursor c{line.data(), line.data() + 1, line.data() + line.size() - 1, {}};
  c.key("index", true);
  c.integer(e.index);
  c.key("round", false);
  c.string(e.round);
  c.key("seed", false);
  seed_text(c, e.seed);
  c.key("players", false);
  players(c, e);
  c.key("ranks", false);
  numbers(c, e.ranks);
  c.key("scores", false);
  numbers(c, e.scores);
  c.key("teams", false);
  numbers(c, e.teams);
  c.key("termination", false);
  c.string(e.termination);
  c.key("fault_seat", false);
  c.integer(e.fault_seat);
  c.key("pgn_end", false);
  c.integer(e.pgn_end);
  e.pressure = -1;
  // Only on a time forfeit ruled under CPU pressure; anything else after pgn_end is named as such.
  if (std::string_view(c.p, static_cast<std::size_t>(c.end - c.p)).starts_with(",\"pressure\":")) {
    c.key("pressure", false);
    c.integer(e.pressure);
  }
  if (c.p != c.end) fail(c.field, "unexpected text after it");
}

JournalEntry parse_journal_line(const std::string& line) {
  JournalEntry e;
  parse_journal_line(std::string_view(line), e);
  return e;
}

}  // namespace arena
