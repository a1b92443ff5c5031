// `arena match` as a user runs it: output, exit status, errors.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "referee_test_util.h"
#include "tests/bin_path.h"
#include "tests/killed_referee.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace cmd_match_test {

namespace {

using shelltest::Run;
using shelltest::run_arena;

using shelltest::kRandom;

}  // namespace

TEST_CASE("arena match: plays, rotates seats, prints lines and a summary", "[referee]") {
  auto r =
      run_arena("match clump:size=6 --bot a=" + kRandom + " --bot b=" + kRandom + " --games 4 --seed 3 -k 2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("4 games, seed 3") != std::string::npos);
  CHECK(r.out.find("[4/4]") != std::string::npos);
  CHECK(r.out.find("a - b") != std::string::npos);
  CHECK(r.out.find("b - a") != std::string::npos);
  CHECK(r.out.find("wins losses  draws") != std::string::npos);
}

TEST_CASE("arena match: clear errors for bad input", "[referee]") {
  auto r = run_arena("match nosuchgame --bot a=" + kRandom);
  CHECK(r.status == 2);
  CHECK(r.out.find("nosuchgame") != std::string::npos);
  r = run_arena("match clump --bot a");
  CHECK(r.status == 2);
  CHECK(r.out.find("NAME=COMMAND") != std::string::npos);
  r = run_arena("match clump --bot a=x --bot a=y");
  CHECK(r.status == 2);
  CHECK(r.out.find("two bots are named 'a'") != std::string::npos);
  r = run_arena("match clump --bot a=" + kRandom + " --tc fast");
  CHECK(r.status == 2);
  CHECK(r.out.find("--tc") != std::string::npos);
  // A bot that cannot start stops the match before its first game (issue 14; it used to lose
  // every game while the match ended with status 0).
  r = run_arena("match clump --bot a=" + kRandom + " --bot b=/no/such/bot --games 1");
  CHECK(r.status == 2);
  CHECK(r.out.find("arena: error: bot 'b' could not start: cannot start: '/no/such/bot' does not exist") !=
        std::string::npos);
  CHECK(r.out.find("no game was played") != std::string::npos);
}

// The real Ctrl-C path: SIGINT reaches the running `arena match`, the runner stops its
// games, the finished records are kept, the bots are shut down, and the exit status is 130.
TEST_CASE("arena match: SIGINT stops the match, keeps finished records, leaves no bot, exits 130",
          "[referee]") {
  char dir_template[] = "/tmp/arena-sigint-XXXXXX";
  REQUIRE(::mkdtemp(dir_template) != nullptr);
  const std::string dir = dir_template;
  const std::string tag = "--arena-test-tag=sigint-" + std::to_string(::getpid());
  const std::string pgn = dir + "/games.pgn", log = dir + "/out.txt";
  // Many quick games: the match is certainly still running when the signal comes.
  const std::string cmd =
      "exec " + std::string(ARENA_BIN_DIR) + "/arena match clump:size=6 --bot 'a=" + kRandom + " " + tag +
      "' --bot 'b=" + kRandom + " " + tag + "' --games 100000 --seed 5 --out " + pgn + " > " + log + " 2>&1";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Wait until some games are finished (the output file grows), at most 20 s.
  for (int i = 0; i < 400; ++i) {
    std::ifstream f(pgn);
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (text.find("[Result") != std::string::npos) break;
    ::usleep(50 * 1000);
  }
  REQUIRE(::kill(pid, SIGINT) == 0);
  int status = 0;
  pid_t waited = 0;
  for (int i = 0; i < 400 && waited == 0; ++i) {  // at most 20 s
    waited = ::waitpid(pid, &status, WNOHANG);
    if (waited == 0) ::usleep(50 * 1000);
  }
  if (waited == 0) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    reftest::remove_run_folder_of(pid);
    FAIL("arena match did not stop within 20 s of SIGINT");
  }
  std::ifstream lf(log);
  const std::string out((std::istreambuf_iterator<char>(lf)), std::istreambuf_iterator<char>());
  INFO(out);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK(out.find("match interrupted") != std::string::npos);
  // Every record in the file is complete and none was cut by the stop.
  std::ifstream pf(pgn);
  const std::string records((std::istreambuf_iterator<char>(pf)), std::istreambuf_iterator<char>());
  std::size_t games = 0, results = 0;
  for (std::size_t p = 0; (p = records.find("[Game ", p)) != std::string::npos; ++p) ++games;
  for (std::size_t p = 0; (p = records.find("[Result ", p)) != std::string::npos; ++p) ++results;
  CHECK(results >= 1);
  CHECK(results < 100000);
  CHECK(games == results);
  // The game in progress (if the signal did not fall between two games) is not counted.
  CHECK(out.find("match interrupted after " + std::to_string(results) + " of 100000 games") !=
        std::string::npos);
  // No bot outlives the referee.
  CHECK(reftest::processes_left(tag).empty());
  std::filesystem::remove_all(dir);
}

}  // namespace cmd_match_test
