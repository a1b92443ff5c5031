#include "records/pgn_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace arena::pgn_detail {

// ---------------------------------------------------------------- tag values

// PGN defines only \" and \\ inside tag values; we add \n, \r, \t and \xHH for other
// control bytes so a tag (e.g. a bot's illegal output line) always stays on one line.
std::string escape_tag(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  for (unsigned char c : v) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02X", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Action texts live inside {...}: bytes outside printable ASCII, braces and '%' itself
// are written as %HH so a comment can never end early.
std::string encode_token(std::string_view v) {
  std::string out;
  for (unsigned char c : v) {
    if (c <= 0x20 || c >= 0x7f || c == '{' || c == '}' || c == '%') {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::optional<std::string> decode_token(std::string_view v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] != '%') {
      out += v[i];
      continue;
    }
    if (i + 2 >= v.size()) return std::nullopt;
    int hi = hex_value(v[i + 1]), lo = hex_value(v[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

// Seconds with millisecond precision when exact, microseconds otherwise: "0.512s".
std::string format_seconds(std::int64_t micros) {
  char buf[40];
  if (micros % 1000 == 0)
    std::snprintf(buf, sizeof buf, "%lld.%03llds", static_cast<long long>(micros / 1000000),
                  static_cast<long long>(micros / 1000 % 1000));
  else
    std::snprintf(buf, sizeof buf, "%lld.%06llds", static_cast<long long>(micros / 1000000),
                  static_cast<long long>(micros % 1000000));
  return buf;
}

// Inverse of format_seconds; accepts 0..6 decimals.
std::optional<std::int64_t> parse_seconds(std::string_view s) {
  if (s.size() < 2 || s.back() != 's') return std::nullopt;
  s.remove_suffix(1);
  size_t dot = s.find('.');
  std::string_view whole = s.substr(0, dot);
  std::string_view frac = dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  if (whole.empty() || frac.size() > 6 || (dot != std::string_view::npos && frac.empty()))
    return std::nullopt;
  std::int64_t w = 0;
  auto [p, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), w);
  if (ec != std::errc() || p != whole.data() + whole.size() || w < 0 || w > 1'000'000'000)
    return std::nullopt;
  std::int64_t f = 0;
  for (size_t i = 0; i < 6; ++i) {
    int d = 0;
    if (i < frac.size()) {
      if (frac[i] < '0' || frac[i] > '9') return std::nullopt;
      d = frac[i] - '0';
    }
    f = f * 10 + d;
  }
  return w * 1000000 + f;
}

std::string format_number(double x) {
  char buf[32];
  auto [p, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return ec == std::errc() ? std::string(buf, p) : std::string("0");
}

bool parse_double(std::string_view s, double& out) {
  if (s.empty()) return false;
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  // libc++ before 17 (the report page's engine, built for WebAssembly: bindings/page_engine/)
  // has no from_chars for doubles. It reads records the host already read, so strtod's
  // few extra spellings (a leading space or '+') are never met there.
  const std::string text(s);
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(out);
#else
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out);
#endif
}

std::vector<std::string_view> split_ws(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    size_t j = i;
    while (j < s.size() && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// ---------------------------------------------------------------- results

// Standard PGN result of a two-seat game, from seat 1's point of view (seat 1 = White).
std::string result_token(const GameRecord& r) {
  if (r.results.size() != 2 || r.players.size() != 2) return "*";
  int a = r.results[0].rank, b = r.results[1].rank;
  if (a < b) return "1-0";
  if (a > b) return "0-1";
  return "1/2-1/2";
}

bool is_result_token(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

bool default_teams(const GameRecord& r) {
  for (size_t i = 0; i < r.results.size(); ++i)
    if (r.results[i].team != static_cast<int>(i)) return false;
  return true;
}

// Tags this module reads into GameRecord fields; everything else is an extra tag.
bool is_known_tag(const std::string& name) {
  static const char* const known[] = {"Event",          "Site",         "Date",       "Round",
                                      "White",          "Black",        "Result",     "Game",
                                      "Seed",           "TimeControl",  "Ranks",      "Scores",
                                      "Teams",          "Termination",  "FaultSeat",  "TerminationDetail",
                                      "RefereeVersion", "OpeningPlies", "BotLinesCut"};
  for (const char* k : known)
    if (name == k) return true;
  if (name.size() > 4 && name.compare(0, 4, "Seat") == 0) {
    int n = 0;
    return parse_int(std::string_view(name).substr(4), n) && n >= 1;
  }
  return false;
}

}  // namespace arena::pgn_detail
