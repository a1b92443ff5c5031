#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "tournaments/journal_index.h"
#include "tournaments/standings.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace journal_index_test {

using namespace arena;

namespace {
// Games of every kind: two seats, three seats with teams, aborted, faulted, a bot not in
// the standings' table, round names of different lengths.
std::vector<JournalEntry> varied_games() {
  std::vector<JournalEntry> out;
  const std::vector<std::string> bots = {"a", "b", "c", "d", "stranger"};
  for (int i = 0; i < 60; ++i) {
    JournalEntry e;
    e.index = i;
    e.round = std::to_string(i / 7 + 1) + "." + std::to_string(i % 7 + 1) + (i % 3 ? ".1" : "");
    e.seed = 1000003ULL * i;
    const int seats = i % 4 == 3 ? 3 : 2;
    for (int s = 0; s < seats; ++s) e.players.push_back(bots[(i + 2 * s) % (i % 11 == 0 ? 5 : 4)]);
    if (i % 13 != 5) {  // else aborted: no ranks
      for (int s = 0; s < seats; ++s) e.ranks.push_back(1 + (i + s) % seats);
      for (int s = 0; s < seats; ++s) e.scores.push_back(e.ranks[s] == 1 ? 1.0 : 0.25 * s);
      for (int s = 0; s < seats; ++s) e.teams.push_back(seats == 3 && s == 2 ? 0 : s);
      if (seats == 3) e.ranks[2] = e.ranks[0];  // partners share a rank
    }
    e.termination = i % 9 == 0 ? "time-forfeit" : i % 13 == 5 ? "aborted" : "normal";
    e.fault_seat = i % 9 == 0 ? 1 + i % seats : 0;
    e.pgn_end = 700ULL * (i + 1);
    out.push_back(e);
  }
  return out;
}
}  // namespace

TEST_CASE("journal index: every entry comes back as it was added", "[journal]") {
  const std::vector<JournalEntry> games = varied_games();
  JournalIndex index;
  for (const auto& e : games) index.add(e);
  REQUIRE(index.size() == games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const JournalEntry back = index.entry(i);
    const JournalEntry& e = games[i];
    CHECK(back.index == e.index);
    CHECK(back.round == e.round);
    CHECK(index.round(i) == e.round);
    CHECK(back.seed == e.seed);
    CHECK(back.players == e.players);
    CHECK(back.ranks == e.ranks);
    CHECK(back.scores == e.scores);
    CHECK(back.teams == e.teams);
    CHECK(back.termination == e.termination);
    CHECK(back.fault_seat == e.fault_seat);
    CHECK(back.pgn_end == e.pgn_end);
  }
  CHECK(index.name_count() == 5);
  const auto slice = index.entries(10, 13);
  REQUIRE(slice.size() == 3);
  CHECK(slice[2].round == games[12].round);
}

TEST_CASE("journal index: games that ended alike share one outcome", "[journal]") {
  JournalIndex index;
  JournalEntry e;
  e.players = {"a", "b"};
  e.ranks = {1, 2};
  e.scores = {1, 0};
  e.teams = {0, 1};
  e.termination = "normal";
  index.add(e);
  index.add(e);
  CHECK(&index.outcome(0) == &index.outcome(1));
  e.scores = {1, -0.0};  // differs bit for bit only
  index.add(e);
  CHECK(&index.outcome(2) != &index.outcome(0));
  CHECK(std::signbit(index.entry(2).scores[1]));
}

TEST_CASE("standings: fed by bot ids from the index, equal to fed by names", "[standings]") {
  const std::vector<JournalEntry> games = varied_games();
  JournalIndex index;
  for (const auto& e : games) index.add(e);
  Standings by_name({"a", "b", "c", "d"}), by_id({"a", "b", "c", "d"});
  for (std::size_t i = 0; i < games.size(); ++i) {
    by_name.add(games[i]);
    by_id.add(index, i);
  }
  CHECK(by_id.games() == by_name.games());
  double points = 0;
  for (const auto& e : games)
    if (e.ranks.size() == e.players.size())
      for (std::size_t s = 0; s < e.players.size(); ++s)
        if (e.players[s] != "stranger") points += seat_points(e)[s];
  double total = 0;
  for (int b = 0; b < 4; ++b) {
    const BotStanding &x = by_id.bots()[b], &y = by_name.bots()[b];
    CHECK(x.games == y.games);
    CHECK(x.points == y.points);
    CHECK(x.wins == y.wins);
    CHECK(x.draws == y.draws);
    CHECK(x.losses == y.losses);
    CHECK(x.rank_sum == y.rank_sum);
    CHECK(x.faults == y.faults);
    total += x.points;
    for (int o = 0; o < 4; ++o) {
      CHECK(by_id.points_against(b, o) == by_name.points_against(b, o));
      CHECK(by_id.games_against(b, o) == by_name.games_against(b, o));
    }
  }
  CHECK(total == points);  // the same shares seat_points() gives
  CHECK(by_id.crosstable_csv() == by_name.crosstable_csv());
  CHECK(by_id.faults_csv() == by_name.faults_csv());
  CHECK_FALSE(by_id.faults_text() == "no faults\n");
}

}  // namespace journal_index_test
