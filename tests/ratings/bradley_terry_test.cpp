#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <random>

#include "ratings/rated_game.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "tests/ratings/ratings_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace bradley_terry_test {

using namespace arena;
using namespace arena::test;

namespace {
const RatedBot& bot(const RatingTable& t, const std::string& name) {
  for (const auto& b : t.bots)
    if (b.name == name) return b;
  FAIL("no bot " << name);
  return t.bots.front();
}
}  // namespace

TEST_CASE("ratings: the Elo scale gives 76% at 200.24094 (Ordo's -z 200.24094)", "[ratings]") {
  // 10^(-d/400) = 6/19 exactly when d = 400·log10(19/6) = 200.24094...
  CHECK(400 * std::log10(19.0 / 6.0) == Approx(200.24094).margin(1e-5));
  CHECK(expected_score(200.24094) == Approx(0.76).epsilon(1e-7));
  CHECK(elo_from_score(0.76) == Approx(200.24094).margin(1e-4));
  CHECK(expected_score(0) == 0.5);
}

TEST_CASE("ratings: two bots, hand-worked Bradley-Terry and its interval", "[ratings]") {
  // A scores 3 of 4: the MLE makes the expected score 0.75, a difference of
  // 400·log10(3) = 190.85 Elo, split ±95.42 around the pool average 0.
  std::vector<RatedGame> games;
  add_duels(games, "A", "B", 3, 0, 1);
  RatingTable t = compute_ratings(games);
  REQUIRE(t.bots.size() == 2);
  CHECK(t.model == "Bradley-Terry");
  CHECK(t.bots[0].name == "A");
  CHECK(t.bots[0].elo == Approx(400 * std::log10(3.0) / 2).margin(1e-6));
  CHECK(t.bots[1].elo == Approx(-400 * std::log10(3.0) / 2).margin(1e-6));
  // Fisher information of the difference d (natural units) is n·p·(1−p) = 4·0.75·0.25;
  // each rating carries half of d: sd = 0.5/sqrt(0.75), ± = 1.96·sd·400/ln10.
  const double half_sd = 0.5 / std::sqrt(4 * 0.75 * 0.25);
  CHECK(t.bots[0].error == Approx(1.959963984540054 * half_sd * kEloPerNatural).epsilon(1e-6));
  CHECK(t.bots[0].games == 4);
  CHECK(t.bots[0].score == Approx(0.75));
  CHECK(t.bots[0].draws == 0);
  // LOS of A over B: Φ(d / sd(d)).
  const double d = std::log(3.0), sd = 1 / std::sqrt(0.75);
  CHECK(t.bots[0].los_next == Approx(0.5 * std::erfc(-d / sd / std::sqrt(2.0))).epsilon(1e-9));
  CHECK(t.los[0][1] == Approx(t.bots[0].los_next));
  CHECK(t.los[1][0] == Approx(1 - t.bots[0].los_next));
  CHECK(t.warnings.empty());
}

TEST_CASE("ratings: draws count as half points", "[ratings]") {
  // 2 wins, 2 draws, 0 losses = 3 of 4, the same as 3 wins and 1 loss.
  std::vector<RatedGame> g1, g2;
  add_duels(g1, "A", "B", 2, 2, 0);
  add_duels(g2, "A", "B", 3, 0, 1);
  CHECK(compute_ratings(g1).bots[0].elo == Approx(compute_ratings(g2).bots[0].elo).margin(1e-9));
  CHECK(compute_ratings(g1).bots[0].draws == Approx(0.5));
}

TEST_CASE("ratings: anchor fixes one bot and moves the rest with it", "[ratings]") {
  std::vector<RatedGame> games;
  add_duels(games, "A", "B", 6, 3, 3);
  add_duels(games, "B", "C", 5, 5, 2);
  add_duels(games, "A", "C", 4, 1, 1);
  RatingTable avg = compute_ratings(games);
  RatingOptions o;
  o.anchor = "B";
  o.anchor_elo = 1500;
  RatingTable anchored = compute_ratings(games, o);
  CHECK(bot(anchored, "B").elo == Approx(1500));
  CHECK(bot(anchored, "B").error == 0);
  for (const char* n : {"A", "C"})
    CHECK(bot(anchored, n).elo - 1500 == Approx(bot(avg, n).elo - bot(avg, "B").elo).margin(1e-9));
  double sum = 0;
  for (const auto& b : avg.bots) sum += b.elo;
  CHECK(sum == Approx(0).margin(1e-9));
  o.anchor = "Z";
  CHECK_THROWS_AS(compute_ratings(games, o), UserError);
}

TEST_CASE("ratings: Bradley-Terry equals brute-force likelihood maximisation", "[ratings]") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 3; ++trial) {
    std::vector<RatedGame> games;
    const std::vector<std::string> names{"a", "b", "c", "d"};
    std::uniform_int_distribution<int> pick(0, 3), outcome(0, 2);
    for (int k = 0; k < 40; ++k) {
      int i = pick(rng), j = pick(rng);
      if (i == j) continue;
      const int o = outcome(rng);
      games.push_back(duel(names[i], names[j], o == 0 ? 1 : o == 1 ? 0.5 : 0));
    }
    // Make sure every bot wins and loses something so the optimum is finite.
    for (int i = 0; i < 4; ++i) {
      add_duels(games, names[i], names[(i + 1) % 4], 1, 0, 1);
    }
    RatingTable t = compute_ratings(games);
    auto brute = brute_force_elo(games);
    for (const auto& b : t.bots) CHECK(b.elo == Approx(brute[b.name]).margin(0.01));
    // Ordo's condition: at the optimum every bot's expected score equals its score.
    for (const auto& b : t.bots) {
      double expected = 0, actual = 0;
      for (const auto& g : games)
        for (int s = 0; s < 2; ++s)
          if (g.players[s] == b.name) {
            const double opp = bot(t, g.players[1 - s]).elo;
            expected += expected_score(b.elo - opp);
            actual += g.ranks[s] < g.ranks[1 - s] ? 1 : g.ranks[s] == g.ranks[1 - s] ? 0.5 : 0;
          }
      CHECK(expected == Approx(actual).margin(1e-6));
    }
  }
}

TEST_CASE("ratings: larger pools (dense and conjugate-gradient paths) satisfy the score equations",
          "[ratings]") {
  // 500 bots take the conjugate-gradient Newton path (more than 400 bots).
  for (int bots : {30, 500}) {
    std::mt19937 rng(11);
    std::vector<double> truth(bots);
    std::normal_distribution<double> normal(0, 150);
    for (auto& v : truth) v = normal(rng);
    std::vector<RatedGame> games;
    std::uniform_int_distribution<int> pick(0, bots - 1);
    std::uniform_real_distribution<double> u(0, 1);
    for (int k = 0; k < bots * 40; ++k) {
      int i = pick(rng), j = pick(rng);
      if (i == j) continue;
      const double p = expected_score(truth[i] - truth[j]);
      const double x = u(rng);
      const double draw = 0.2;
      games.push_back(duel("b" + std::to_string(i), "b" + std::to_string(j),
                           x < p * (1 - draw)          ? 1
                           : x < p * (1 - draw) + draw ? 0.5
                                                       : 0));
    }
    // A ring of mixed results keeps every rating finite.
    for (int i = 0; i < bots; ++i)
      add_duels(games, "b" + std::to_string(i), "b" + std::to_string((i + 1) % bots), 1, 0, 1);
    RatingTable t = compute_ratings(games);
    REQUIRE(t.warnings.empty());
    std::map<std::string, double> elo;
    for (const auto& b : t.bots) elo[b.name] = b.elo;
    std::map<std::string, double> expected, actual;
    for (const auto& g : games) {
      const double p = expected_score(elo[g.players[0]] - elo[g.players[1]]);
      const double s = g.ranks[0] < g.ranks[1] ? 1 : g.ranks[0] == g.ranks[1] ? 0.5 : 0;
      expected[g.players[0]] += p;
      expected[g.players[1]] += 1 - p;
      actual[g.players[0]] += s;
      actual[g.players[1]] += 1 - s;
    }
    double worst = 0;
    for (auto& [n, e] : expected) worst = std::max(worst, std::abs(e - actual[n]));
    CHECK(worst < 1e-6);
    // Ratings track the truth (sanity, loose).
    double err = 0;
    for (int i = 0; i < bots; ++i) err += std::abs(elo["b" + std::to_string(i)] - truth[i]);
    CHECK(err / bots < 80);
  }
}

TEST_CASE("ratings: all wins, all losses and a split pool are warned about and flagged", "[ratings]") {
  std::vector<RatedGame> games;
  add_duels(games, "A", "B", 3, 1, 2);
  add_duels(games, "Top", "A", 4, 0, 0);
  add_duels(games, "Top", "B", 2, 0, 0);
  add_duels(games, "B", "Bottom", 3, 0, 0);
  RatingTable t = compute_ratings(games);
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0].find("won every game: Top") != std::string::npos);
  CHECK(t.warnings[0].find("lost every game: Bottom") != std::string::npos);
  CHECK(bot(t, "Top").edge == 1);
  CHECK(bot(t, "Bottom").edge == -1);
  CHECK(bot(t, "A").edge == 0);
  CHECK(t.bots.front().name == "Top");
  CHECK(t.bots.back().name == "Bottom");
  for (const auto& b : t.bots) CHECK(std::isfinite(b.elo));
  // The marks every table shows (text, the report): "~" held by the prior, "+" / "-" all won / lost.
  const RatedBot& top = bot(t, "Top");
  char text[64];
  std::snprintf(text, sizeof text, "~%.1f+", top.elo);
  CHECK(rating_elo_text(top, 1) == text);
  CHECK(rating_elo_text(bot(t, "Bottom"), 0).back() == '-');
  CHECK(rating_elo_text(bot(t, "Bottom"), 0).front() == '~');
  CHECK(rating_marks_legend(t).find("~ held finite by the prior") != std::string::npos);
  CHECK(render_ratings_text(t).find(rating_elo_text(top, 1)) != std::string::npos);
  CHECK(render_ratings_text(t).find(rating_marks_legend(t)) != std::string::npos);
  std::vector<RatedGame> plain;
  add_duels(plain, "A", "B", 3, 1, 2);
  const RatingTable p = compute_ratings(plain);
  std::snprintf(text, sizeof text, "%.0f", bot(p, "A").elo);
  CHECK(rating_elo_text(bot(p, "A"), 0) == text);
  CHECK(rating_marks_legend(p).empty());

  std::vector<RatedGame> split;
  add_duels(split, "A", "B", 2, 1, 1);
  add_duels(split, "C", "D", 1, 1, 2);
  RatingTable s = compute_ratings(split);
  REQUIRE(s.warnings.size() == 1);
  CHECK(s.warnings[0].find("not connected") != std::string::npos);
  CHECK(bot(s, "A").component != bot(s, "C").component);
  CHECK(bot(s, "A").elo + bot(s, "B").elo == Approx(0).margin(1e-9));
  CHECK(bot(s, "C").elo + bot(s, "D").elo == Approx(0).margin(1e-9));
  CHECK(std::isnan(s.los[0][2]));
}

TEST_CASE("ratings: invalid games are rejected with the game's number", "[ratings]") {
  std::vector<RatedGame> games;
  add_duels(games, "A", "B", 1, 0, 1);
  games.push_back({{"A", "B"}, {1}, {}, ""});
  try {
    compute_ratings(games);
    FAIL("no error");
  } catch (const UserError& e) {
    CHECK(std::string(e.what()).find("game 3") != std::string::npos);
  }
}

TEST_CASE("ratings: each malformed game shape is named", "[ratings]") {
  auto why = [](std::vector<std::string> players, std::vector<int> ranks, std::vector<int> teams = {}) {
    return validate_rated_game(RatedGame{std::move(players), std::move(ranks), std::move(teams), ""});
  };
  CHECK(why({"A", "B"}, {1, 2}).empty());
  CHECK(why({"A", "B", "C", "D"}, {1, 2, 1, 2}, {0, 1, 0, 1}).empty());  // partners share a rank
  CHECK(why({"A", "B", "C"}, {2, 1, 2}, {5, 9, 5}).empty());             // any team numbers
  CHECK(why({"A"}, {1}) == "a rated game needs at least two seats");
  CHECK(why({"A", "B"}, {1}) == "ranks and players differ in number");
  CHECK(why({"A", "B"}, {1, 2}, {0}) == "teams and players differ in number");
  CHECK(why({"A", "B"}, {0, 1}) == "rank 0 is not 1 or more");
  CHECK(why({"A", ""}, {1, 2}) == "a seat has no player name");
  CHECK(why({"A", "B", "C", "D"}, {1, 2, 2, 2}, {0, 1, 0, 1}) ==
        "seats of team 0 finished with different ranks");
  CHECK(why({"A", "B", "C", "D"}, {1, 2, 1, 1}, {0, 1, 0, 1}) ==
        "seats of team 1 finished with different ranks");
  CHECK(why({"A", "B", "C"}, {1, 1, 1}, {3, 3, 3}) == "every seat is on one team: nothing to compare");
}

TEST_CASE("ratings: a bot seen only against itself is listed last without a rating", "[ratings]") {
  std::vector<RatedGame> games;
  add_duels(games, "A", "B", 2, 1, 1);
  add_duels(games, "Mirror", "Mirror", 1, 0, 0);
  RatingTable t = compute_ratings(games);
  REQUIRE(t.bots.size() == 3);
  CHECK(t.bots.back().name == "Mirror");
  CHECK(t.bots.back().games == 0);
  CHECK(std::isnan(t.bots.back().elo));
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0].find("against itself") != std::string::npos);
}

}  // namespace bradley_terry_test
