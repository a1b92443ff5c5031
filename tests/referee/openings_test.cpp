// Openings (referee/openings.h): files validated line by line, openings played by the referee
// before the bots, heard by them as events, off the clock, marked in the record; random
// opening plies from the game's seed, the same for both seat orders of a seed.
#include "referee/openings.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "engine/core/registry.h"
#include "records/pgn.h"
#include "records/verify.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace openings_test {

using namespace arena;
using namespace reftest;

namespace {

std::string error_of(const std::string& text, const std::string& spec) {
  std::istringstream in(text);
  try {
    read_openings(in, "op.txt", *make_game(spec));
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("openings: a file is read and every line validated by the engine", "[referee]") {
  const auto game = make_game("flume:size=5");
  const Opening first = generate_openings(*game, 1, 2, 3).at(0);
  std::istringstream in("# comment\n\n" + opening_line(*game, first) + "\n" + first[0] + "\n");
  const auto openings = read_openings(in, "op.txt", *game);
  REQUIRE(openings.size() == 2);
  CHECK(openings[0] == first);
  CHECK(openings[1] == Opening{first[0]});
  CHECK_THAT(error_of("a1\nzz9\n", "flume:size=5"), Catch::StartsWith("op.txt:2: move 1 'zz9'"));
  CHECK_THAT(error_of("clump:size=4 | a1\n", "flume:size=5"), Catch::Contains("op.txt:1: opening for clump"));
  CHECK_THAT(error_of("nosuch | a1\n", "flume:size=5"), Catch::Contains("op.txt:1:"));
  CHECK_THAT(error_of("# nothing\n", "flume:size=5"), Catch::Contains("no opening"));
  CHECK_THAT(error_of("x\n", "flush:players=2"), Catch::Contains("chance"));
}

TEST_CASE("openings: generated openings are distinct, undecided and valid", "[referee]") {
  for (const char* spec : {"clump:size=6", "flume"}) {
    const auto game = make_game(spec);
    const auto openings = generate_openings(*game, 6, 4, 11);
    INFO(spec);
    REQUIRE(openings.size() == 6);
    std::string file;
    for (const auto& o : openings) file += opening_line(*game, o) + "\n";
    std::istringstream in(file);
    CHECK(read_openings(in, "gen", *game) == openings);
    CHECK(generate_openings(*game, 6, 4, 11) == openings);  // a pure function of its seed
  }
}

TEST_CASE("openings: played first, off the clock, marked, the same for both seat orders", "[referee]") {
  const std::string tag = new_tag();
  const auto game = make_game("clump:size=6");
  const Opening opening = generate_openings(*game, 1, 3, 5).at(0);
  RunnerOptions opt;
  opt.time.move_time_ms = 2000;
  opt.random_opening_plies = 2;
  std::vector<BotSpec> bots = {bot("a", "random_bot", tag), bot("b", "random_bot", tag)};
  const auto records =
      play(bots, {{game->spec(), {0, 1}, 9, "1", opening}, {game->spec(), {1, 0}, 9, "2", opening}}, opt);
  for (const GameRecord& r : records) {
    INFO(format_pgn(r));
    REQUIRE(r.termination == Termination::kNormal);
    CHECK(r.opening_plies == 5);
    for (int i = 0; i < 3; ++i) CHECK(r.actions[i].text == opening[i]);
    for (int i = 0; i < 5; ++i) CHECK(r.actions[i].micros == -1);  // no clock ran
    CHECK(r.actions[5].micros >= 0);
    CHECK_FALSE(verify_record(r, registry_game_factory()));
    // The tag survives a round trip.
    std::vector<PgnError> errors;
    const auto back = parse_pgn(format_pgn(r), errors);
    REQUIRE(back.size() == 1);
    CHECK(back[0].opening_plies == 5);
  }
  for (int i = 0; i < 5; ++i) CHECK(records[0].actions[i].text == records[1].actions[i].text);
  CHECK(processes_left(tag).empty());
}

}  // namespace openings_test
