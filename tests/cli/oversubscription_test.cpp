// More games at once than cores: match, tournament and league run warn before the first
// game (docs/referee.md, "More games than cores"), and say nothing when the games fit.
#include <catch2/catch.hpp>
#include <string>

#include "tests/shell_run.h"
#include "tournaments/runner_setup.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace oversubscription_test {

TEST_CASE("cli: more games at once than cores is warned of, before the first game", "[cli]") {
  const int cores = arena::usable_cores();
  const std::string bot = std::string(ARENA_BIN_DIR) + "/random_bot";
  const std::string bots = " --bot a=" + bot + " --bot b=" + bot;
  const std::string too_many = std::to_string(cores + 1);
  shelltest::Run r = shelltest::run_arena("match clump:size=4 --games 2 --concurrency " + too_many + bots);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("arena: warning: concurrency " + too_many + " on " + std::to_string(cores) + " core(s)") !=
        std::string::npos);
  CHECK(r.out.find("use at most --concurrency " + std::to_string(cores) + " for games that count") !=
        std::string::npos);
  r = shelltest::run_arena("match clump:size=4 --games 2 --concurrency 1" + bots);
  CHECK(r.status == 0);
  CHECK(r.out.find("warning: concurrency") == std::string::npos);
}

}  // namespace oversubscription_test
