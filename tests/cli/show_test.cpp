// `arena show` through the real binary: the position drawn at --ply K (position K, after K
// actions) is the engine's picture of the replayed record; --seat shows that seat's observation
// only; --all prints every position; bad input is a clear error with exit status 2. The decision
// each position names is held to the other places in decision_numbers_test.cpp.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/core/registry.h"
#include "records/pgn.h"
#include "tests/shell_run.h"
#include "tests/slurp.h"
#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace show_test {

using namespace arena;

namespace {

using shelltest::Run;
using shelltest::run_arena;

using shelltest::slurp;

using shelltest::TempDir;

// The state of game `index` (0-based) of `pgn` after `ply` actions.
std::unique_ptr<State> replay(const std::string& pgn, std::size_t index, int ply,
                              std::unique_ptr<Game>& game) {
  std::vector<PgnError> errors;
  const auto games = parse_pgn(pgn, errors);
  REQUIRE(index < games.size());
  game = make_game(games[index].spec);
  auto state = game->new_initial_state();
  for (int i = 0; i < ply; ++i) state->apply(parse_or_throw(*state, games[index].actions[i].text));
  return state;
}

}  // namespace

TEST_CASE("arena show: the picture at a ply, a seat's view, every ply, clear errors", "[cli]") {
  TempDir dir("show");
  const std::string pgn = dir.str() + "/games.pgn", bot = std::string(ARENA_BIN_DIR) + "/random_bot";
  const Run played = run_arena("match flush:players=3 --bot a=" + bot + " --bot b=" + bot +
                               " --bot c=" + bot + " --games 3 --seed 5 -q --out " + pgn);
  REQUIRE(played.status == 0);
  const std::string text = slurp(pgn);
  std::unique_ptr<Game> game;

  SECTION("the full picture at a ply is the engine's render of the replayed record") {
    const Run r = run_arena("show " + pgn + " --game 2 --ply 30");
    REQUIRE(r.status == 0);
    const auto state = replay(text, 1, 30, game);
    CHECK(r.out.find("game 2") != std::string::npos);
    CHECK(r.out.find("position 30 of ") != std::string::npos);
    CHECK(r.out.find(state->render()) != std::string::npos);
  }
  SECTION("--seat shows that seat's observation, not the full picture") {
    const Run r = run_arena("show " + pgn + " --ply 30 --seat 2");
    REQUIRE(r.status == 0);
    const auto state = replay(text, 0, 30, game);
    CHECK(r.out.find(state->observation(2)) != std::string::npos);
    CHECK(r.out.find(state->render()) == std::string::npos);
  }
  SECTION("--all prints the start and every ply up to --ply; the end shows the result") {
    const Run r = run_arena("show " + pgn + " --all --ply 3");
    REQUIRE(r.status == 0);
    for (int k = 0; k <= 3; ++k)
      CHECK(r.out.find("position " + std::to_string(k) + " of ") != std::string::npos);
    CHECK(r.out.find("position 4 of ") == std::string::npos);
    const Run end = run_arena("show " + pgn + " --game 3");
    REQUIRE(end.status == 0);
    CHECK(end.out.find("result: normal") != std::string::npos);
  }
  SECTION("bad input: exit 2 and a message naming what is wrong") {
    Run r = run_arena("show " + pgn + " --game 9");
    CHECK(r.status == 2);
    CHECK(r.out.find("no game 9 (the file holds 3 games)") != std::string::npos);
    r = run_arena("show " + pgn + " --ply 100000");
    CHECK(r.status == 2);
    CHECK(r.out.find("--ply 100000") != std::string::npos);
    r = run_arena("show " + pgn + " --seat 4");
    CHECK(r.status == 2);
    CHECK(r.out.find("seats 1..3") != std::string::npos);
    r = run_arena("show " + dir.str() + "/missing.pgn");
    CHECK(r.status == 2);
    CHECK(r.out.find("cannot read the file") != std::string::npos);
    // A record whose moves were edited: the action that does not replay is named.
    std::string damaged = text;
    const std::size_t at = damaged.find("{30. ");
    REQUIRE(at != std::string::npos);
    const std::size_t end = damaged.find('}', at);
    damaged.replace(at, end - at, "{30. s1 zz");
    std::ofstream(dir.str() + "/damaged.pgn") << damaged;
    r = run_arena("show " + dir.str() + "/damaged.pgn --ply 40");
    CHECK(r.status == 2);
    CHECK(r.out.find("action 30 'zz' does not replay") != std::string::npos);
  }
}

TEST_CASE("arena show --game takes the round label the logs print, as well as the index", "[cli]") {
  TempDir dir("show");
  const std::string bot = std::string(ARENA_BIN_DIR) + "/random_bot";
  const Run played = run_arena("tournament clump:size=6 --bot a=" + bot + " --bot b=" + bot +
                               " --bot c=" + bot + " --games 2 --seed 3 -q --out " + dir.str() + "/t");
  REQUIRE(played.status == 0);
  const std::string pgn = dir.str() + "/t/games.pgn";
  std::vector<PgnError> errors;
  const auto games = parse_pgn(slurp(pgn), errors);
  REQUIRE(games.size() == 6);
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i + 1 << " round " << games[i].round);
    REQUIRE(games[i].round.find('.') != std::string::npos);
    const Run by_label = run_arena("show " + pgn + " --game " + games[i].round);
    const Run by_index = run_arena("show " + pgn + " --game " + std::to_string(i + 1));
    CHECK(by_label.status == 0);
    CHECK(by_label.out == by_index.out);
  }
  Run r = run_arena("show " + pgn + " --game 9.9.9");
  CHECK(r.status == 2);
  CHECK(r.out.find("--game 9.9.9: " + pgn + " holds no game of that round") != std::string::npos);
  r = run_arena("show " + pgn + " --game 0");
  CHECK(r.status == 2);
  CHECK(r.out.find("games are numbered from 1") != std::string::npos);
}

}  // namespace show_test
