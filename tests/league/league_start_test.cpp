// A league's bots must start (docs/league.md, "A bot that cannot start"), through the real
// binary: `league add` checks a command as `arena match` does before its first game and
// refuses it with the same message (unless --no-check); a relative command means what it meant
// in the folder `add` ran in, from wherever the league runs; a bot that stops starting while the
// league runs is suspended at once, its games kept but not rated, until `league resume`.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "store/sqlite_db.h"
#include "tests/bin_path.h"
#include "tests/league/unstartable_bot.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace league_start_test {

namespace {

namespace fs = std::filesystem;
using shelltest::kBin;
using shelltest::Run;
using shelltest::run_arena;
using shelltest::run_arena_in;

// The paragraph describe_start_problems writes for the bot (referee/start_check.h): from
// "bot '" to the line of its command, included.
std::string start_problem(const std::string& out, const std::string& bot) {
  const std::size_t at = out.find("bot '" + bot + "' could not start: ");
  if (at == std::string::npos) return "";
  const std::size_t command = out.find("\n  command: ", at);
  return out.substr(at, out.find('\n', command + 1) - at);
}

}  // namespace

TEST_CASE("league add: a command that cannot start is refused with arena match's message, --no-check adds it",
          "[league]") {
  shelltest::TempFolder tmp("arena-league", "add-check");
  fs::create_directories(tmp.path);
  const std::string dir = (tmp.path / "lab").string();
  REQUIRE(run_arena("league new " + dir + " clump:size=6 --tc 5+0.05").status == 0);
  // docs/league.md's example as a newcomer typed it, from a shell whose PATH lacks build/bin/.
  const std::string path = "PATH=/usr/local/bin:/usr/bin:/bin ";
  const Run add = shelltest::run_shell(path + kBin + "/arena league add " + dir + " greedy=greedy_bot");
  INFO(add.out);
  CHECK(add.status == 2);
  const Run match =
      shelltest::run_shell(path + kBin + "/arena match clump:size=6 --bot greedy=greedy_bot --bot r=" + kBin +
                           "/random_bot --games 1");
  CHECK(match.status == 2);
  const std::string problem = start_problem(match.out, "greedy");
  CHECK(problem.find("'greedy_bot' not found in PATH") != std::string::npos);
  CHECK(start_problem(add.out, "greedy") == problem);  // the same check, the same words
  CHECK(add.out.find("the bot was not added") != std::string::npos);
  CHECK(add.out.find("--no-check") != std::string::npos);

  // A path that does not exist, a file that is not executable: refused, nothing added.
  const Run missing = run_arena("league add " + dir + " x=./no/such/bot");
  CHECK(missing.status == 2);
  CHECK(missing.out.find("'./no/such/bot' does not exist") != std::string::npos);
  std::ofstream(tmp.path / "noexec.py") << "print('ready')\n";
  const Run noexec = run_arena_in(tmp.path, "league add lab y=./noexec.py");
  CHECK(noexec.status == 2);
  CHECK(noexec.out.find("'./noexec.py' is not an executable file") != std::string::npos);
  CHECK(run_arena("league table " + dir + " --json").out.find("\"bots\":[]") != std::string::npos);

  // --no-check: taken as given (a command for other machines).
  const Run unchecked =
      shelltest::run_shell(path + kBin + "/arena league add " + dir + " greedy=greedy_bot --no-check");
  CHECK(unchecked.status == 0);
  CHECK(run_arena("league table " + dir + " --json").out.find("\"name\":\"greedy\"") != std::string::npos);
}

TEST_CASE("league: a relative command means what it meant where add ran, from wherever the league runs",
          "[league]") {
  shelltest::TempFolder tmp("arena-league", "relative");
  const fs::path mine = tmp.path / "mine", elsewhere = tmp.path / "elsewhere";
  fs::create_directories(mine / "build");
  fs::create_directories(elsewhere);
  fs::copy_file(kBin + "/random_bot", mine / "build" / "mybot");
  const std::string dir = (tmp.path / "lab").string();
  REQUIRE(run_arena("league new " + dir + " clump:size=6 --tc 5+0.05").status == 0);
  REQUIRE(run_arena_in(mine, "league add " + dir + " v1=./build/mybot").status == 0);
  REQUIRE(run_arena_in(mine, "league add " + dir + " g=" + kBin + "/greedy_bot").status == 0);
  // Checked from the folder add runs in: elsewhere it names no file.
  const Run there = run_arena_in(elsewhere, "league add " + dir + " v2=./build/mybot");
  CHECK(there.status == 2);
  CHECK(there.out.find("'./build/mybot' does not exist") != std::string::npos);

  const Run run = run_arena_in(elsewhere, "league run " + dir + " --games 6 --quiet");
  INFO(run.out);
  REQUIRE(run.status == 0);
  const std::string pgn = run_arena("league export " + dir).out;
  CHECK(shelltest::count(pgn, "[Termination \"start failure\"]") == 0);
  CHECK(shelltest::count(pgn, "[Event ") == 6);
}

TEST_CASE(
    "league run: a bot that stops starting is suspended at once, its games kept but not rated, then resumed",
    "[league]") {
  shelltest::TempFolder tmp("arena-league", "suspend");
  leaguetest::check_unstartable_bot(tmp.path, "");

  // A league tallied by an Arena that rated such games (tallies of version 1, with c's phantom
  // losses as outcomes) is tallied again from its records when opened: the same table.
  const std::string dir = (tmp.path / "lab").string();
  const std::string table = run_arena("league table " + dir + " --json").out;
  {
    arena::SqliteDb db(dir + "/league.db", false);
    db.exec("UPDATE meta SET value = '1' WHERE key = 'tallies'");
    db.exec(
        "INSERT OR REPLACE INTO tallies VALUES('o' || char(9) || 'a' || char(9) || 'c' || char(10) || '1' || "
        "char(9) || '2' || char(10), 40, 0, 0)");
  }
  CHECK(run_arena("league table " + dir + " --json").out == table);
}

}  // namespace league_start_test
