// A rated game of weight w stands for w copies of itself (ratings/rated_game.h): what a league
// keeps when it counts each distinct outcome once (league/league_summary.h).
#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "ratings/head_to_head.h"
#include "ratings/rated_game.h"
#include "ratings/ratings.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace weighted_games_test {

using namespace arena;

namespace {

// Random games of three kinds: duels (draws too), four-seat free-for-alls with ties, and
// two-against-two team games with partners changing, among six bots.
std::vector<RatedGame> mixed_games(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<std::string> names{"a", "b", "c", "d", "e", "f"};
  std::vector<RatedGame> out;
  for (int i = 0; i < count; ++i) {
    std::vector<std::string> pool = names;
    std::shuffle(pool.begin(), pool.end(), rng);
    RatedGame g;
    const int kind = static_cast<int>(rng() % 3);
    const int seats = kind == 0 ? 2 : 4;
    g.players.assign(pool.begin(), pool.begin() + seats);
    for (int s = 0; s < seats; ++s) g.ranks.push_back(1 + static_cast<int>(rng() % (kind == 0 ? 2 : 3)));
    if (kind == 2) {
      g.teams = {0, 1, 0, 1};
      g.ranks[2] = g.ranks[0];
      g.ranks[3] = g.ranks[1];
    }
    out.push_back(g);
  }
  return out;
}

// Each distinct game once, its weight the number of times it came.
std::vector<RatedGame> counted(const std::vector<RatedGame>& games) {
  std::map<std::tuple<std::vector<std::string>, std::vector<int>, std::vector<int>>, RatedGame> once;
  for (const RatedGame& g : games) {
    auto [it, fresh] = once.try_emplace({g.players, g.ranks, g.teams}, g);
    if (!fresh) ++it->second.weight;
  }
  std::vector<RatedGame> out;
  for (auto& [key, g] : once) out.push_back(g);
  return out;
}

}  // namespace

TEST_CASE("ratings: a game of weight w rates as w copies of it (fit, intervals, counts, bootstrap)",
          "[ratings]") {
  const std::vector<RatedGame> games = mixed_games(3000, 7);
  const std::vector<RatedGame> weighted = counted(games);
  REQUIRE(weighted.size() < games.size());
  RatingOptions options;
  options.anchor = "a";
  const RatingTable full = compute_ratings(games, options), short_form = compute_ratings(weighted, options);
  CHECK(short_form.games == full.games);
  REQUIRE(short_form.bots.size() == full.bots.size());
  for (std::size_t i = 0; i < full.bots.size(); ++i) {
    const RatedBot &x = full.bots[i], &y = short_form.bots[i];
    CHECK(y.name == x.name);
    CHECK(y.elo == Approx(x.elo).margin(1e-6));
    CHECK(y.error == Approx(x.error).epsilon(1e-9));
    CHECK(y.games == x.games);
    CHECK(y.score == Approx(x.score).epsilon(1e-12));
    CHECK(y.draws == Approx(x.draws).epsilon(1e-12));
    CHECK(y.average_rank == Approx(x.average_rank).epsilon(1e-12));
    if (i + 1 < full.bots.size()) CHECK(y.los_next == Approx(x.los_next).epsilon(1e-9));
  }
  // A bootstrap resamples games, not rows: each outcome's games drawn as often as when the
  // games come one by one (in the same order, so that the same draws pick the same games).
  std::vector<RatedGame> repeated;
  for (const RatedGame& g : weighted)
    for (long k = 0; k < g.weight; ++k) {
      repeated.push_back(g);
      repeated.back().weight = 1;
    }
  options.bootstrap = 20;
  const RatingTable boot_full = compute_ratings(repeated, options),
                    boot_short = compute_ratings(weighted, options);
  for (std::size_t i = 0; i < full.bots.size(); ++i) {
    if (boot_short.bots[i].name == "a") continue;  // the anchor: 0
    CHECK(boot_short.bots[i].bootstrap_error > 0);
    CHECK(boot_short.bots[i].bootstrap_error == Approx(boot_full.bots[i].bootstrap_error).epsilon(1e-6));
  }
}

TEST_CASE("ratings: a weight under 1 is refused, naming the game", "[ratings]") {
  RatedGame g;
  g.players = {"a", "b"};
  g.ranks = {1, 2};
  g.weight = 0;
  CHECK_THROWS_WITH(compute_ratings({g}), Catch::Contains("game 1") && Catch::Contains("weight 0"));
}

TEST_CASE("head to head: a game of weight w counts as w games", "[ratings]") {
  RatedGame win, draw;
  win.players = draw.players = {"a", "b"};
  win.ranks = {1, 2};
  draw.ranks = {1, 1};
  win.weight = 5;
  draw.weight = 3;
  std::vector<RatedGame> repeated(5, win);
  repeated.insert(repeated.end(), 3, draw);
  for (RatedGame& g : repeated) g.weight = 1;
  const auto a = head_to_head({win, draw}), b = head_to_head(repeated);
  REQUIRE(a);
  CHECK(a->wins == 5);
  CHECK(a->draws == 3);
  CHECK(a->trinomial.elo == Approx(b->trinomial.elo));
}

}  // namespace weighted_games_test
