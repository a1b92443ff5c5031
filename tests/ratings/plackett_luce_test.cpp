#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "tests/ratings/ratings_test_util.h"
#include "ratings/ranking_model.h"
#include "ratings/ratings.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace plackett_luce_test {

using namespace arena;
using namespace arena::test;

namespace {
const RatedBot& bot(const RatingTable& t, const std::string& name) {
  for (const auto& b : t.bots)
    if (b.name == name) return b;
  FAIL("no bot " << name);
  return t.bots.front();
}

RatedGame ranked(std::vector<std::string> players, std::vector<int> ranks, std::vector<int> teams = {}) {
  return RatedGame{std::move(players), std::move(ranks), std::move(teams), ""};
}
}  // namespace

TEST_CASE("Plackett-Luce: with two seats the likelihood is exactly Bradley-Terry with half points",
          "[ratings]") {
  // Win, loss and draw of players 0 and 1; at any ratings the aggregated likelihood must
  // equal Σ s·log p + (1 − s)·log(1 − p) with p the logistic expectation.
  ratings_detail::RankingModelBuilder builder(3);
  struct G {
    int a, b;
    double s;
  };
  const std::vector<G> games{{0, 1, 1}, {0, 1, 0.5}, {1, 2, 0}, {2, 0, 0.5}, {2, 1, 1}, {0, 2, 0.5}};
  for (const auto& g : games)
    builder.add_game({g.a, g.b},
                     g.s == 1   ? std::vector<int>{1, 2}
                     : g.s == 0 ? std::vector<int>{2, 1}
                                : std::vector<int>{1, 1},
                     {});
  const auto model = builder.build();
  for (const std::vector<double>& r : {std::vector<double>{0, 0, 0}, {0.3, -1.2, 0.7}, {2.0, 0.5, -2.5}}) {
    double bt = 0;
    for (const auto& g : games) {
      const double p = 1 / (1 + std::exp(-(r[g.a] - r[g.b])));
      bt += g.s * std::log(p) + (1 - g.s) * std::log(1 - p);
    }
    CHECK(ratings_detail::log_likelihood(model, r) == Approx(bt).epsilon(1e-12));
  }
}

TEST_CASE("Plackett-Luce: multi-seat ranks with ties equal brute-force maximisation", "[ratings]") {
  std::vector<RatedGame> games{ranked({"a", "b", "c"}, {1, 2, 3}),
                               ranked({"b", "c", "d"}, {1, 1, 3}),
                               ranked({"c", "a", "d"}, {2, 1, 2}),
                               ranked({"d", "b", "a"}, {1, 2, 3}),
                               ranked({"a", "b", "c", "d"}, {1, 2, 2, 2}),
                               ranked({"a", "c", "d"}, {3, 1, 2}),
                               ranked({"b", "a", "c"}, {1, 1, 1}),
                               ranked({"d", "c", "b", "a"}, {2, 1, 4, 3}),
                               ranked({"c", "d"}, {2, 1}),
                               ranked({"a", "d"}, {1, 1})};
  RatingTable t = compute_ratings(games);
  CHECK(t.model == "Plackett-Luce");
  CHECK(t.multi_seat);
  CHECK(t.warnings.empty());
  auto brute = brute_force_elo(games);
  for (const auto& b : t.bots) CHECK(b.elo == Approx(brute[b.name]).margin(0.01));
  // Average finishing place: a finished 1, 1, 3, 1, 3, 1, 3, 1 (places among units).
  CHECK(bot(t, "a").games == 8);
  CHECK(bot(t, "a").average_rank == Approx((1 + 1 + 3 + 1 + 3 + 1 + 3 + 1) / 8.0));
}

TEST_CASE("Plackett-Luce: a game tied throughout says nothing and an all-tie pool rates level", "[ratings]") {
  std::vector<RatedGame> games{ranked({"a", "b", "c"}, {1, 1, 1}), ranked({"a", "b", "c"}, {1, 1, 1})};
  RatingTable t = compute_ratings(games);
  for (const auto& b : t.bots) {
    CHECK(b.elo == Approx(0).margin(1e-9));
    CHECK(b.draws == 1);
    CHECK(b.score == Approx(0.5));
  }
}

TEST_CASE("Plackett-Luce: team strength is the sum of its members", "[ratings]") {
  // 2 v 2 with partners rotating among four bots, and some 1 v 1 games.
  std::vector<RatedGame> games{ranked({"a", "b", "c", "d"}, {1, 2, 1, 2}, {0, 1, 0, 1}),
                               ranked({"a", "b", "c", "d"}, {2, 1, 2, 1}, {0, 1, 0, 1}),
                               ranked({"a", "c", "b", "d"}, {1, 2, 1, 2}, {0, 1, 0, 1}),
                               ranked({"a", "c", "b", "d"}, {1, 1, 1, 1}, {0, 1, 0, 1}),
                               ranked({"a", "d", "b", "c"}, {2, 1, 2, 1}, {0, 1, 0, 1}),
                               ranked({"a", "d", "b", "c"}, {1, 2, 1, 2}, {0, 1, 0, 1}),
                               ranked({"a", "b", "c", "d"}, {1, 2, 1, 2}, {0, 1, 0, 1}),
                               ranked({"a", "b"}, {1, 2}),
                               ranked({"c", "d"}, {2, 1}),
                               ranked({"b", "c"}, {1, 1}),
                               ranked({"a", "b"}, {2, 1}),
                               ranked({"c", "d"}, {1, 1})};
  RatingTable t = compute_ratings(games);
  CHECK(t.model == "Plackett-Luce");
  CHECK(t.warnings.empty());
  auto brute = brute_force_elo(games);
  for (const auto& b : t.bots) {
    CHECK(b.elo == Approx(brute[b.name]).margin(0.01));
    CHECK(b.separable);
    CHECK(std::isfinite(b.error));
  }
  // A 1 v 1 v 2 game: shifting every rating now changes the odds, so the level is fitted
  // too; differences still match brute force (which centres on 0).
  games.push_back(ranked({"a", "b", "c", "d"}, {1, 3, 2, 2}, {0, 1, 2, 2}));
  games.push_back(ranked({"c", "b", "a", "d"}, {1, 2, 3, 3}, {0, 1, 2, 2}));
  t = compute_ratings(games);
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0].find("different sizes") != std::string::npos);
  brute = brute_force_elo(games);
  double mean = 0;
  for (const auto& b : t.bots) mean += b.elo / 4;
  for (const auto& b : t.bots) CHECK(b.elo - mean == Approx(brute[b.name]).margin(0.01));
  // Every bot wins and loses, yet a beats b and d beats c in singles while a+d never
  // partner: a, d → +∞ and b, c → −∞ leaves every team sum alone and makes every singles
  // result likelier. The likelihood has no maximum; the fit falls back on the prior.
  games.resize(7);
  games.push_back(ranked({"a", "b"}, {1, 2}));
  games.push_back(ranked({"c", "d"}, {2, 1}));
  games.push_back(ranked({"b", "c"}, {1, 1}));
  t = compute_ratings(games);
  bool infinite = false;
  for (const auto& w : t.warnings) infinite = infinite || w.find("infinite") != std::string::npos;
  CHECK(infinite);
  for (const auto& b : t.bots) {
    CHECK(b.prior);
    CHECK(std::isfinite(b.elo));
  }
}

TEST_CASE("Plackett-Luce: fixed partnerships are warned about and shown without interval", "[ratings]") {
  std::vector<RatedGame> games{ranked({"a", "b", "c", "d"}, {1, 2, 1, 2}, {0, 1, 0, 1}),
                               ranked({"a", "b", "c", "d"}, {2, 1, 2, 1}, {0, 1, 0, 1}),
                               ranked({"b", "a", "d", "c"}, {2, 1, 2, 1}, {0, 1, 0, 1})};
  RatingTable t = compute_ratings(games);
  REQUIRE(t.warnings.size() == 2);
  CHECK(t.warnings[0].find("partnership never varies: a, c") != std::string::npos);
  CHECK(t.warnings[1].find("partnership never varies: b, d") != std::string::npos);
  CHECK(bot(t, "a").elo == Approx(bot(t, "c").elo).margin(1e-6));
  CHECK_FALSE(bot(t, "a").separable);
  CHECK(std::isnan(bot(t, "a").error));
  // Team a+c scored 2 of 3 against b+d: the sum differs by 400·log10(2) in total.
  CHECK(bot(t, "a").elo + bot(t, "c").elo - bot(t, "b").elo - bot(t, "d").elo ==
        Approx(400 * std::log10(2.0)).margin(1e-6));
}

TEST_CASE("ratings: the bootstrap is seeded and agrees with the Hessian interval on a large sample",
          "[ratings]") {
  std::mt19937 rng(3);
  std::vector<RatedGame> games;
  const std::vector<double> truth{100, 0, -50, -150};
  std::uniform_int_distribution<int> pick(0, 3);
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 3000; ++k) {
    int i = pick(rng), j = pick(rng);
    if (i == j) continue;
    const double p = expected_score(truth[i] - truth[j]), x = u(rng);
    games.push_back(duel("b" + std::to_string(i), "b" + std::to_string(j),
                         x < p * 0.7         ? 1
                         : x < p * 0.7 + 0.3 ? 0.5
                                             : 0));
  }
  RatingOptions o;
  o.bootstrap = 200;
  o.seed = 42;
  RatingTable a = compute_ratings(games, o), b = compute_ratings(games, o);
  for (std::size_t k = 0; k < a.bots.size(); ++k) {
    CHECK(a.bots[k].bootstrap_error == b.bots[k].bootstrap_error);
    CHECK(a.bots[k].bootstrap_error == Approx(a.bots[k].error).epsilon(0.3));
  }
  o.seed = 43;
  RatingTable c = compute_ratings(games, o);
  CHECK(c.bots[0].bootstrap_error != a.bots[0].bootstrap_error);
}

}  // namespace plackett_luce_test
