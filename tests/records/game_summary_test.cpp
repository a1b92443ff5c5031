// A finished game's summary (records/game_summary.h): made from the record, its text read back
// whole, and text that is not a summary refused with a message saying what is wrong.
#include "records/game_summary.h"

#include <catch2/catch.hpp>
#include <string>

#include "engine/core/user_error.h"
#include "records/move_times.h"
#include "records/timing_tags.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace game_summary_test {

using namespace arena;

namespace {

// Three seats, two of them a team, a chance action, timings, a time forfeit under pressure.
GameRecord record() {
  GameRecord r;
  r.spec = "clump:size=6";
  r.round = "12.3";
  r.seed = 18'000'000'000'000'000'000ULL;
  r.players = {"alpha", "beta \"the second\"", "gamma"};
  r.actions = {{kChance, "deal", -1}, {1, "a1", 1200}, {2, "b2", 5}, {3, "c3", 900000}, {1, "d4", 1300}};
  r.results = {{1, 1.0, 0}, {2, 0.5, 1}, {1, 1.0, 0}};
  r.termination = Termination::kTimeForfeit;
  r.fault_seat = 2;
  r.termination_detail = "used 10.2 s of 10 s";
  r.opening_plies = 1;
  r.extra_tags = {{kRefereeLatencyTag, "p50=14us p99=52us max=310us n=57"},
                  {kPressureFlagTag, pressure_flag_text(41)}};
  return r;
}

std::string refusal(const std::string& text) {
  try {
    summary_from_text(text);
  } catch (const UserError& e) {
    return e.what();
  }
  return "(read)";
}

}  // namespace

TEST_CASE("game summary: made from the record, and its text read back whole", "[records]") {
  const GameRecord r = record();
  const GameSummary s = summarize(r);
  CHECK(s.length == 5);
  REQUIRE(s.seat_times.size() == 3);
  MoveTimes first;
  first.add(1200);
  first.add(1300);
  CHECK(s.seat_times[0].buckets == first.buckets());
  CHECK(s.seat_times[0].total_micros == 2500);
  CHECK(s.seat_times[2].worst_micros == 900000);
  REQUIRE(s.latency);
  CHECK(s.latency->p99_us == 52);
  CHECK(s.pressure_flag == pressure_flag_text(41));
  CHECK(faulting_ply(s) == 5);

  const GameSummary back = summary_from_text(summary_text(s));
  CHECK(back.spec == r.spec);
  CHECK(back.round == r.round);
  CHECK(back.seed == r.seed);
  CHECK(back.players == r.players);
  CHECK(back.results == r.results);
  CHECK(back.termination == r.termination);
  CHECK(back.fault_seat == 2);
  CHECK(back.termination_detail == r.termination_detail);
  CHECK(back.length == 5);
  CHECK(back.opening_plies == 1);
  CHECK(back.seat_times == s.seat_times);
  REQUIRE(back.latency);
  CHECK((back.latency->p50_us == 14 && back.latency->p99_us == 52 && back.latency->max_us == 310 &&
         back.latency->decisions == 57));
  CHECK(back.pressure_flag == s.pressure_flag);
  CHECK(summary_text(back) == summary_text(s));  // one text per summary
}

TEST_CASE("game summary: an aborted game without timing tags", "[records]") {
  GameRecord r = record();
  r.results.clear();
  r.termination = Termination::kAborted;
  r.fault_seat = 0;
  r.extra_tags.clear();
  const GameSummary back = summary_from_text(summary_text(summarize(r)));
  CHECK(back.results.empty());
  CHECK(back.termination == Termination::kAborted);
  CHECK_FALSE(back.latency);
  CHECK(back.pressure_flag.empty());
  CHECK(faulting_ply(back) == -1);
}

TEST_CASE("game summary: text that is not a summary is refused, saying why", "[records]") {
  const std::string good = summary_text(summarize(record()));
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  CHECK(refusal("") == "unreadable game summary: not a JSON object");
  CHECK(refusal("[1, 2]") == "unreadable game summary: not a JSON object");
  CHECK(refusal(good.substr(0, good.size() / 2)) == "unreadable game summary: not a JSON object");
  CHECK(refusal(R"({"spec": "x"})") == R"(unreadable game summary: no "v")");
  CHECK(refusal(with(R"("v":1)", R"("v":2)")) == "unreadable game summary: version 2, expected 1");
  CHECK(refusal(with(R"("spec":"clump:size=6")", R"("spec":6)")) ==
        R"(unreadable game summary: "spec" is not a string)");
  CHECK(refusal(with(R"("termination":"time forfeit")", R"("termination":"lunch")")) ==
        "unreadable game summary: unknown termination 'lunch'");
  CHECK(refusal(with(R"("ranks":[1,2,1])", R"("ranks":[1,2])")) ==
        R"(unreadable game summary: "ranks" has 2 entries for 3 seats)");
  CHECK(refusal(with(R"("length":5)", R"("length":"5")")) ==
        R"(unreadable game summary: "length" is not a whole number)");
  CHECK(refusal(with(R"("fault_seat":2)", R"("fault_seat":99999999999)")) ==
        R"(unreadable game summary: "fault_seat" is out of range)");
  CHECK(refusal(with(R"("times":[)", R"("times":[7,)")).find("unreadable game summary") == 0);
}

}  // namespace game_summary_test
