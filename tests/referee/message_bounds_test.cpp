// How the referee cuts what it sends a bot into writes, seen by a bot through the real
// binary: a seat's `newgame` comes in one write with its first decision request, also for the
// seat that does not move first, whose opponent thinks 200 ms first (docs/protocol.md, "When
// `newgame` comes"). Before, that seat got its newgame alone, and the bot, which exits when
// it reads a newgame without a request, crashed in the game where it sat second.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "records/pgn.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace message_bounds_test {

using namespace arena;

TEST_CASE("message bounds: each seat's newgame comes in one write with its first request",
          "[referee][pipe]") {
  const auto pgn = std::filesystem::temp_directory_path() /
                   ("arena-message-bounds-" + std::to_string(::getpid()) + ".pgn");
  std::filesystem::remove(pgn);
  // Two games, seats swapped: the bot sits first in one and second in the other.
  const std::string cmd = reftest::bin("arena") +
                          " match clump:size=4 --bot bounds=" + reftest::bin("message_bounds_bot") +
                          " --bot slow=" + reftest::bin("deliberate_bot") +
                          " --games 2 --seed 3 --move-time 5 -q --out " + pgn.string() + " 2>&1";
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = ::pclose(p);
  INFO(out);
  CHECK((WIFEXITED(st) && WEXITSTATUS(st) == 0));
  std::ifstream in(pgn);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<PgnError> errors;
  const std::vector<GameRecord> games = parse_pgn(text.str(), errors);
  std::filesystem::remove(pgn);
  CHECK(errors.empty());
  REQUIRE(games.size() == 2);
  for (const GameRecord& g : games) {
    INFO("round " << g.round << ": " << g.termination_detail);
    CHECK(g.termination == Termination::kNormal);
    CHECK(g.actions.size() >= 2);  // both seats were asked
  }
}

}  // namespace message_bounds_test
