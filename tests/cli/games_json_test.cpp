// `arena games --json` through the real binary (docs/rules/README.md): the scripts and tests
// that need the list of games read it there, so it must list exactly the registry's games,
// with specs that build and teams as the engine gives them. Compared with the built-in list
// (engine/games.h) rather than all_games(): a test may register more games in this process
// only, which the binary never sees.
#include <sys/wait.h>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "engine/core/registry.h"
#include "engine/games.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace games_json_test {

namespace {

namespace json = boost::json;

json::object games_json() {
  std::string out;
  FILE* p = ::popen((std::string(ARENA_BIN_DIR) + "/arena games --json").c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int status = ::pclose(p);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return json::parse(out).as_object();
}

// The parameters as declared, field by field.
void check_params(const json::array& params, const arena::GameInfo& info) {
  REQUIRE(params.size() == info.params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    const json::object& p = params[i].as_object();
    const arena::ParamSpec& spec = info.params[i];
    CHECK(p.at("name").as_string() == spec.name);
    CHECK(p.at("default").as_string() == spec.default_value);
    CHECK(p.at("help").as_string() == spec.help);
    if (spec.kind == arena::ParamSpec::Kind::kInt) {
      CHECK(p.at("kind").as_string() == "int");
      CHECK(p.at("min").as_int64() == spec.min);
      CHECK(p.at("max").as_int64() == spec.max);
    }
    if (spec.kind == arena::ParamSpec::Kind::kChoice)
      CHECK(p.at("choices").as_array().size() == spec.choices.size());
  }
}

// Each player count's specs build a game of that many seats, with the engine's teams.
void check_player_counts(const json::array& counts, const arena::GameInfo& info) {
  REQUIRE(counts.size() == static_cast<std::size_t>(info.max_players - info.min_players + 1));
  for (const json::value& v : counts) {
    const json::object& c = v.as_object();
    const auto game = arena::make_game(std::string(c.at("spec").as_string()));
    const auto quick = arena::make_game(std::string(c.at("quick_spec").as_string()));
    CHECK(game->id() == info.id);
    CHECK(game->num_players() == c.at("players").as_int64());
    CHECK(quick->num_players() == game->num_players());
    CHECK(c.at("hidden_information").as_bool() == game->hidden_information());
    const json::array& teams = c.at("teams").as_array();
    REQUIRE(teams.size() == static_cast<std::size_t>(game->num_players()));
    for (int seat = 1; seat <= game->num_players(); ++seat)
      CHECK(teams[seat - 1].as_int64() == game->team_number(seat));
  }
}

}  // namespace

TEST_CASE("arena games --json lists exactly the registry's games, in its order", "[cli][games]") {
  const json::object listing = games_json();
  const json::array& games = listing.at("games").as_array();
  const auto registry = arena::registered_games();
  REQUIRE(games.size() == registry.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const json::object& g = games[i].as_object();
    const arena::GameInfo& info = registry[i]->info;
    INFO(info.id);
    CHECK(g.at("id").as_string() == info.id);
    CHECK(g.at("title").as_string() == info.title);
    CHECK(g.at("min_players").as_int64() == info.min_players);
    CHECK(g.at("max_players").as_int64() == info.max_players);
    CHECK(g.at("hidden_information").as_bool() == arena::make_game(info.id)->hidden_information());
    CHECK(g.at("quick_params").as_string() == info.quick_params);
    check_params(g.at("params").as_array(), info);
    check_player_counts(g.at("player_counts").as_array(), info);
  }
}

}  // namespace games_json_test
