// `arena match --watch` through the real binary: without a terminal, one line per action of
// the watched game, the same actions as its record; on a terminal (a pseudo-terminal made
// by script(1)) the board is redrawn in place and ends with the engine's final picture.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/core/registry.h"
#include "engine/flows/flows_state.h"
#include "records/pgn.h"
#include "tests/bin_path.h"
#include "tests/pgn_read.h"
#include "tests/shell_run.h"
#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace watch_test {

using namespace arena;

namespace {

using shelltest::Run;
using shelltest::run_shell;

using shelltest::kArena;
const std::string kBots = " --bot a=" + std::string(ARENA_BIN_DIR) +
                          "/random_bot --bot b=" + std::string(ARENA_BIN_DIR) + "/random_bot";

using shelltest::TempDir;

using shelltest::records;

}  // namespace

TEST_CASE("arena match --watch: plain lines off a terminal, the actions of the watched game", "[cli]") {
  TempDir dir("watch");
  const Run r = run_shell(kArena + " match flume:size=5" + kBots + " --games 2 --seed 2 -q --watch=2 --out " +
                          dir.str() + "/m.pgn");
  REQUIRE(r.status == 0);
  const auto games = records(dir.str() + "/m.pgn");
  REQUIRE(games.size() == 2);
  const GameRecord& watched = games[1];  // concurrency 1: records in job order
  std::istringstream lines(r.out);
  std::vector<std::string> watch_lines;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("watch game ", 0) == 0) watch_lines.push_back(line);
  REQUIRE(watch_lines.size() == watched.actions.size() + 1);
  CHECK(watch_lines[0] == "watch game 2 ply 0: start");
  for (std::size_t i = 0; i < watched.actions.size(); ++i) {
    const RecordedAction& a = watched.actions[i];
    std::string expect = "watch game 2 ply " + std::to_string(i + 1) + ": " +
                         (a.actor == kChance ? std::string("chance") : "seat " + std::to_string(a.actor)) +
                         " " + a.text;
    if (i + 1 == watched.actions.size()) expect += " (game over)";
    CHECK(watch_lines[i + 1] == expect);
  }
}

TEST_CASE("arena match --watch: redrawn in place on a terminal, ending with the final picture", "[cli]") {
  TempDir dir("watch");
  const std::string cmd =
      kArena + " match flume:size=5" + kBots + " --games 1 --seed 3 -q --watch --out " + dir.str() + "/m.pgn";
  const Run r = run_shell("script -qec '" + cmd + "' /dev/null");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\x1b[H\x1b[2J") != std::string::npos);
  const auto games = records(dir.str() + "/m.pgn");
  REQUIRE(games.size() == 1);
  auto game = make_game(games[0].spec);
  auto state = game->new_initial_state();
  for (const auto& a : games[0].actions) state->apply(parse_or_throw(*state, a.text));
  std::string picture = state->render();
  // The terminal turns each "\n" into "\r\n".
  for (std::size_t at = 0; (at = picture.find('\n', at)) != std::string::npos; at += 2)
    picture.replace(at, 1, "\r\n");
  const std::size_t last_clear = r.out.rfind("\x1b[2J");
  CHECK(r.out.find(picture, last_clear) != std::string::npos);
  CHECK(r.out.find("game over", last_clear) != std::string::npos);
}

TEST_CASE("arena match --watch: a game the match does not have is an error", "[cli]") {
  const Run r = run_shell(kArena + " match flume:size=5" + kBots + " --games 2 --seed 2 -q --watch=3");
  CHECK(r.status == 2);
  CHECK(r.out.find("--watch 3: the match has 2 games") != std::string::npos);
}

TEST_CASE("arena tournament --watch: plain lines off a terminal, the actions of game N of the schedule",
          "[cli]") {
  TempDir dir("watch");
  const Run r = run_shell(kArena + " tournament flows:players=2" + kBots +
                          " --games 4 --seed 4 --quiet --watch=3 --out " + dir.str() + "/t");
  REQUIRE(r.status == 0);
  const auto games = records(dir.str() + "/t/games.pgn");
  REQUIRE(games.size() == 4);
  const GameRecord& watched = games[2];  // records in schedule order
  std::istringstream lines(r.out);
  std::vector<std::string> watch_lines;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("watch game ", 0) == 0) watch_lines.push_back(line);
  REQUIRE(watch_lines.size() == watched.actions.size() + 1);
  CHECK(watch_lines[0] == "watch game 3 ply 0: start");
  const RecordedAction& last = watched.actions.back();
  CHECK(watch_lines.back() ==
        "watch game 3 ply " + std::to_string(watched.actions.size()) + ": " +
            (last.actor == kChance ? std::string("chance") : "seat " + std::to_string(last.actor)) + " " +
            last.text + " (game over)");
}

TEST_CASE("arena tournament --watch: the Flows board drawn with its paths on a terminal", "[cli]") {
  TempDir dir("watch");
  const std::string cmd = kArena + " tournament flows:players=2" + kBots +
                          " --games 2 --seed 4 --quiet --watch --out " + dir.str() + "/t";
  const Run r = run_shell("script -qec '" + cmd + "' /dev/null");
  REQUIRE(r.status == 0);
  const auto games = records(dir.str() + "/t/games.pgn");
  REQUIRE(games.size() == 2);
  auto game = make_game(games[0].spec);
  auto state = game->new_initial_state();
  for (const auto& a : games[0].actions) state->apply(parse_or_throw(*state, a.text));
  // The final board (its paths marked by the seats' digits, engine/flows) as the last redraw.
  std::string picture = static_cast<const flows::FlowsState&>(*state).board_text();
  CHECK(picture.find(" 1 ") != std::string::npos);
  for (std::size_t at = 0; (at = picture.find('\n', at)) != std::string::npos; at += 2)
    picture.replace(at, 1, "\r\n");
  const std::size_t last_clear = r.out.rfind("\x1b[2J");
  REQUIRE(last_clear != std::string::npos);
  CHECK(r.out.find(picture, last_clear) != std::string::npos);
  CHECK(r.out.find("game over", last_clear) != std::string::npos);
}

}  // namespace watch_test
