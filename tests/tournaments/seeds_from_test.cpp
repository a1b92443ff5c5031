// Knockout seeding from a previous run's ratings (tournaments/seeds_from.h), and the
// `seeds_from` key of a configuration file.
#include "tournaments/seeds_from.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace seeds_from_test {

using namespace arena;
namespace fs = std::filesystem;

namespace {

using shelltest::TempDir;

TournamentConfig knockout(const std::vector<std::string>& names, const std::string& from) {
  TournamentConfig c;
  c.game = "clump:size=4";
  c.format = Format::kKnockout;
  c.out = "o";
  for (const auto& n : names) c.bots.push_back(BotConfig{n, "x", {}, ""});
  c.seeds_from = from;
  return c;
}

std::string error_of(const TournamentConfig& c) {
  try {
    seeds_from_ratings(c);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("seeds from: rated bots by Elo, then the rest in --seeds and given order", "[config]") {
  TempDir f("seeds");
  // Not sorted on purpose (a hand-written file); "gone" is not in this event; "x" has no Elo.
  std::ofstream(f.path / "ratings.json") << R"({"bots":[{"name":"b","elo":10},{"name":"gone","elo":99},
      {"name":"x","elo":null},{"name":"d","elo":50}]})";
  TournamentConfig c = knockout({"a", "b", "c", "d", "e", "x"}, f.path.string());
  c.seeds = {"e"};
  CHECK(seeds_from_ratings(c) == std::vector<std::string>{"d", "b", "x", "e", "a", "c"});
  // A ratings.json named directly works as well.
  c.seeds_from = (f.path / "ratings.json").string();
  CHECK(seeds_from_ratings(c).front() == "d");
}

TEST_CASE("seeds from: a folder without ratings, or ratings of other bots, are refused", "[config]") {
  TempDir f("seeds");
  CHECK_THAT(error_of(knockout({"a", "b"}, f.path.string())), Catch::Contains("has no ratings.json"));
  std::ofstream(f.path / "ratings.json") << R"({"bots":[{"name":"p","elo":1},{"name":"q","elo":0}]})";
  CHECK_THAT(error_of(knockout({"a", "b"}, f.path.string())),
             Catch::Contains("rates none of this event's bots (it rates p, q)"));
  std::ofstream(f.path / "ratings.json") << "[1]";
  CHECK_THAT(error_of(knockout({"a", "b"}, f.path.string())), Catch::Contains("is not a ratings table"));
}

TEST_CASE("seeds from: the configuration key is kept, resolved from the file's folder, knockout only",
          "[config]") {
  auto c = parse_config(R"({"game":"clump:size=4","out":"o","format":"knockout","seeds_from":"qual",
      "bots":[{"name":"a","command":"x"},{"name":"b","command":"y"}]})",
                        "t.json");
  validate_config(c);
  resolve_config_paths(c, "/some/where");
  CHECK(c.seeds_from == "/some/where/qual");
  CHECK(parse_config(config_to_json(c), "again") == c);
  c.format = Format::kSwiss;
  CHECK_THROWS_WITH(validate_config(c), Catch::Contains("seeds_from: only meaningful with format knockout"));
}

}  // namespace seeds_from_test
