// `arena repro` through the real binary: the lines it regenerates from a record are byte for
// byte those the referee sent (a bot that echoes every line it receives, in a hidden-information
// card game and in a game with clocks), a recorded illegal move is reproduced exactly from the
// command printed under the fault, a nondeterministic bot is named so, and bad input is a clear
// error.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace repro_test {

namespace fs = std::filesystem;
using shelltest::run_arena;
using shelltest::run_shell;
using shelltest::slurp;

namespace {

using shelltest::kBin;

using shelltest::TempDir;

// What the echo bot kept of its last process's game: from its last handshake line to the end,
// without the "quit" that ended the process (not part of any game).
std::string last_session(const std::string& echoed) {
  const std::size_t start = echoed.rfind("arena 1\n");
  REQUIRE(start != std::string::npos);
  std::string s = echoed.substr(start);
  if (s.size() >= 5 && s.compare(s.size() - 5, 5, "quit\n") == 0) s.resize(s.size() - 5);
  return s;
}

// A match of echo bots, one file per seat; each seat's --print-lines equals what it received.
void check_transcripts(const TempDir& t, const std::string& spec, int seats, const std::string& clock) {
  std::string bots;
  for (int s = 1; s <= seats; ++s)
    bots += " --bot 'e" + std::to_string(s) + "=" + kBin + "/echo_bot " +
            (t.path / ("echo" + std::to_string(s))).string() + "'";
  const std::string pgn = (t.path / "g.pgn").string();
  const auto m = run_arena("match " + spec + bots + " --games 1 --seed 3 " + clock + " --out " + pgn);
  REQUIRE(m.status == 0);
  for (int s = 1; s <= seats; ++s) {
    INFO("seat " << s);
    const auto r = run_arena("repro " + pgn + " --game 1 --seat " + std::to_string(s) + " --print-lines");
    REQUIRE(r.status == 0);
    CHECK(r.out == last_session(slurp(t.path / ("echo" + std::to_string(s)))));
    CHECK(r.out.find("\ngo ") != std::string::npos);
  }
}

}  // namespace

TEST_CASE("arena repro --print-lines is what the referee sent each seat of a hidden-information game") {
  TempDir t("repro");
  check_transcripts(t, "flush:players=3", 3, "--tc 30+0.5");
}

TEST_CASE("arena repro --print-lines is what the referee sent each seat with its clock in go") {
  TempDir t("repro");
  check_transcripts(t, "clump:size=6", 2, "--tc 5+0.05 --move-time 2");
  // The clock of the record: the first go of seat 1 is the full base, the increment and the cap.
  const auto r = run_arena("repro " + (t.path / "g.pgn").string() + " --seat 1 --print-lines");
  CHECK(r.out.find("\ngo 5000 50 2000\n") != std::string::npos);
}

TEST_CASE("arena repro reproduces a recorded illegal move from the command printed under the fault") {
  TempDir t("repro");
  const std::string pgn = (t.path / "g.pgn").string();
  const auto m = run_arena("match clump:size=6 --bot 'a=" + kBin + "/fixed_illegal_bot 3' --bot b=" + kBin +
                           "/first_move_bot --games 1 --seed 7 --out " + pgn);
  REQUIRE(m.status == 0);
  const std::size_t at = m.out.find("  repro: arena repro ");
  REQUIRE(at != std::string::npos);
  const std::string command = m.out.substr(at + 9, m.out.find('\n', at) - at - 9);
  CHECK(command.find(" --game 1 --seat 1 --ply 4 --bot ") != std::string::npos);
  const auto r = run_shell(kBin + "/" + command);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // The answer and its ruling byte for byte as recorded.
  const std::string record = slurp(pgn);
  const std::size_t d = record.find("[TerminationDetail \"") + 20;
  const std::string detail = record.substr(d, record.find("\"]", d) - d);
  const std::string token = detail.substr(1, detail.find('\'', 1) - 1);  // "move X"
  CHECK(r.out.find("  answer: " + token + " (after ") != std::string::npos);
  CHECK(r.out.find("  ruled: fault illegal move: " + detail + "\n") != std::string::npos);
  CHECK(r.out.find("REPRODUCED: the recorded fault again") != std::string::npos);
  CHECK(r.out.find("stderr: fixed_illegal_bot: playing an illegal move on purpose") != std::string::npos);
  CHECK(r.out.find("deterministic: 2 runs gave the same answers") != std::string::npos);
  // An earlier decision answers as recorded.
  const auto early =
      run_arena("repro " + pgn + " --seat 1 --ply 2 --runs 1 --bot '" + kBin + "/fixed_illegal_bot 3'");
  CHECK(early.status == 0);
  CHECK(early.out.find("SAME as recorded") != std::string::npos);
}

TEST_CASE("arena repro names a bot that answers the same lines differently nondeterministic") {
  TempDir t("repro");
  const std::string pgn = (t.path / "g.pgn").string();
  REQUIRE(run_arena("match clump:size=6 --bot a=" + kBin + "/urandom_bot --bot b=" + kBin +
                    "/first_move_bot --games 1 --seed 9 --out " + pgn)
              .status == 0);
  // Four runs over every decision of the game: all alike by chance is out of reach.
  const auto r = run_arena("repro " + pgn + " --seat 1 --runs 4 --bot " + kBin + "/urandom_bot");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("NONDETERMINISTIC: on the same lines the runs answered differently at decision ") !=
        std::string::npos);
  CHECK(r.out.find("the bot is nondeterministic") != std::string::npos);
}

TEST_CASE("arena repro: a missing game, a seat or ply out of range, a bot that does not start or answer") {
  TempDir t("repro");
  const std::string pgn = (t.path / "g.pgn").string();
  REQUIRE(run_arena("match clump:size=6 --bot a=" + kBin + "/first_move_bot --bot b=" + kBin +
                    "/first_move_bot --games 1 --seed 5 --out " + pgn)
              .status == 0);
  const std::string bot = " --bot " + kBin + "/first_move_bot";
  auto r = run_arena("repro " + pgn + " --game 4 --seat 1" + bot);
  CHECK(r.status == 2);
  CHECK(r.out.find("no game 4 (the file holds 1 game)") != std::string::npos);
  r = run_arena("repro " + pgn + " --seat 3" + bot);
  CHECK(r.status == 2);
  CHECK(r.out.find("--seat 3: " + pgn + ": game 1 (clump:size=6) has seats 1 to 2") != std::string::npos);
  r = run_arena("repro " + pgn + " --seat 2 --ply 0" + bot);
  CHECK(r.status == 2);
  CHECK(r.out.find("--ply 0: seat 2 of game 1 did not take decision 0: it is seat 1's (the game has ") !=
        std::string::npos);
  r = run_arena("repro " + pgn + bot);
  CHECK(r.status == 2);
  CHECK(r.out.find("has no fault: give the seat to rerun with --seat S") != std::string::npos);
  r = run_arena("repro " + pgn + " --seat 1 --bot " + (t.path / "no-such-bot").string());
  CHECK(r.status == 1);
  CHECK(r.out.find("the bot did not start: cannot start:") != std::string::npos);
  // Never answers (and ignores SIGTERM): ruled by the timeout, whatever the load.
  r = run_arena("repro " + pgn + " --seat 1 --runs 1 --timeout 0.3 --bot " + kBin + "/deaf_bot");
  CHECK(r.status == 1);
  CHECK(r.out.find("the bot gave no answer at decision 0: no answer within the timeout of 300 ms") !=
        std::string::npos);
  r = run_arena("repro " + pgn + " --seat 1 --ply 0 --runs 1" + bot);
  CHECK(r.status == 0);
  CHECK(r.out.find("SAME as recorded") != std::string::npos);
}

TEST_CASE("a tournament prints the repro command of every fault: its output, faults.txt and the logs") {
  TempDir t("repro");
  const fs::path out = t.path / "t";
  const auto r =
      run_arena("tournament clump:size=6 --bot 'a=" + kBin + "/fixed_illegal_bot 3' --bot b=" + kBin +
                "/first_move_bot --games 2 --seed 7 --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  const std::string pgn = (out / "games.pgn").string();
  const std::string bot = " --bot '" + kBin + "/fixed_illegal_bot 3'";
  // Live: with the ply of the faulting decision; it reruns and reproduces the fault.
  const std::size_t at = r.out.find("  repro: arena repro " + pgn + " --game ");
  REQUIRE(at != std::string::npos);
  const std::string line = r.out.substr(at + 9, r.out.find('\n', at) - at - 9);
  CHECK(line.find(" --ply ") != std::string::npos);
  CHECK(line.substr(line.size() - bot.size()) == bot);
  const auto again = run_shell(kBin + "/" + line);
  CHECK(again.status == 0);
  CHECK(again.out.find("REPRODUCED: the recorded fault again") != std::string::npos);
  // faults.txt: one line per game with a fault, below the counts.
  const std::string faults = slurp(out / "faults.txt");
  CHECK(faults.find("Rerun a faulting bot on exactly what it was sent (arena repro):") != std::string::npos);
  CHECK(faults.find(" a illegal move: arena repro " + pgn + " --game ") != std::string::npos);
  // The logs: beside the fault's note.
  const auto logs =
      run_shell("grep -h '\\[referee\\] repro: arena repro ' " + (out / "logs").string() + "/*.log");
  CHECK(logs.out.find("--ply ") != std::string::npos);
}

TEST_CASE("arena repro: a recorded crash or time forfeit is reproduced by the bot ending or hanging again") {
  TempDir t("repro");
  const std::string pgn = (t.path / "g.pgn").string();
  REQUIRE(run_arena("match clump:size=6 --bot c=" + kBin + "/crash_bot --bot b=" + kBin +
                    "/first_move_bot --games 1 --seed 5 --out " + pgn)
              .status == 0);
  auto r = run_arena("repro " + pgn + " --runs 1 --bot " + kBin + "/crash_bot");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("recorded: fault crash: the bot was killed by signal 6") != std::string::npos);
  CHECK(r.out.find("REPRODUCED: the recorded fault again") != std::string::npos);
  // A 60 s sleep at its second decision: late on a 0.3 s move clock, and past a 0.3 s timeout,
  // however loaded the machine.
  const std::string late = (t.path / "late.pgn").string();
  REQUIRE(run_arena("match clump:size=6 --bot s=" + kBin + "/slow_bot --bot b=" + kBin +
                    "/first_move_bot --games 1 --seed 5 --move-time 0.3 --out " + late)
              .status == 0);
  r = run_arena("repro " + late + " --runs 1 --timeout 0.3 --bot " + kBin + "/slow_bot");
  CHECK(r.status == 0);
  CHECK(r.out.find("recorded: fault time forfeit: ") != std::string::npos);
  CHECK(r.out.find("no answer within the timeout of 300 ms") != std::string::npos);
  CHECK(r.out.find("REPRODUCED: the recorded fault again") != std::string::npos);
}

}  // namespace repro_test
