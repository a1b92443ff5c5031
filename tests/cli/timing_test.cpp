// What the machine did, through the real `arena` (issue 30; docs/referee.md, "Time on a busy
// machine"): the referee's latency and the time charged in every record, time forfeits flagged
// when ruled under CPU pressure, and the CPU clock. The verdicts do not depend on load: the
// pressure cases compare the recorded figure with a threshold the test sets, under busy loops
// that outnumber the cores (pressure near 100%) or with a pressure file that does not move
// (0%); the CPU-clock bots burn a measured amount of their own CPU time or only sleep.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "records/pgn.h"
#include "records/timing_tags.h"
#include "tests/bin_path.h"
#include "tests/pgn_read.h"
#include "tests/shell_run.h"
#include "tests/temp_dir.h"
#include "tournaments/runner_setup.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace timing_test {

namespace {

namespace fs = std::filesystem;

using shelltest::TempDir;

using shelltest::bin;

using shelltest::records;
using shelltest::tag;

// The whole number after "key=" in `text`; -1 when there is none.
long number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key + "=");
  return at == std::string::npos ? -1 : std::atol(text.c_str() + at + key.size() + 1);
}

// `arena ARGS` beside busy loops, 2 per core and 2 more, started before it and killed by their
// process ids after it: every core is taken and tasks queue, so PSI's "some" is near 100%.
shelltest::Run arena_beside_busy_loops(const std::string& args) {
  const int loops = 2 * arena::usable_cores() + 2;
  return shelltest::run_shell("pids=; for i in $(seq " + std::to_string(loops) +
                              "); do sh -c 'while :; do :; done' & pids=\"$pids $!\"; done; sleep 0.3; " +
                              bin("arena") + " " + args + "; st=$?; kill $pids; wait; exit $st");
}

bool have_psi() { return std::ifstream("/proc/pressure/cpu").good(); }

}  // namespace

TEST_CASE("timing: every record carries the referee's latency per decision and the time charged per move",
          "[cli][timing]") {
  TempDir t("timing");
  const fs::path pgn = t.path / "games.pgn";
  const std::string bot = bin("random_bot");
  shelltest::Run r =
      shelltest::run_arena("match clump:size=8 --games 2 --seed 3 --tc 600+1 -q --bot a=" + bot +
                           " --bot b=" + bot + " --out " + pgn.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  for (const arena::GameRecord& g : records(pgn)) {
    const arena::RecordTiming timing = arena::record_timing(g);
    int moves = 0;
    std::vector<std::int64_t> used;
    for (const auto& a : g.actions)
      if (a.micros >= 0) used.push_back(a.micros), ++moves;
    // One latency per move answered by a further request: every move but the last.
    REQUIRE(timing.latency);
    CHECK(timing.latency->decisions == moves - 1);
    CHECK(timing.latency->p50_us <= timing.latency->p99_us);
    CHECK(timing.latency->p99_us <= timing.latency->max_us);
    CHECK(timing.latency->max_us > 0);
    // With a game clock of 600 s, every move is charged exactly the time it used.
    CHECK(timing.charged_us == used);
    CHECK_FALSE(timing.cpu_clock);
    CHECK_FALSE(tag(g, arena::kCpuPressureTag).empty());
  }
  r = shelltest::run_arena("ratings " + pgn.string());
  CHECK(r.status == 0);
  CHECK(r.out.find("Referee latency per decision (move read to next request written): p50 ") !=
        std::string::npos);
  r = shelltest::run_arena("report " + pgn.string() + " -o " + (t.path / "report.html").string());
  REQUIRE(r.status == 0);
  CHECK(shelltest::slurp(t.path / "report.html").find("\"lat\":[") != std::string::npos);
}

TEST_CASE("timing: a time forfeit ruled under CPU pressure is flagged, one without pressure is not",
          "[cli][timing]") {
  TempDir t("timing");
  const std::string bots = " --games 1 --seed 1 --move-time 1 -q --bot slow=" + bin("slow_bot") +
                           " --bot good=" + bin("random_bot") + " --out ";
  SECTION("busy loops that outnumber the cores: flagged at a threshold of 50%") {
    if (!have_psi()) {
      WARN("this kernel has no /proc/pressure/cpu: not tested");
      return;
    }
    const fs::path pgn = t.path / "busy.pgn";
    shelltest::Run r =
        arena_beside_busy_loops("match clump:size=8 --pressure-threshold 50" + bots + pgn.string());
    INFO(r.out);
    REQUIRE(r.status == 0);
    const arena::GameRecord g = records(pgn).at(0);
    REQUIRE(g.termination == arena::Termination::kTimeForfeit);
    const std::string pressure = tag(g, arena::kCpuPressureTag);
    INFO(pressure);
    CHECK(number_after(pressure, "forfeit") >= 50);
    CHECK(number_after(pressure, "threshold") == 50);
    CHECK(tag(g, arena::kPressureFlagTag).find("time forfeit under CPU pressure ") == 0);
    CHECK(g.termination_detail.find(": the machine may be to blame") != std::string::npos);
    r = shelltest::run_arena("ratings " + pgn.string());
    CHECK(r.out.find("slow: time forfeit 1; of the time forfeits 1 under CPU pressure;") !=
          std::string::npos);
    CHECK(r.out.find("the machine may be to blame") != std::string::npos);
    // The report counts it apart in its faults table (report.js reads "cp").
    r = shelltest::run_arena("report " + pgn.string() + " -o " + (t.path / "report.html").string());
    REQUIRE(r.status == 0);
    CHECK(shelltest::slurp(t.path / "report.html").find("\"cp\":\"time forfeit under CPU pressure ") !=
          std::string::npos);
  }
  SECTION("a pressure file that does not move (0%): not flagged, the figure recorded") {
    const fs::path fake = t.path / "pressure";
    std::ofstream(fake) << "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345\n"
                           "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
    const fs::path pgn = t.path / "calm.pgn";
    shelltest::Run r =
        arena_beside_busy_loops("match clump:size=8 --pressure-file " + fake.string() + bots + pgn.string());
    INFO(r.out);
    REQUIRE(r.status == 0);
    const arena::GameRecord g = records(pgn).at(0);
    REQUIRE(g.termination == arena::Termination::kTimeForfeit);
    CHECK(tag(g, arena::kCpuPressureTag) == "game=0% forfeit=0% threshold=25%");
    CHECK(tag(g, arena::kPressureFlagTag).empty());
    CHECK(g.termination_detail.find("CPU pressure") == std::string::npos);
  }
  SECTION("no pressure file (a kernel without PSI): not available, never flagged") {
    const fs::path pgn = t.path / "none.pgn";
    shelltest::Run r = arena_beside_busy_loops("match clump:size=8 --pressure-threshold 0 --pressure-file " +
                                               (t.path / "missing").string() + bots + pgn.string());
    INFO(r.out);
    REQUIRE(r.status == 0);
    const arena::GameRecord g = records(pgn).at(0);
    REQUIRE(g.termination == arena::Termination::kTimeForfeit);
    CHECK(tag(g, arena::kCpuPressureTag) == "not available");
    CHECK(tag(g, arena::kPressureFlagTag).empty());
  }
}

TEST_CASE("timing: under --clock cpu a bot that burns CPU loses, one that sleeps or is starved does not",
          "[cli][timing]") {
  TempDir t("timing");
  const fs::path pgn = t.path / "games.pgn";
  auto play = [&](const std::string& bot, const std::string& flags, bool busy) {
    fs::remove(pgn);
    const std::string args = "match clump:size=8 --games 1 --seed 2 --tc 60+0 --move-time 0.1 -q " + flags +
                             " --bot \"test=" + bot + "\" --bot good=" + bin("random_bot") + " --out " +
                             pgn.string();
    shelltest::Run r = busy ? arena_beside_busy_loops(args) : shelltest::run_arena(args);
    INFO(r.out);
    REQUIRE(r.status == 0);
    return records(pgn).at(0);
  };
  SECTION("300 ms of CPU a move against a CPU budget of 100 ms: a time forfeit on the CPU clock") {
    const arena::GameRecord g =
        play(bin("timing_bot") + " burn 300", "--clock cpu --cpu-wall-factor 1000", false);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kTimeForfeit);
    CHECK(g.players.at(g.fault_seat - 1) == "test");
    CHECK(g.termination_detail.find(" of CPU") != std::string::npos);
    CHECK(g.termination_detail.find("wall cap") == std::string::npos);
    CHECK(tag(g, arena::kClockTag) == "cpu");
  }
  SECTION("300 ms of sleep a move: lost on the wall clock, not on the CPU clock, lost past the wall cap") {
    const std::string sleeper = bin("timing_bot") + " sleep 300";
    arena::GameRecord g = play(sleeper, "", false);
    CHECK(g.termination == arena::Termination::kTimeForfeit);
    g = play(sleeper, "--clock cpu --cpu-wall-factor 50", false);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kNormal);
    // Charged the CPU it used, far below the 300 ms each move took.
    for (std::int64_t c : arena::record_timing(g).charged_us) CHECK(c < 100000);
    g = play(sleeper, "--clock cpu --cpu-wall-factor 1", false);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kTimeForfeit);
    CHECK(g.termination_detail.find("past the wall cap of 150.0 ms") != std::string::npos);
  }
  SECTION("30 ms of CPU a move beside busy loops that outnumber the cores: no forfeit on the CPU clock") {
    const arena::GameRecord g =
        play(bin("timing_bot") + " burn 30", "--clock cpu --cpu-wall-factor 50", true);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kNormal);
  }
}

TEST_CASE(
    "timing: a tournament's faults.txt flags a time forfeit ruled under CPU pressure, also after --resume",
    "[cli][timing]") {
  if (!have_psi()) {
    WARN("this kernel has no /proc/pressure/cpu: not tested");
    return;
  }
  TempDir t("timing");
  const fs::path out = t.path / "t";
  shelltest::Run r = arena_beside_busy_loops(
      "tournament clump:size=8 --games 2 --seed 1 --move-time 1 --pressure-threshold 50 --bot slow=" +
      bin("slow_bot") + " --bot good=" + bin("random_bot") + " --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  // The journal keeps the flag (records/timing_tags.h): the files made from it show it, as
  // `arena ratings` does from the records.
  for (int pass = 0; pass < 2; ++pass) {
    const std::string faults = shelltest::slurp(out / "faults.txt");
    INFO(faults);
    CHECK(faults.find("slow: time forfeit 2; of the time forfeits 2 under CPU pressure;") !=
          std::string::npos);
    CHECK(faults.find(" slow time forfeit (time forfeit under CPU pressure ") != std::string::npos);
    CHECK(faults.find("%: the machine may be to blame): arena repro ") != std::string::npos);
    if (pass == 0) {  // the files again, from the journal alone
      fs::remove(out / "faults.txt");
      r = shelltest::run_arena("tournament --resume " + out.string());
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
  }
}

}  // namespace timing_test
