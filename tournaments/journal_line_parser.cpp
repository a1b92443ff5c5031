#include "tournaments/journal_line_parser.h"

#include <charconv>
#include <limits>

namespace arena {

namespace {

// A cursor over one line; every step returns false at the first byte it does not expect.
struct Cursor {
  const char* p;
  const char* end;

  bool literal(std::string_view s) {
    if (static_cast<std::size_t>(end - p) < s.size() || std::string_view(p, s.size()) != s) return false;
    p += s.size();
    return true;
  }
  bool peek(char c) const { return p < end && *p == c; }

  // A string without escapes, control or non-ASCII bytes (those go to the general parser,
  // which also checks their UTF-8).
  bool string(std::string& out) {
    if (!literal("\"")) return false;
    const char* begin = p;
    while (p < end && *p != '"') {
      const auto c = static_cast<unsigned char>(*p);
      if (c == '\\' || c < 0x20 || c >= 0x80) return false;
      ++p;
    }
    if (p == end) return false;
    out.assign(begin, p);
    ++p;
    return true;
  }

  // A JSON integer (no fraction or exponent) that fits T.
  template <typename T>
  bool integer(T& out) {
    const char* begin = p;
    if (peek('-')) ++p;
    if (p == end || *p < '0' || *p > '9' || (*p == '0' && p + 1 < end && p[1] >= '0' && p[1] <= '9'))
      return false;
    while (p < end && *p >= '0' && *p <= '9') ++p;
    if (p < end && (*p == '.' || *p == 'e' || *p == 'E')) return false;
    auto [ptr, ec] = std::from_chars(begin, p, out);
    return ec == std::errc() && ptr == p;
  }

  bool digits() {
    const char* begin = p;
    while (p < end && *p >= '0' && *p <= '9') ++p;
    return p != begin;
  }

  // A JSON number (strict grammar) as a double: from_chars rounds exactly, and serialize()
  // wrote the shortest text that reads back to the same double.
  bool number(double& out) {
    const char* begin = p;
    if (peek('-')) ++p;
    const char* first = p;
    if (!digits() || (*first == '0' && p - first > 1)) return false;
    if (peek('.') && (++p, !digits())) return false;
    if (peek('e') || peek('E')) {
      ++p;
      if (peek('+') || peek('-')) ++p;
      if (!digits()) return false;
    }
    auto [ptr, ec] = std::from_chars(begin, p, out);
    return ec == std::errc() && ptr == p;
  }

  // "[a,b,...]" with `item` reading each element.
  template <typename Item>
  bool array(Item item) {
    if (!literal("[")) return false;
    if (literal("]")) return true;
    do {
      if (!item()) return false;
    } while (literal(","));
    return literal("]");
  }
};

// The seed is written as text: digits only, up to 2^64 - 1.
bool seed_text(Cursor& c, std::uint64_t& seed) {
  if (!c.literal("\"")) return false;
  const char* begin = c.p;
  while (c.p < c.end && *c.p >= '0' && *c.p <= '9') ++c.p;
  if (c.p == begin || !c.peek('"')) return false;
  auto [ptr, ec] = std::from_chars(begin, c.p, seed);
  if (ec != std::errc() || ptr != c.p) return false;
  ++c.p;
  return true;
}

bool vectors(Cursor& c, JournalEntry& e) {
  std::size_t k = 0;
  auto player = [&] {
    if (k == e.players.size()) e.players.emplace_back();
    return c.string(e.players[k++]);
  };
  if (!c.literal(",\"players\":") || !c.array(player)) return false;
  e.players.resize(k);
  auto into = [&c](auto& v) {
    v.clear();
    return c.array([&] {
      typename std::remove_reference_t<decltype(v)>::value_type x{};
      if constexpr (std::is_same_v<decltype(x), double>) {
        if (!c.number(x)) return false;
      } else if (!c.integer(x)) {
        return false;
      }
      v.push_back(x);
      return true;
    });
  };
  return c.literal(",\"ranks\":") && into(e.ranks) && c.literal(",\"scores\":") && into(e.scores) &&
         c.literal(",\"teams\":") && into(e.teams);
}

}  // namespace

bool parse_journal_line_fast(std::string_view line, JournalEntry& e) {
  Cursor c{line.data(), line.data() + line.size()};
  return c.literal("{\"index\":") && c.integer(e.index) && c.literal(",\"round\":") && c.string(e.round) &&
         c.literal(",\"seed\":") && seed_text(c, e.seed) && vectors(c, e) && c.literal(",\"termination\":") &&
         c.string(e.termination) && c.literal(",\"fault_seat\":") && c.integer(e.fault_seat) &&
         c.literal(",\"pgn_end\":") && c.integer(e.pgn_end) && c.literal("}") && c.p == c.end;
}

}  // namespace arena
