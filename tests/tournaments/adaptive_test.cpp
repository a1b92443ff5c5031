// The adaptive plan on synthetic bots of known strength (results drawn from the
// Bradley–Terry model): deterministic batches, no starved bot, the focus on the top K, every
// stop rule on inputs built to trigger it, multi-seat tables.
#include "tournaments/adaptive.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "engine/core/random.h"
#include "engine/core/user_error.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace adaptive_test {

using namespace arena;

namespace {

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("b" + std::to_string(i));
  return out;
}

// Plays every batch of `plan` with results drawn from the true ratings `elo` (seat order of a
// table's games alternates); returns the batches as given.
std::vector<std::vector<StageTable>> play(Adaptive& plan, const std::vector<double>& elo, int games_per_table,
                                          std::uint64_t seed) {
  const auto who = names(static_cast<int>(elo.size()));
  Rng rng(seed);
  std::vector<std::vector<StageTable>> batches;
  for (int guard = 0; guard < 10000; ++guard) {
    auto tables = plan.next_stage();
    if (tables.empty()) break;
    std::vector<RatedGame> games;
    for (const StageTable& t : tables)
      for (int g = 0; g < games_per_table; ++g) {
        RatedGame game;
        std::vector<int> seats = t.bots;
        std::rotate(seats.begin(), seats.begin() + g % seats.size(), seats.end());
        std::vector<double> perf;  // Gumbel noise: the order follows Plackett–Luce (Bradley–Terry at 2)
        for (int b : seats) {
          game.players.push_back(who[b]);
          perf.push_back(elo[b] / 173.7177927613 - std::log(-std::log(rng.unit() + 1e-300)));
        }
        for (std::size_t s = 0; s < seats.size(); ++s) {
          int rank = 1;
          for (std::size_t o = 0; o < seats.size(); ++o) rank += perf[o] > perf[s];
          game.ranks.push_back(rank);
        }
        games.push_back(std::move(game));
      }
    plan.games(games);
    plan.results({});
    batches.push_back(std::move(tables));
  }
  return batches;
}

std::vector<double> ladder(int n, double gap) {
  std::vector<double> elo(n);
  for (int i = 0; i < n; ++i) elo[i] = -gap * i;
  return elo;
}

}  // namespace

TEST_CASE("adaptive: the same results give the same batches", "[adaptive]") {
  AdaptiveParams p;
  p.batch_tables = 6;
  p.max_games = 200;
  Adaptive one(names(8), 2, 2, p, 7), two(names(8), 2, 2, p, 7);
  const auto a = play(one, ladder(8, 40), 2, 3), b = play(two, ladder(8, 40), 2, 3);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(a[i].size() == b[i].size());
    for (std::size_t t = 0; t < a[i].size(); ++t) CHECK(a[i][t].bots == b[i][t].bots);
  }
  Adaptive other_seed(names(8), 2, 2, p, 8);
  CHECK(play(other_seed, ladder(8, 40), 2, 3)[0][0].bots != a[0][0].bots);
}

TEST_CASE("adaptive: stops when the top K are separated, with the games on the top", "[adaptive]") {
  AdaptiveParams p;
  p.batch_tables = 10;
  p.top = 3;
  p.max_games = 20000;
  Adaptive plan(names(12), 2, 2, p, 1);
  play(plan, ladder(12, 150), 2, 5);
  CHECK(plan.stopped() == AdaptiveStop::kSeparated);
  REQUIRE(plan.order().size() == 12);
  for (int i = 0; i < 4; ++i) CHECK(plan.order()[i] == i);  // the true top 3 and the fourth
  const auto& g = plan.games_per_bot();
  CHECK(g[0] + g[1] + g[2] + g[3] > g[8] + g[9] + g[10] + g[11]);
  // No one starved: every bot has its share of the mean.
  const double mean = 2.0 * plan.games_played() / 12;
  for (int b = 0; b < 12; ++b) CHECK(g[b] >= std::floor(p.min_share * mean) - 2);
}

TEST_CASE("adaptive: identical bots stop on --target-ci, or on --games", "[adaptive]") {
  AdaptiveParams p;
  p.batch_tables = 8;
  p.target_ci = 120;
  p.max_games = 20000;
  Adaptive narrow(names(6), 2, 2, p, 2);
  play(narrow, std::vector<double>(6, 0.0), 2, 9);
  CHECK(narrow.stopped() == AdaptiveStop::kIntervals);
  CHECK(narrow.games_played() < 20000);

  p.target_ci = 0;
  p.max_games = 150;
  Adaptive capped(names(6), 2, 2, p, 2);
  play(capped, std::vector<double>(6, 0.0), 2, 9);
  CHECK(capped.stopped() == AdaptiveStop::kGames);
  CHECK(capped.games_played() <= 150);
  CHECK(capped.games_played() >= 150 - 2 * 8);
}

TEST_CASE("adaptive: multi-seat tables of distinct bots, every bot playing", "[adaptive]") {
  AdaptiveParams p;
  p.batch_tables = 4;
  p.max_games = 300;
  Adaptive plan(names(7), 3, 3, p, 4);
  const auto batches = play(plan, ladder(7, 80), 3, 6);
  REQUIRE(!batches.empty());
  for (const auto& batch : batches)
    for (const StageTable& t : batch) {
      REQUIRE(t.bots.size() == 3);
      CHECK(t.bots[0] != t.bots[1]);
      CHECK(t.bots[1] != t.bots[2]);
      CHECK(t.bots[0] != t.bots[2]);
    }
  for (int games : plan.games_per_bot()) CHECK(games > 0);
  // The live estimate puts the strongest above the weakest.
  CHECK(plan.live()[0].mu > plan.live()[6].mu);
}

TEST_CASE("adaptive: bad parameters are refused", "[adaptive]") {
  AdaptiveParams p;
  p.confidence = 1.5;
  CHECK_THROWS_AS(Adaptive(names(4), 2, 2, p, 1), UserError);
  p = {};
  p.top = 9;
  CHECK_THROWS_AS(Adaptive(names(4), 2, 2, p, 1), UserError);
  CHECK_THROWS_AS(Adaptive(names(2), 3, 3, AdaptiveParams{}, 1), UserError);
}

}  // namespace adaptive_test
