// The run options shared by `arena match`, `arena tournament` and `arena check-bot`
// (the option table, tournaments/option_table.h), and the one error format of the binary
// (cli/arena_main.cpp), through the real `arena` binary: one spelling per flag (with the documented aliases),
// the same checks everywhere, "arena: error: ..." and exit status 2 for any bad input.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace run_flags_test {

namespace {

using shelltest::Run;
using shelltest::run_arena;

using shelltest::kRandom;
const std::string kBots = " --bot a=" + kRandom + " --bot b=" + kRandom;

}  // namespace

TEST_CASE("cli: every usage error is 'arena: error:' with exit status 2, never CLI11's codes", "[cli]") {
  for (const char* args : {"match clump --bot a=x --no-such-flag", "match", "tournament --games x",
                           "check-bot", "games --bogus", "nosuchcommand"}) {
    const Run r = run_arena(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.rfind("arena: error: ", 0) == 0);
    CHECK(r.out.find("--help") != std::string::npos);  // and a hint where to look
  }
  const Run help = run_arena("match --help");
  CHECK(help.status == 0);
  CHECK(help.out.find("Exit status: 0 done") != std::string::npos);  // documented where people look
  CHECK(run_arena("--version").status == 0);
}

TEST_CASE("cli: an unknown subcommand is refused, with --help too", "[cli]") {
  for (const char* args : {"NOSUCH --help", "NOSUCH", "--version-typo NOSUCH -h"}) {
    const Run r = run_arena(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find("arena: error: 'NOSUCH' is not a command (the commands: games, perft") == 0);
  }
  CHECK(run_arena("match --help").status == 0);
}

TEST_CASE("cli: the shared flags behave the same in match, tournament and check-bot", "[cli]") {
  const shelltest::TempFolder tmp("arena-cli", "shared-flags");
  const std::string dir = tmp.str();
  // A bad --move-time is named, in every command.
  for (const std::string& cmd : {"match clump:size=4" + kBots, "tournament clump:size=4 --out " + dir + kBots,
                                 "check-bot " + kRandom + " --game clump:size=4"}) {
    const Run r = run_arena(cmd + " --move-time fast");
    INFO(cmd << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find("arena: error: --move-time: 'fast' is not a number of seconds") != std::string::npos);
  }
  // The same bot-name rule and the same duplicate check for match and tournament.
  for (const std::string& cmd : {std::string("match clump:size=4"), "tournament clump:size=4 --out " + dir}) {
    Run r = run_arena(cmd + " --bot a=" + kRandom + " --bot a=" + kRandom);
    INFO(cmd << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find("two bots are named 'a'") != std::string::npos);
    r = run_arena(cmd + " --bot " + std::string(70, 'n') + "=" + kRandom + " --bot b=" + kRandom);
    CHECK(r.status == 2);
    CHECK(r.out.find("at most 64") != std::string::npos);
    CHECK(r.out.find("internal error") == std::string::npos);
  }
  // --concurrency, -j and -k are one option.
  for (const char* flag : {"--concurrency 2", "-j 2", "-k 2"}) {
    const Run r = run_arena(std::string("match clump:size=4 --games 2 --seed 1 ") + flag + kBots);
    INFO(flag << "\n" << r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("concurrency 2") != std::string::npos);
  }
  // --move-time is a number of seconds everywhere, fractions included.
  const Run t = run_arena("tournament clump:size=4 --games 2 --move-time 0.5 --out " + dir + kBots + " -q");
  INFO(t.out);
  CHECK(t.status == 0);
  CHECK(t.out.find("arena: error") == std::string::npos);
}

TEST_CASE("cli: openings and random opening plies in a match, arena openings writes a valid file", "[cli]") {
  const shelltest::TempFolder tmp("arena-cli", "openings");
  const std::string dir = tmp.str();
  std::filesystem::create_directories(dir);
  Run r = run_arena("openings clump:size=6 --count 3 --plies 2 --seed 4 --out " + dir + "/op.txt");
  INFO(r.out);
  REQUIRE(r.status == 0);
  r = run_arena("match clump:size=6 --games 4 --seed 2 -q --openings " + dir +
                "/op.txt --random-opening-plies 1 -o " + dir + "/g.pgn" + kBots);
  INFO(r.out);
  CHECK(r.status == 0);
  r = run_arena("verify " + dir + "/g.pgn");
  CHECK(r.status == 0);
  std::ifstream in(dir + "/g.pgn");
  std::string pgn((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(pgn.find("[OpeningPlies \"3\"]") != std::string::npos);  // 2 from the file + 1 random
  // A bad line is named with its number.
  std::ofstream(dir + "/bad.txt") << "# ok\nzz99\n";
  r = run_arena("match clump:size=6 --openings " + dir + "/bad.txt" + kBots);
  CHECK(r.status == 2);
  CHECK(r.out.find("bad.txt:2:") != std::string::npos);
}

TEST_CASE("cli: fewer bots than seats is said aloud, and refused for a person", "[cli]") {
  Run r = run_arena("match flush:players=3 --games 1 -q" + kBots);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("arena: warning:") != std::string::npos);
  CHECK(r.out.find("some play several seats") != std::string::npos);
  r = run_arena("match flush:players=3 --bot me=human --bot b=" + kRandom);
  CHECK(r.status == 2);
  CHECK(r.out.find("a person would play several seats") != std::string::npos);
}

TEST_CASE("cli: output folders that cannot be made are the user's error, not an internal one", "[cli]") {
  for (const std::string& args : {"match clump:size=4 --games 1 --log-dir /etc/passwd/logs" + kBots,
                                  "tournament clump:size=4 --games 2 --out /etc/passwd/t" + kBots,
                                  "match clump:size=4 --games 1 -o /etc/passwd/x.pgn" + kBots}) {
    const Run r = run_arena(args);
    INFO(args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find("arena: error:") != std::string::npos);
    CHECK(r.out.find("internal error") == std::string::npos);
    CHECK(r.out.find("/etc/passwd") != std::string::npos);
  }
}

TEST_CASE("cli: arena match --sprt stops on either bound", "[cli]") {
  const std::string greedy = std::string(ARENA_BIN_DIR) + "/greedy_bot";
  Run r = run_arena(
      "match clump:size=6 --games 400 --seed 1 -q --sprt elo0=0,elo1=50,alpha=0.05,beta=0.05 --bot g=" +
      greedy + " --bot r=" + kRandom);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("H1 accepted") != std::string::npos);
  CHECK(r.out.find("g       400") == std::string::npos);  // stopped long before the cap
  r = run_arena(
      "match clump:size=4 --games 2000 --seed 1 -q -k 2 --sprt elo0=0,elo1=150,alpha=0.05,beta=0.05" + kBots);
  CHECK(r.status == 0);
  CHECK(r.out.find("H0 accepted") != std::string::npos);
  CHECK(r.out.find("-nan") == std::string::npos);
  r = run_arena("match flush:players=3 --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05" + kBots +
                " --bot c=" + kRandom);
  CHECK(r.status == 2);
  CHECK(r.out.find("--sprt needs a two-seat game") != std::string::npos);
}

TEST_CASE("cli: in team games arena match rotates partnerships, as tournaments do", "[cli]") {
  const Run r = run_arena("match flume-cards:hand_cap=1 --seed 1 --bot a=" + kRandom + " --bot b=" + kRandom +
                          " --bot c=" + kRandom + " --bot d=" + kRandom);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Seats 1+3 and 2+4 are partners: a's partner is whoever sits two seats from it.
  std::set<std::string> partners;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("[", 0) != 0) continue;
    std::vector<std::string> seat;
    std::istringstream words(line.substr(line.find(']') + 1));
    for (std::string w; words >> w && seat.size() < 4;)
      if (w != "-") seat.push_back(w);
    for (int s = 0; s < 4; ++s)
      if (seat[s] == "a") partners.insert(seat[(s + 2) % 4]);
  }
  CHECK(partners == std::set<std::string>{"b", "c", "d"});
}

}  // namespace run_flags_test
