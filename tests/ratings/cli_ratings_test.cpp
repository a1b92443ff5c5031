// `arena ratings` end to end: records written with format_pgn, read back by the CLI.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/pgn.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace cli_ratings_test {

using namespace arena;

namespace {

GameRecord record(const std::string& a, const std::string& b, int rank_a, int rank_b, std::uint64_t seed) {
  GameRecord r;
  r.spec = "clump";
  r.seed = seed;
  r.round = std::to_string(seed);
  r.date = "2026.11.21";
  r.players = {a, b};
  r.results = {SeatResult{rank_a,
                          rank_a < rank_b    ? 1.0
                          : rank_a == rank_b ? 0.5
                                             : 0.0,
                          0},
               SeatResult{rank_b,
                          rank_b < rank_a    ? 1.0
                          : rank_a == rank_b ? 0.5
                                             : 0.0,
                          1}};
  return r;
}

using shelltest::Run;

// `arena ratings ARGS`.
Run run(const std::string& args) { return shelltest::run_arena("ratings " + args); }

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("arena_ratings_test_" + std::to_string(getpid()) + "_" + name))
      .string();
}

}  // namespace

TEST_CASE("arena ratings: table, head to head with pairs and SPRT from a record file", "[ratings]") {
  const std::string path = temp_path("match.pgn");
  {
    std::ofstream out(path);
    // Paired games: seed k, seats swapped. A wins 6 pairs 2-0, draws 2 pairs, loses 2 pairs 0-2.
    for (std::uint64_t k = 0; k < 10; ++k) {
      const int ra = k < 6 ? 1 : k < 8 ? 1 : 2, rb = k < 6 ? 2 : k < 8 ? 1 : 1;
      out << format_pgn(record("A", "B", ra, rb, k)) << format_pgn(record("B", "A", rb, ra, k));
    }
  }
  Run r = run(path + " --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("Bradley-Terry ratings from 20 games") != std::string::npos);
  CHECK(r.out.find("Head to head: A vs B") != std::string::npos);
  CHECK(r.out.find("Ptnml(0-2): [2, 0, 2, 0, 6]") != std::string::npos);
  CHECK(r.out.find("SPRT (pentanomial") != std::string::npos);

  r = run(path + " --format json --anchor B=1000");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\"anchor\":\"B\"") != std::string::npos);
  INFO(r.out);
  // Ordinary JSON numbers (issue 14; Boost.JSON alone wrote 1E3 and 0E0).
  CHECK(r.out.find("\"name\":\"B\",\"elo\":1000,\"error\":0") != std::string::npos);
  CHECK(r.out.find("E0") == std::string::npos);
  r = run(path + " --format csv");
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("rank,name,elo,error", 0) == 0);
  std::filesystem::remove(path);
}

TEST_CASE("arena ratings: bad input is named with file and line", "[ratings]") {
  Run r = run(temp_path("missing.pgn"));
  CHECK(r.status == 2);
  CHECK(r.out.find("missing.pgn: cannot read the file") != std::string::npos);
  const std::string path = temp_path("bad.pgn");
  {
    std::ofstream out(path);
    out << format_pgn(record("A", "B", 1, 2, 1)) << "[Event \"x\"]\n[Result \"garbage\n\n1. ?? *\n\n";
  }
  r = run(path);
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find(path + ":") != std::string::npos);
  CHECK(r.out.find("game 2") != std::string::npos);
  r = run(path + " --anchor A");
  CHECK(r.status != 0);
  std::filesystem::remove(path);
}

TEST_CASE("arena ratings: records of different games are refused unless --mix, --skip-invalid goes on",
          "[ratings]") {
  char dir_template[] = "/tmp/arena-ratings-XXXXXX";
  REQUIRE(::mkdtemp(dir_template));
  const std::string dir = dir_template;
  const std::string random = std::string(ARENA_BIN_DIR) + "/random_bot";
  const std::string arena = std::string(ARENA_BIN_DIR) + "/arena";
  for (const char* spec : {"clump:size=4", "flume:size=5"})
    shelltest::run_shell(arena + " match " + spec + " --games 4 --seed 1 -q -o " + dir +
                         "/all.pgn --bot a=" + random + " --bot b=" + random);
  Run r = run(dir + "/all.pgn");
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("2 different games") != std::string::npos);
  CHECK(r.out.find("clump:size=4: 4 game(s)") != std::string::npos);
  r = run("--mix " + dir + "/all.pgn");
  CHECK(r.status == 0);
  // A damaged record: refused, with the option that skips it; skipped with it.
  {
    std::ofstream(dir + "/all.pgn", std::ios::app)
        << "[Event \"x\"]\n[Game \"clump:size=4\"]\n{1. s1 zz 0.1s} *\n";
  }
  r = run("--mix " + dir + "/all.pgn");
  CHECK(r.status == 2);
  CHECK(r.out.find("--skip-invalid") != std::string::npos);
  r = run("--mix --skip-invalid " + dir + "/all.pgn");
  CHECK(r.status == 0);
  CHECK(r.out.find("all.pgn:") != std::string::npos);  // the skipped record, with its place
  CHECK(r.out.find("from 8 games") != std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace cli_ratings_test
