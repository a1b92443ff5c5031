// The promise of docs/tournaments.md, checked for every registered game, every player count
// and every format (match, round-robin, gauntlet, Swiss, knockout, adaptive, SPRT gauntlet):
// within each set (the games of one table that share a seed) every bot of the table sits in
// every seat equally often, and in team games every pair of the table's bots is partnered
// at least once. Staged formats are fed random results consistent with the game's teams,
// so their later stages are checked too.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "tests/engine/every_spec.h"
#include "tournaments/match_seating.h"
#include "tournaments/staged_schedule.h"
#include "tournaments/tournament.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace schedule_property_test {

using namespace arena;

namespace {

struct Set {
  std::vector<std::vector<int>> seatings;  // bot per seat, one per game
};

bool has_teams(const Game& game) {
  for (int s = 1; s <= game.num_players(); ++s)
    if (game.team_of(s) != s - 1) return true;
  return false;
}

// Every bot of the set sits in every seat equally often; in team games every two of its
// bots are partners in some game of the set.
void check_set(const Game& game, const Set& set, const std::string& where) {
  INFO(where);
  const int seats = game.num_players();
  std::map<int, std::vector<int>> seat_counts;
  for (const auto& seating : set.seatings) {
    REQUIRE(static_cast<int>(seating.size()) == seats);
    for (int s = 0; s < seats; ++s) seat_counts[seating[s]].resize(seats), ++seat_counts[seating[s]][s];
  }
  const int expected = seat_counts.begin()->second.front();
  CHECK(expected >= 1);
  for (const auto& [bot, counts] : seat_counts)
    for (int s = 0; s < seats; ++s) {
      INFO("bot " << bot << " seat " << s + 1);
      CHECK(counts[s] == expected);
    }
  if (!has_teams(game)) return;
  std::set<std::pair<int, int>> partnered;
  for (const auto& seating : set.seatings)
    for (int a = 1; a <= seats; ++a)
      for (int b = 1; b <= seats; ++b)
        if (a != b && game.team_of(a) == game.team_of(b)) partnered.insert({seating[a - 1], seating[b - 1]});
  for (const auto& [a, ca] : seat_counts)
    for (const auto& [b, cb] : seat_counts)
      if (a < b) {
        INFO("bots " << a << " and " << b);
        CHECK(partnered.count({a, b}) == 1);
      }
}

// A random finish consistent with the teams: partners share a rank.
JournalEntry random_entry(const Game& game, const ScheduledGame& g, const std::vector<std::string>& names,
                          Rng& rng) {
  JournalEntry e;
  e.index = g.index;
  e.round = g.round;
  e.seed = g.seed;
  std::map<int, int> team_rank;
  for (int s = 1; s <= game.num_players(); ++s) {
    const int team = game.team_of(s);
    if (!team_rank.count(team)) team_rank[team] = 1 + static_cast<int>(rng.below(game.num_players()));
    e.players.push_back(names[g.seat_bots[s - 1]]);
    e.ranks.push_back(team_rank[team]);
    e.scores.push_back(0);
    e.teams.push_back(team);
  }
  e.termination = "normal";
  return e;
}

TournamentConfig config_for(const Game& game, Format format, bool sprt, int bots) {
  TournamentConfig c;
  c.game = game.spec();
  for (int b = 0; b < bots; ++b) c.bots.push_back({"bot" + std::to_string(b), "true", {}, ""});
  c.format = format;
  if (format == Format::kGauntlet) c.gauntlet = {"bot0"};
  if (sprt) c.sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05";
  c.games = game.num_players() == 2 ? 2 : 1;
  if (format == Format::kSwiss) c.rounds = 3;
  if (format == Format::kAdaptive || sprt) c.games = 400;  // the cap
  c.seed = 7;
  return c;
}

// Plays the whole schedule of `c` on paper; returns how many games it held.
int check_tournament(const Game& game, const TournamentConfig& c, const std::string& where) {
  std::vector<std::string> names;
  for (const auto& b : c.bots) names.push_back(b.name);
  StagedSchedule schedule(c, schedule_request(c, game));
  Rng rng(11);
  int total = 0;
  for (int stage = 0; stage < 1000; ++stage) {
    const auto games = schedule.next();
    if (games.empty()) break;
    std::map<std::string, Set> sets;  // key: "R.T" and the seed
    std::vector<JournalEntry> entries;
    for (const auto& g : games) {
      sets[g.round.substr(0, g.round.rfind('.')) + "/" + std::to_string(g.seed)].seatings.push_back(
          g.seat_bots);
      entries.push_back(random_entry(game, g, names, rng));
    }
    for (const auto& [key, set] : sets)
      check_set(game, set, where + " stage " + std::to_string(stage) + " set " + key);
    total += static_cast<int>(games.size());
    schedule.end_stage(entries);
  }
  return total;
}

}  // namespace

TEST_CASE("schedules: every seat equally often, every pair partnered, in every game and format",
          "[schedule][contract]") {
  struct Kind {
    const char* name;
    Format format;
    bool sprt;
  };
  const Kind kinds[] = {{"round-robin", Format::kRoundRobin, false},
                        {"gauntlet", Format::kGauntlet, false},
                        {"swiss", Format::kSwiss, false},
                        {"knockout", Format::kKnockout, false},
                        {"adaptive", Format::kAdaptive, false},
                        {"sprt", Format::kGauntlet, true}};
  int team_games = 0;
  for (const std::string& spec : test::every_spec()) {
    const auto game = make_game(spec);
    const int seats = game->num_players();
    team_games += has_teams(*game);
    // match: one bot per seat, two full sets
    const int set = match_set_size(*game, seats);
    const auto jobs = match_seating(*game, seats, 2 * set, 5);
    std::map<std::uint64_t, Set> match_sets;
    for (const auto& job : jobs) match_sets[job.seed].seatings.push_back(job.seats);
    CHECK(match_sets.size() == 2);
    for (const auto& [seed, s] : match_sets) check_set(*game, s, spec + " match");
    for (const Kind& kind : kinds) {
      if (kind.sprt && seats != 2) continue;  // SPRT pairs two bots
      for (int bots : {seats, seats + 2}) {
        const std::string where = spec + " " + kind.name + " with " + std::to_string(bots) + " bots";
        CHECK(check_tournament(*game, config_for(*game, kind.format, kind.sprt, bots), where) > 0);
      }
    }
  }
  CHECK(team_games >= 4);  // flume-cards 4, flows 4, 5 and 6: this test sees partnerships
}

}  // namespace schedule_property_test
