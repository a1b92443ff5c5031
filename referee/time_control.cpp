#include "referee/time_control.h"

#include <algorithm>
#include <cstdio>

namespace arena {

namespace {
std::string seconds_text(std::int64_t ms) {
  char buf[32];
  if (ms % 1000 == 0)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(ms / 1000));
  else
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ms) / 1000.0);
  return buf;
}
}  // namespace

std::string TimeControl::text() const {
  std::string s;
  if (has_clock()) {
    s += seconds_text(base_ms);
    s += '+';
    s += seconds_text(increment_ms);
  }
  if (move_time_ms >= 0) {
    if (!s.empty()) s += ',';
    s += "movetime=";
    s += seconds_text(move_time_ms);
  }
  return s.empty() ? "-" : s;
}

std::int64_t parse_seconds(std::string_view text, std::string_view what) {
  auto fail = [&] {
    return UserError(std::string(what) + ": '" + std::string(text) +
                     "' is not a number of seconds (e.g. 5, 0.25)");
  };
  if (text.empty()) throw fail();
  std::int64_t whole = 0, frac = 0;
  int frac_digits = 0;
  bool dot = false, any = false;
  for (char c : text) {
    if (c == '.' && !dot) {
      dot = true;
    } else if (c >= '0' && c <= '9') {
      any = true;
      if (!dot) {
        whole = whole * 10 + (c - '0');
        if (whole > 100000000)
          throw UserError(std::string(what) + ": '" + std::string(text) + "' is too large");
      } else if (frac_digits < 3) {
        frac = frac * 10 + (c - '0');
        ++frac_digits;
      } else if (c != '0') {
        throw UserError(std::string(what) + ": '" + std::string(text) +
                        "' has more precision than a millisecond");
      }
    } else {
      throw fail();
    }
  }
  if (!any) throw fail();
  while (frac_digits < 3) {
    frac *= 10;
    ++frac_digits;
  }
  return whole * 1000 + frac;
}

void parse_tc(std::string_view text, TimeControl& tc, std::string_view what) {
  const std::string name(what);
  std::size_t plus = text.find('+');
  std::string_view base = text.substr(0, plus);
  std::string_view inc = plus == std::string_view::npos ? std::string_view("0") : text.substr(plus + 1);
  if (base.empty() || inc.empty())
    throw UserError(name + ": '" + std::string(text) + "' is not BASE+INC in seconds (e.g. 10+0.1)");
  std::int64_t b = parse_seconds(base, name + " base"), i = parse_seconds(inc, name + " increment");
  if (b == 0 && i == 0) throw UserError(name + ": '" + std::string(text) + "' gives no time at all");
  tc.base_ms = b;
  tc.increment_ms = i;
}

std::int64_t SeatClock::budget_us() const {
  if (untimed_) return -1;
  std::int64_t b = -1;
  if (tc_.has_clock()) b = std::max<std::int64_t>(remaining_us_, 0);
  if (tc_.move_time_ms >= 0) b = b < 0 ? tc_.move_time_ms * 1000 : std::min(b, tc_.move_time_ms * 1000);
  return b;
}

std::int64_t SeatClock::budget_ms() const {
  const std::int64_t b = budget_us();
  return b < 0 ? -1 : b / 1000;
}

bool SeatClock::over(std::int64_t used_us) const {
  std::int64_t b = budget_us();
  return b >= 0 && used_us > b + tc_.margin_ms * 1000;
}

std::int64_t SeatClock::charge(std::int64_t used_us) {
  if (untimed_) return 0;
  if (!tc_.has_clock()) return std::max<std::int64_t>(used_us, 0);  // counted against the move cap only
  // Time used inside the margin is not taken off beyond zero: the margin is the
  // referee's allowance for transport, not a loan against future moves.
  const std::int64_t charged =
      std::min(std::max<std::int64_t>(used_us, 0), std::max<std::int64_t>(remaining_us_, 0));
  remaining_us_ = remaining_us_ - charged + tc_.increment_ms * 1000;
  return charged;
}

}  // namespace arena
