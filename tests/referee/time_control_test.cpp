#include "referee/time_control.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace time_control_test {

using namespace arena;

TEST_CASE("time control: parsing", "[referee]") {
  TimeControl tc;
  parse_tc("10+0.1", tc);
  CHECK(tc.base_ms == 10000);
  CHECK(tc.increment_ms == 100);
  CHECK(tc.text() == "10+0.1");
  parse_tc("60", tc);
  CHECK(tc.base_ms == 60000);
  CHECK(tc.increment_ms == 0);
  tc.move_time_ms = parse_seconds("0.25", "--move-time");
  CHECK(tc.move_time_ms == 250);
  CHECK(tc.text() == "60+0,movetime=0.25");
  CHECK(TimeControl{}.text() == "-");
  CHECK_THROWS_AS(parse_tc("ten", tc), UserError);
  CHECK_THROWS_AS(parse_tc("10+", tc), UserError);
  CHECK_THROWS_AS(parse_tc("0+0", tc), UserError);
  CHECK_THROWS_AS(parse_tc("-5+1", tc), UserError);
  CHECK_THROWS_AS(parse_seconds("0.0001", "x"), UserError);
  CHECK(parse_seconds("1.5000", "x") == 1500);
  CHECK_THROWS_WITH(parse_seconds("abc", "--move-time"), Catch::Contains("--move-time"));
}

TEST_CASE("time control: seat clock budget, margin and increment", "[referee]") {
  TimeControl tc;
  tc.base_ms = 1000;
  tc.increment_ms = 100;
  tc.move_time_ms = 300;
  tc.margin_ms = 50;
  SeatClock c(tc, false);
  CHECK(c.budget_ms() == 300);  // the move cap is tighter than the game clock
  CHECK_FALSE(c.over(350 * 1000));
  CHECK(c.over(350 * 1000 + 1));
  c.charge(250 * 1000);
  CHECK(c.remaining_ms() == 850);
  for (int i = 0; i < 3; ++i) c.charge(300 * 1000);
  CHECK(c.remaining_ms() == 250);
  CHECK(c.budget_ms() == 250);  // now the game clock is tighter
  c.charge(280 * 1000);         // inside the margin: clock floors at zero, then the increment
  CHECK(c.remaining_ms() == 100);

  SeatClock human(tc, true);
  CHECK(human.budget_ms() == -1);
  CHECK_FALSE(human.over(1000000000));
  CHECK(human.remaining_ms() == -1);

  TimeControl none;
  SeatClock free(none, false);
  CHECK(free.budget_ms() == -1);
}

TEST_CASE("time control: a fraction of a millisecond is charged too", "[referee]") {
  TimeControl tc;
  tc.base_ms = 10;
  SeatClock c(tc, false);
  for (int i = 0; i < 10; ++i) CHECK(c.charge(900) == 900);  // 0.9 ms a move: 9 ms in all
  CHECK(c.remaining_ms() == 1);
  CHECK(c.charge(5000) == 1000);  // never more than is left
  CHECK(c.remaining_ms() == 0);
  TimeControl cap;
  cap.move_time_ms = 100;
  SeatClock m(cap, false);
  CHECK(m.charge(1234) == 1234);  // no game clock: what counted against the move cap
  CHECK(m.budget_us() == 100000);
}

}  // namespace time_control_test
