#include "cli/numeric_flag.h"

#include <charconv>
#include <climits>
#include <iomanip>
#include <sstream>
#include <string>

#include "referee/time_control.h"

namespace arena::cli {

namespace {

// Shortest plain spelling: 0.5, 10000, 0.999999 (never 10000.000000).
std::string plain(double x) {
  std::ostringstream out;
  out << std::setprecision(15) << x;
  return out.str();
}

bool parse_whole(const std::string& text, std::int64_t& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && !text.empty();
}

}  // namespace

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  const std::string range = "from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        std::int64_t v = 0;
        if (parse_whole(text, v) && v >= lo && v <= hi) return "";
        return "must be a whole number " + range + ", not '" + text + "'";
      },
      range);
}

CLI::Validator whole_number_from(std::int64_t lo) {
  const std::string range = std::to_string(lo) + " or more";
  return CLI::Validator(
      [lo, range](std::string& text) -> std::string {
        std::int64_t v = 0;
        const bool whole = parse_whole(text, v);
        if (whole && v >= lo && v <= INT_MAX) return "";
        if (whole && v > INT_MAX) return "'" + text + "' is too large";
        return "must be a whole number, " + range + ", not '" + text + "'";
      },
      range);
}

CLI::Validator decimal_number(double lo, double hi) {
  const std::string range = "from " + plain(lo) + " to " + plain(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        double v = 0;
        if (CLI::detail::lexical_cast(text, v) && v >= lo && v <= hi) return "";
        return "must be a number " + range + ", not '" + text + "'";
      },
      range);
}

CLI::Validator seconds_value(std::int64_t lo_ms, std::int64_t hi_ms) {
  const std::string range = "from " + plain(lo_ms / 1000.0) + " to " + plain(hi_ms / 1000.0);
  return CLI::Validator(
      [lo_ms, hi_ms, range](std::string& text) -> std::string {
        try {
          const std::int64_t ms = parse_seconds(text, "");
          if (ms >= lo_ms && ms <= hi_ms) return "";
        } catch (const UserError&) {  // the validator words its own message
        }
        return "'" + text + "' is not a number of seconds " + range + ", to the millisecond (e.g. 5, 0.25)";
      },
      range);
}

CLI::Validator clock_value() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        TimeControl t;
        try {
          parse_tc(text, t);
          return "";
        } catch (const UserError&) {  // the validator words its own message
        }
        return "'" + text +
               "' is not BASE+INC in seconds (e.g. 10+0.1): each from 0 to 100000000, to the millisecond, "
               "not both 0";
      },
      "");
}

CLI::Validator seed_number() {
  const std::string range = "from 0 to 2^64 - 1";
  return CLI::Validator(
      [range](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);
        if (ec == std::errc() && ptr == end && !text.empty()) return "";
        return "must be a whole number " + range + ", not '" + text + "'";
      },
      range);
}

}  // namespace arena::cli
