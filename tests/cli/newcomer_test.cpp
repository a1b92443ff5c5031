// What a newcomer types, through the real binary: a mistyped subcommand or option gets "did
// you mean"; a bare script name not in PATH hints "./"; a repro command is printed only when
// there is a record file to name; a stop the user asked for (Ctrl-C, SIGTERM) of a league run
// is no error (no "arena: error:", status 130, how far it got and how to go on).
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/bin_path.h"
#include "tests/killed_referee.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace newcomer_test {

namespace {

namespace fs = std::filesystem;
using shelltest::kBin;
using shelltest::Run;
using shelltest::run_arena;

}  // namespace

TEST_CASE("arena: a mistyped subcommand or option gets 'did you mean'", "[cli]") {
  const Run league = run_arena("league tabel mylab");
  CHECK(league.status == 2);
  CHECK(league.out.find("arena: error: unknown subcommand 'tabel' of arena league; did you mean 'table'?") ==
        0);
  CHECK(league.out.find("A subcommand is required") == std::string::npos);
  CHECK(league.out.find("(run 'arena league --help' for what each does)") != std::string::npos);

  const Run top = run_arena("mtach clump --bot a=x");
  CHECK(top.status == 2);
  CHECK(top.out.find("arena: error: 'mtach' is not a command; did you mean 'match'?") == 0);
  // Nothing close: no guess.
  CHECK(run_arena("league zzzzzz").out.find("did you mean") == std::string::npos);

  shelltest::TempFolder tmp("arena-cli", "did-you-mean");
  const Run games = run_arena("league run " + tmp.str() + " --game 4");
  CHECK(games.status == 2);
  CHECK(games.out.find("unknown option '--game': did you mean '--games'?") != std::string::npos);
  CHECK(games.out.find("(run 'arena league run --help' for the options)") != std::string::npos);
  const Run equals = run_arena("match clump --bot a=x --bot b=y --gmaes=4");
  CHECK(equals.status == 2);
  CHECK(equals.out.find("unknown option '--gmaes': did you mean '--games'?") != std::string::npos);
}

TEST_CASE("arena match: a bare script name not in PATH hints ./NAME", "[cli]") {
  shelltest::TempFolder tmp("arena-cli", "bare");
  fs::create_directories(tmp.path);
  std::ofstream(tmp.path / "noexec.py") << "print('ready')\n";
  const Run r = shelltest::run_arena_in(
      tmp.path, "match clump:size=6 --bot a=noexec.py --bot b=" + kBin + "/random_bot --games 1");
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("'noexec.py' not found in PATH (a file of that name is in this folder: run it as "
                   "'./noexec.py')") != std::string::npos);
  // Elsewhere the name is only not found.
  const Run away =
      run_arena("match clump:size=6 --bot a=noexec.py --bot b=" + kBin + "/random_bot --games 1");
  CHECK(away.out.find("'noexec.py' not found in PATH\n") != std::string::npos);
}

TEST_CASE("arena match: a fault's repro command only when there is a record file to name", "[cli]") {
  const std::string bots = "--bot 'a=" + kBin + "/fixed_illegal_bot 3' --bot b=" + kBin + "/first_move_bot";
  const Run without = run_arena("match clump:size=6 " + bots + " --games 1 --seed 7");
  INFO(without.out);
  REQUIRE(without.status == 0);
  CHECK(without.out.find("illegal") != std::string::npos);
  CHECK(without.out.find("repro") == std::string::npos);
  shelltest::TempFolder tmp("arena-cli", "repro-hint");
  fs::create_directories(tmp.path);
  const std::string pgn = (tmp.path / "g.pgn").string();
  const Run with = run_arena("match clump:size=6 " + bots + " --games 1 --seed 7 --out " + pgn);
  CHECK(with.out.find("  repro: arena repro " + pgn + " --game ") != std::string::npos);
}

TEST_CASE("league run: Ctrl-C or SIGTERM is no error: how many games were kept, how to go on, status 130",
          "[cli]") {
  shelltest::TempFolder tmp("arena-cli", "league-stop");
  fs::create_directories(tmp.path);
  const std::string dir = (tmp.path / "lab").string(), log = (tmp.path / "run.log").string();
  REQUIRE(run_arena("league new " + dir + " clump:size=6 --tc 5+0.05").status == 0);
  REQUIRE(run_arena("league add " + dir + " a=" + kBin + "/random_bot").status == 0);
  REQUIRE(run_arena("league add " + dir + " 'b=" + kBin + "/mcts_bot --iterations 100'").status == 0);
  for (const int sig : {SIGINT, SIGTERM}) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::setpgid(0, 0);  // as a terminal's Ctrl-C reaches the whole job
      const std::string cmd =
          "exec " + kBin + "/arena league run " + dir + " -j 2 --quiet > " + log + " 2>&1";
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const auto games = [&] {
      const Run t = run_arena("league table " + dir + " --json");
      return t.status == 0 ? boost::json::parse(t.out).at("games").as_int64() : 0;
    };
    const std::int64_t before = games();
    for (int i = 0; i < 600 && games() < before + 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    REQUIRE(::kill(-pid, sig) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    reftest::remove_run_folder_of(pid);
    const std::string text = shelltest::slurp(log);
    INFO("signal " << sig << ": " << text);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
    CHECK(text.find("arena: error") == std::string::npos);
    const std::int64_t kept = games() - before;
    CHECK(kept >= 2);
    CHECK(text.find("stopped after " + std::to_string(kept) + " games; run again to go on\n") !=
          std::string::npos);
  }
}

}  // namespace newcomer_test
