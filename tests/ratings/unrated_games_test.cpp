// A game whose bot never started is kept but never rated (docs/ratings.md, "Which games
// count"), in a tournament's tables as in `arena ratings`, through the real binary: a bot that
// starts once (the check before the first game) and never again loses no rated game, scores
// nothing in the crosstable, and its start failures are counted in the faults table.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/text_count.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace unrated_games_test {

namespace {

namespace fs = std::filesystem;
using shelltest::kBin;
using shelltest::Run;
using shelltest::run_arena;

using shelltest::count;

}  // namespace

TEST_CASE("tournament: games whose bot never started are kept and counted as faults, never rated or scored",
          "[ratings]") {
  shelltest::TempFolder tmp("arena-ratings", "unrated");
  fs::create_directories(tmp.path);
  // Starts the first time (the tournament's check before its first game), then never again.
  const fs::path once = tmp.path / "once.sh";
  std::ofstream(once) << "#!/bin/sh\nmark=\"$(dirname \"$0\")/started\"\n"
                         "if [ -e \"$mark\" ]; then echo 'gone' >&2; exit 1; fi\n"
                         ": > \"$mark\"\nexec '"
                      << kBin << "/random_bot'\n";
  ::chmod(once.c_str(), 0755);
  const std::string out = (tmp.path / "t").string();
  const Run run = run_arena("tournament clump:size=6 --bot a=" + kBin + "/random_bot --bot b=" + kBin +
                            "/greedy_bot --bot once=" + once.string() + " --games 4 --seed 3 --out " + out);
  INFO(run.out);
  CHECK(run.status == 1);  // games were lost to a bot that could not start
  const std::string pgn = shelltest::slurp(out + "/games.pgn");
  CHECK(count(pgn, "[Event ") == 12);
  CHECK(count(pgn, "[Termination \"start failure\"]") == 8);  // every game of `once`, kept

  // Only a and b are rated, from their 4 games together; `once` scored nothing.
  const std::string ratings = shelltest::slurp(out + "/ratings.txt");
  INFO(ratings);
  CHECK(ratings.find("from 4 games") != std::string::npos);
  CHECK(ratings.find("once") == std::string::npos);
  const std::string crosstable = shelltest::slurp(out + "/crosstable.txt");
  INFO(crosstable);
  // The row of `once`: no game against anyone ("."), where it used to lose 0/4 to each.
  std::string row;
  std::istringstream lines(crosstable);
  for (std::string line; std::getline(lines, line);)
    if (line.find(" once ") != std::string::npos) row = line;
  INFO(row);
  CHECK(!row.empty());
  CHECK(row.find('/') == std::string::npos);
  CHECK(shelltest::slurp(out + "/faults.txt").find("start failure") != std::string::npos);

  // `arena ratings` of the records: the same rule.
  const Run rated = run_arena("ratings " + out + "/games.pgn");
  INFO(rated.out);
  REQUIRE(rated.status == 0);
  CHECK(rated.out.find("from 4 games") != std::string::npos);
  CHECK(rated.out.find("8 game(s) whose bot never started were not rated") != std::string::npos);
}

}  // namespace unrated_games_test
