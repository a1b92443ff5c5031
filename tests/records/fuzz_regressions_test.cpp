// Inputs the fuzz targets (tests/fuzz/) found faults with, kept as ordinary tests so the
// normal and sanitizer suites guard them.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "records/pgn.h"
#include "records/verify.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace fuzz_regressions_test {

using namespace arena;

// record_reader_fuzz, on a real `arena match` record: Flows' "unplayable tile" win read the
// holder's seat after marking the game over (seat 0), indexing before its seating table
// (heap overflow under ASan; an arbitrary winner otherwise).
TEST_CASE("fuzz regression: a Flows game won by an unplayable tile replays, the holder wins", "[records]") {
  std::ifstream in(std::string(ARENA_SOURCE_DIR) + "/tests/records/flows_unplayable_tile.pgn");
  std::stringstream text;
  text << in.rdbuf();
  std::vector<PgnError> errors;
  const auto games = parse_pgn(text.str(), errors);
  REQUIRE(errors.empty());
  REQUIRE(games.size() == 1);
  const GameRecord& r = games[0];
  // The last action is seat 1's draw of a tile that fits nowhere.
  REQUIRE(r.actions.back().actor == kChance);
  REQUIRE(r.actions[r.actions.size() - 2].actor == 2);
  CHECK(r.results[0].rank == 1);
  CHECK(r.results[1].rank == 2);
  const VerifyReport report = verify_pgn(text.str(), registry_game_factory());
  CHECK(report.ok());
  CHECK(report.passed == 1);
}

}  // namespace fuzz_regressions_test
