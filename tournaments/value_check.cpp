#include "tournaments/value_check.h"

#include <charconv>
#include <climits>
#include <iomanip>
#include <sstream>

#include "engine/core/user_error.h"
#include "referee/time_control.h"

namespace arena {

namespace {

template <typename T>
bool parse_whole(std::string_view text, T& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && !text.empty();
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace

std::string plain_number(double x) {
  std::ostringstream out;
  out << std::setprecision(15) << x;
  return out.str();
}

std::string whole_number_problem(std::string_view text, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  if (parse_whole(text, v) && v >= lo && v <= hi) return "";
  return "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " +
         quoted(text);
}

std::string whole_number_from_problem(std::string_view text, std::int64_t lo) {
  std::int64_t v = 0;
  const bool whole = parse_whole(text, v);
  if (whole && v >= lo && v <= INT_MAX) return "";
  if (whole && v > INT_MAX) return quoted(text) + " is too large";
  return "must be a whole number, " + std::to_string(lo) + " or more, not " + quoted(text);
}

std::string decimal_problem(std::string_view text, double lo, double hi) {
  // strtod takes what people write (0.5, 1e-3, 5); the whole text must be the number.
  const std::string s(text);
  char* end = nullptr;
  const double v = s.empty() ? 0 : std::strtod(s.c_str(), &end);
  if (!s.empty() && end == s.c_str() + s.size() && v >= lo && v <= hi) return "";
  return "must be a number from " + plain_number(lo) + " to " + plain_number(hi) + ", not " + quoted(text);
}

std::string seed_problem(std::string_view text) {
  std::uint64_t v = 0;
  if (parse_whole(text, v)) return "";
  return "must be a whole number from 0 to 2^64 - 1, not " + quoted(text);
}

std::string seconds_problem(std::string_view text, std::int64_t lo_ms, std::int64_t hi_ms) {
  try {
    const std::int64_t ms = parse_seconds(text, "");
    if (ms >= lo_ms && ms <= hi_ms) return "";
  } catch (const UserError&) {
  }
  return quoted(text) + " is not a number of seconds from " + plain_number(lo_ms / 1000.0) + " to " +
         plain_number(hi_ms / 1000.0) + ", to the millisecond (e.g. 5, 0.25)";
}

std::string clock_problem(std::string_view text) {
  TimeControl t;
  try {
    parse_tc(text, t);
    return "";
  } catch (const UserError&) {
  }
  return quoted(text) +
         " is not BASE+INC in seconds (e.g. 10+0.1): each from 0 to 100000000, to the millisecond, not both "
         "0";
}

}  // namespace arena
