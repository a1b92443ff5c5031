#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "tournaments/schedule.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace schedule_test {

using namespace arena;

namespace {
std::map<std::pair<int, int>, int> seat_counts(const std::vector<ScheduledGame>& games) {
  std::map<std::pair<int, int>, int> c;  // (bot, seat) -> games
  for (const auto& g : games)
    for (size_t s = 0; s < g.seat_bots.size(); ++s) ++c[{g.seat_bots[s], static_cast<int>(s)}];
  return c;
}
}  // namespace

TEST_CASE("schedule: two-seat round-robin plays every pair with seats swapped on one seed", "[schedule]") {
  ScheduleRequest r;
  r.bots = 4;
  r.seats = 2;
  r.seed = 9;
  auto games = make_schedule(r);
  REQUIRE(games.size() == 12);  // 6 pairs x 2 seat orders
  std::set<std::pair<int, int>> ordered;
  for (size_t i = 0; i < games.size(); i += 2) {
    const auto& a = games[i];
    const auto& b = games[i + 1];
    CHECK(a.seed == b.seed);
    CHECK(a.seat_bots[0] == b.seat_bots[1]);
    CHECK(a.seat_bots[1] == b.seat_bots[0]);
    ordered.insert({a.seat_bots[0], a.seat_bots[1]});
    ordered.insert({b.seat_bots[0], b.seat_bots[1]});
  }
  CHECK(ordered.size() == 12);
  std::set<std::uint64_t> seeds;
  for (const auto& g : games) seeds.insert(g.seed);
  CHECK(seeds.size() == 6);
  for (size_t i = 0; i < games.size(); ++i) CHECK(games[i].index == static_cast<int>(i));
}

TEST_CASE("schedule: encounters and rounds multiply games with fresh seeds", "[schedule]") {
  ScheduleRequest r;
  r.bots = 3;
  r.seats = 2;
  r.games_per_encounter = 2;
  r.rounds = 3;
  auto games = make_schedule(r);
  CHECK(games.size() == 3u * 2 * 2 * 3);
  std::set<std::uint64_t> seeds;
  for (const auto& g : games) seeds.insert(g.seed);
  CHECK(seeds.size() == games.size() / 2);
  CHECK(games.front().round == "1.1.1");
  CHECK(games.back().round.rfind("3.", 0) == 0);
}

TEST_CASE("schedule: the schedule is a function of the request", "[schedule]") {
  ScheduleRequest r;
  r.bots = 9;
  r.seats = 4;
  r.seed = 5;
  auto a = make_schedule(r), b = make_schedule(r);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].seat_bots == b[i].seat_bots);
    CHECK(a[i].seed == b[i].seed);
  }
}

TEST_CASE("schedule: multi-seat tables play every rotation, so every bot sits in every seat", "[schedule]") {
  ScheduleRequest r;
  r.bots = 5;
  r.seats = 3;
  auto games = make_schedule(r);
  CHECK(games.size() == 10u * 3);  // C(5,3) tables x 3 rotations
  auto c = seat_counts(games);
  for (int bot = 0; bot < 5; ++bot)
    for (int seat = 0; seat < 3; ++seat) CHECK(c[{bot, seat}] == 6);  // C(4,2) tables each
}

TEST_CASE("schedule: large pools use a balanced design", "[schedule]") {
  ScheduleRequest r;
  r.bots = 20;
  r.seats = 4;  // C(20,4) = 4845 tables: too many
  r.seed = 3;
  auto games = make_schedule(r);
  std::map<int, int> plays;
  std::map<std::pair<int, int>, int> met;
  for (size_t i = 0; i < games.size(); i += 4) {
    const auto& t = games[i].seat_bots;
    for (int a : t) {
      ++plays[a];
      for (int b : t)
        if (a < b) ++met[{a, b}];
    }
  }
  int lo = 1 << 30, hi = 0;
  for (auto& [bot, n] : plays) lo = std::min(lo, n), hi = std::max(hi, n);
  CHECK(plays.size() == 20);
  CHECK(hi - lo <= 1);
  int mlo = 1 << 30, mhi = 0;
  for (int a = 0; a < 20; ++a)
    for (int b = a + 1; b < 20; ++b) {
      int m = met.count({a, b}) ? met[{a, b}] : 0;
      mlo = std::min(mlo, m), mhi = std::max(mhi, m);
    }
  CHECK(mlo >= 1);       // every pair meets
  CHECK(mhi - mlo <= 3);  // about equally often
  auto c = seat_counts(games);
  for (int bot = 0; bot < 20; ++bot) {
    int s0 = c[{bot, 0}];
    for (int seat = 1; seat < 4; ++seat) CHECK(c[{bot, seat}] == s0);
  }
}

TEST_CASE("schedule: team games rotate partnerships", "[schedule]") {
  // Seats 1&3 against 2&4: four bots have three partnerships.
  auto arr = table_arrangements({0, 1, 2, 3}, {0, 1, 0, 1});
  std::set<std::set<int>> partners_of_0;
  for (const auto& a : arr) {
    int seat0 = static_cast<int>(std::find(a.begin(), a.end(), 0) - a.begin());
    int partner = a[(seat0 + 2) % 4];
    partners_of_0.insert({0, partner});
  }
  CHECK(partners_of_0.size() == 3);
  CHECK(arr.size() == 12);
  // Six bots in three fixed teams: every pair is partnered at least once.
  auto six = table_arrangements({0, 1, 2, 3, 4, 5}, {0, 1, 2, 0, 1, 2});
  std::set<std::pair<int, int>> pairs;
  for (const auto& a : six)
    for (int s = 0; s < 3; ++s) pairs.insert({std::min(a[s], a[s + 3]), std::max(a[s], a[s + 3])});
  CHECK(pairs.size() == 15);
  CHECK(six.size() <= 36);
}

TEST_CASE("schedule: fewer bots than seats fill the table in turn", "[schedule]") {
  ScheduleRequest r;
  r.bots = 2;
  r.seats = 4;
  auto games = make_schedule(r);
  REQUIRE(!games.empty());
  for (const auto& g : games) CHECK(g.seat_bots.size() == 4);
  auto c = seat_counts(games);
  CHECK(c[{0, 0}] == c[{1, 0}]);
}

TEST_CASE("schedule: gauntlet meets only the chosen bots against the others", "[schedule]") {
  ScheduleRequest r;
  r.bots = 5;
  r.seats = 2;
  r.format = Format::kGauntlet;
  r.gauntlet = {0};
  auto games = make_schedule(r);
  CHECK(games.size() == 8);
  for (const auto& g : games) CHECK((g.seat_bots[0] == 0) != (g.seat_bots[1] == 0));
  r.gauntlet = {0, 0};
  CHECK_THROWS_WITH(make_schedule(r), Catch::Contains("named twice"));
  r.gauntlet = {};
  CHECK_THROWS_WITH(make_schedule(r), Catch::Contains("chosen bot"));
}

}  // namespace schedule_test
