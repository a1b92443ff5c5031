// The phases of a game's end (referee/game_end.h), on their own.
#include "referee/game_end.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace game_end_test {

using arena::GameEnd;
using Phase = GameEnd::Phase;

TEST_CASE("game end: a game without waits goes from playing to its record at once", "[referee]") {
  GameEnd end;
  CHECK(end.playing());
  end.rule();
  CHECK_FALSE(end.playing());
  CHECK(end.phase() == Phase::kRuled);
  CHECK(end.late_seat() == 0);
  CHECK(end.record_ready() == 0);
  CHECK(end.phase() == Phase::kRecordSent);
}

TEST_CASE("game end: a late answer, then a crash's report, then the record", "[referee]") {
  GameEnd end;
  end.note_crash(2);
  CHECK(end.crash_to_report());
  CHECK(end.playing());  // the ruling is made by finish(), after the crash is noted
  end.rule();
  end.await_late_answer(1);
  CHECK(end.phase() == Phase::kLateAnswer);
  CHECK(end.late_seat() == 1);
  CHECK(end.count_late_line() == 1);
  CHECK(end.count_late_line() == 2);
  CHECK(end.record_ready() == 2);
  CHECK(end.phase() == Phase::kCrashReport);
  CHECK(end.late_seat() == 0);  // the late wait is over: a second end of it does nothing
  CHECK_FALSE(end.crash_to_report());
  end.crash_reported();
  CHECK(end.phase() == Phase::kRecordSent);
}

}  // namespace game_end_test
