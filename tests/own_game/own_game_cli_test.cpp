// Connect Three through the real binaries built with it (tests/own_game/CMakeLists.txt):
// check-bot passes a bot playing it, match and tournament run it between mcts_bot and
// random_bot, verify replays the records, and the report's replay draws the game's board.
// The normal `arena` does not know the game: registering it changed nothing else.
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/bin_path.h"
#include "tests/shell_run.h"

namespace fs = std::filesystem;

namespace {

using shelltest::kBin;
const std::string kRandom = kBin + "/random_bot_with_own_game";
// A fixed number of iterations per move: the same games at any machine speed.
const std::string kMcts = "'" + kBin + "/mcts_bot_with_own_game --iterations 200'";
const std::string kBots = " --bot mcts=" + kMcts + " --bot random=" + kRandom;

using shelltest::Run;

// PROGRAM of this build (arena_with_own_game, arena) with ARGS.
Run run(const std::string& program, const std::string& args) {
  return shelltest::run_shell(kBin + "/" + program + " " + args);
}

Run run_arena(const std::string& args) { return run("arena_with_own_game", args); }

struct TempDir : shelltest::TempDir {
  TempDir() : shelltest::TempDir("own-game") {}
};

// The first frame of the full-table replay of game `n`: the page embeds that game's replay
// (compressed, report/replay_pack.h) as its pictures, and `arena report INPUT --dump-pictures N` prints the
// pictures the replay is made of.
boost::json::object first_frame(const fs::path& input, const fs::path& page, int n) {
  std::ifstream in(page);
  std::ostringstream s;
  s << in.rdbuf();
  // As pictures, not as a record: the page's engine knows the built-in games only
  // (report/embedded_replay.h), so the page carries no engine either.
  CHECK(s.str().find("<script type=\"application/x-arena-replay\" id=\"replay-" + std::to_string(n) + "\"") !=
        std::string::npos);
  CHECK(s.str().find("application/x-arena-engine") == std::string::npos);
  const Run dump = run_arena("report " + input.string() + " --dump-pictures " + std::to_string(n));
  INFO(dump.out);
  REQUIRE(dump.status == 0);
  const boost::json::object replay = boost::json::parse(dump.out).as_object();
  return replay.at("f").as_array().at(0).as_array().at(0).as_object();
}

}  // namespace

TEST_CASE("own game: check-bot passes a bot playing it", "[own_game][cli]") {
  const Run r = run_arena("check-bot " + kRandom + " --game connect3 --games 2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(run_arena("games").out.find("connect3") != std::string::npos);
}

TEST_CASE("own game: match, verify and report draw the game's board", "[own_game][cli]") {
  TempDir t;
  const fs::path pgn = t.path / "m.pgn", page = t.path / "m.html";
  Run r = run_arena("match connect3:columns=5" + kBots + " --games 2 --seed 2 --out " + pgn.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  r = run_arena("verify " + pgn.string());
  INFO(r.out);
  CHECK(r.status == 0);
  r = run_arena("report " + pgn.string() + " --out " + page.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  const boost::json::object picture = first_frame(pgn, page, 1);
  const auto& board = picture.at("b").as_array().at(0).as_object();
  CHECK(board.at("h").as_string() == "square");
  CHECK(board.at("w").as_int64() == 5);
  CHECK(board.at("t").as_int64() == 4);
  CHECK(board.at("k").as_array().size() == 20);
}

TEST_CASE("own game: a tournament of mcts_bot and random_bot, its records verified", "[own_game][cli]") {
  TempDir t;
  const fs::path out = t.path / "run";
  Run r = run_arena("tournament connect3" + kBots + " --games 4 --seed 1 --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(fs::exists(out / "report.html"));
  CHECK(first_frame(out, out / "report.html", 1).at("b").as_array().size() == 1);
  r = run_arena("verify " + (out / "games.pgn").string());
  INFO(r.out);
  CHECK(r.status == 0);
}

TEST_CASE("own game: the normal arena does not know it", "[own_game][cli]") {
  const Run r = run("arena", "match connect3 --bot a=" + kRandom + " --bot b=" + kRandom + " --games 1");
  CHECK(r.status == 2);
  CHECK(r.out.find("unknown game 'connect3'") != std::string::npos);
}
