// Time limits of a match: a game clock (base + increment per move), a hard cap per
// move, the start-up limit and the transport margin. Parsed from the CLI forms
// "--tc 10+0.1", "--move-time 0.5", "--startup-time 5", "--margin 50".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/user_error.h"

namespace arena {

struct TimeControl {
  std::int64_t base_ms = -1;        // per seat per game; -1: no game clock
  std::int64_t increment_ms = 0;    // added after each move
  std::int64_t move_time_ms = -1;   // hard cap per decision; -1: none
  std::int64_t startup_ms = 10000;  // from spawn to "ready"
  std::int64_t margin_ms = 50;      // allowance for pipes and scheduling, added to every deadline

  bool has_clock() const { return base_ms >= 0; }
  // For records: "10+0.1", "movetime=0.5", "10+0.1,movetime=0.5", or "-" (no limit).
  std::string text() const;
};

// "BASE+INC" in seconds ("10+0.1", "60", "0.5+0"); throws a UserError naming `what` (the
// flag or the configuration key the text came from).
void parse_tc(std::string_view text, TimeControl& tc, std::string_view what = "--tc");
// Non-negative seconds with up to millisecond precision, as milliseconds; throws a
// UserError naming `what`.
std::int64_t parse_seconds(std::string_view text, std::string_view what);

// One seat's clock within a game.
class SeatClock {
 public:
  SeatClock(const TimeControl& tc, bool untimed)
      : tc_(tc), untimed_(untimed), remaining_us_(tc.base_ms * 1000) {}
  // Milliseconds the seat may use for the next decision before the margin; -1: unlimited.
  std::int64_t budget_ms() const;
  std::int64_t budget_us() const;  // the same in microseconds
  // Remaining game time, -1 when there is no game clock.
  std::int64_t remaining_ms() const { return untimed_ || remaining_us_ < 0 ? -1 : remaining_us_ / 1000; }
  // Whether `used_us` microseconds overstep the budget plus the margin.
  bool over(std::int64_t used_us) const;
  // Charges a decision that was on time; returns the microseconds taken off the clock (what
  // was used, but never more than was left: the margin is not a loan); without a game clock,
  // what was counted against the move cap; 0 for an untimed seat.
  std::int64_t charge(std::int64_t used_us);
  bool untimed() const { return untimed_; }

 private:
  const TimeControl& tc_;
  bool untimed_;
  // Kept in microseconds: a clock in whole milliseconds let every move's fraction of a
  // millisecond go uncharged (a bot answering in 0.9 ms used no time at all).
  std::int64_t remaining_us_;
};

}  // namespace arena
