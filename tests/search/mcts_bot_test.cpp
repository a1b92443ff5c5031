// mcts_bot as the referee runs it: legal moves to the end in every game and player count
// (arena check-bot), and never a time forfeit at a fast time control on this busy machine.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/registry.h"
#include "engine/games.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace mcts_bot_test {

namespace {

using shelltest::Run;
using shelltest::run_arena;

const std::string kMcts = std::string(ARENA_BIN_DIR) + "/mcts_bot";

}  // namespace

TEST_CASE("mcts_bot: check-bot passes in every game and player count", "[search]") {
  std::vector<std::string> specs;
  // The binary's games (engine/games.h): a game registered in this test process only is
  // unknown to `arena`.
  for (const arena::GameEntry* g : arena::registered_games())
    for (int n = g->info.min_players; n <= g->info.max_players; ++n)
      specs.push_back(arena::spec_for(g->info, n, true));
  for (const std::string& spec : specs) {
    const Run r = run_arena("check-bot \"" + kMcts + " --iterations 60\" --game " + spec + " --games 2");
    const std::string& out = r.out;
    INFO(spec << "\n" << out);
    CHECK(r.status == 0);
  }
}

TEST_CASE("mcts_bot: no time forfeit at a fast time control, two games at once", "[search]") {
  const Run r =
      run_arena("match clump:size=6 --tc 1+0.02 --games 4 --concurrency 2 --seed 3 -q --bot m=" + kMcts +
                " --bot r=" + std::string(ARENA_BIN_DIR) + "/random_bot");
  const std::string& out = r.out;
  INFO(out);
  CHECK(r.status == 0);
  CHECK(out.find("time forfeit") == std::string::npos);
  CHECK(out.find("time-forfeit") == std::string::npos);
  CHECK(out.find("faults") != std::string::npos);
}

TEST_CASE("mcts_bot: searches Flush from sampled states instead of playing at random", "[search]") {
  // Its info lines (kept in the bot's log) report iterations, never "no state to search
  // from" (what it says when Game::sample_state throws and it falls back to a random move).
  const std::string dir = (std::filesystem::temp_directory_path() / "arena_mcts_flush_logs").string();
  std::filesystem::remove_all(dir);
  const Run r =
      run_arena("match flush:players=3,limit=60 --games 1 --seed 11 -q --log-dir " + dir + " --bot m=\"" +
                kMcts + " --iterations 30\" --bot r=" + std::string(ARENA_BIN_DIR) + "/random_bot");
  const std::string& out = r.out;
  INFO(out);
  REQUIRE(r.status == 0);
  std::string logs;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    logs += text.str();
  }
  std::filesystem::remove_all(dir);
  INFO(logs.substr(0, 4000));
  std::size_t searches = 0;
  for (std::size_t at = logs.find("info iterations "); at != std::string::npos;
       at = logs.find("info iterations ", at + 1))
    ++searches;
  CHECK(searches >= 10);
  CHECK(logs.find("no state to search from") == std::string::npos);
}

// Flume punishes a move that leaves the opponent a point with three occupied neighbours:
// random playouts do not (they rarely take it), and a search that trusted them lost every
// game to the one-ply greedy bot. The game's playout hints (State::playout_hint) fix that.
// Fixed iterations and seeds: the same games on every machine.
TEST_CASE("mcts_bot: beats the greedy bot at Flume with the game's playout hints", "[search]") {
  const Run r = run_arena("match flume:size=7 --games 6 --seed 17 --tc 300+1 -j 2 -q --bot m=\"" + kMcts +
                          " --iterations 3000\" --bot g=" + std::string(ARENA_BIN_DIR) + "/greedy_bot");
  const std::string& out = r.out;
  INFO(out);
  REQUIRE(r.status == 0);
  // The summary's row: "m  6  <score> ...".
  const auto row = out.find("\nm ");
  REQUIRE(row != std::string::npos);
  std::istringstream line(out.substr(row + 1));
  std::string name;
  int games = 0;
  double score = 0;
  line >> name >> games >> score;
  CHECK(games == 6);
  CHECK(score >= 5.0);
}

}  // namespace mcts_bot_test
