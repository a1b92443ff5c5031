// The league as sums (docs/league.md, "Scale"): what `arena league table` shows and what a run
// chooses its tables from, kept by the store as tallies (store/league_store.h) beside the
// records, so that neither reads a million records. Per finished game, in the transaction
// that keeps it:
//   - its outcome (the bots seated, their ranks and teams), counted: the ratings fit each
//     distinct outcome once, weighted by its count (ratings/rated_game.h); a game that is not
//     rated (a bot never started: ratings/rated_game.h's is_rated) is counted by its reason
//     instead;
//   - each bot's faults by reason, time per move (its histogram buckets, total and worst) and
//     reported figures (`info data KEY VALUE`: count and sum);
//   - a game between a version and its parent, whole (seats, result, pairing key), for the
//     SPRT of the pair, whose paired games must be matched up.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "ratings/rated_game.h"
#include "records/bot_figures.h"
#include "records/record.h"
#include "store/league_store.h"

namespace arena {

// The version of the tallies' keys: a store whose tallies are of another version (or none,
// a league made before them) is tallied again from its records when it is opened.
// 2: a game whose bot never started is no outcome (it was rated under 1).
inline constexpr const char* kLeagueTallyVersion = "2";

// One finished game's tallies; `bots` says who is a version of whom.
std::vector<LeagueTally> game_tallies(const GameRecord& record, const std::vector<LeagueBot>& bots);

// Makes sure the store's tallies cover every stored game: a league made by an Arena before
// tallies is tallied from its records, once, in one transaction (`dir` names it in errors).
void ensure_tallied(LeagueStore& store, const std::string& dir);

class LeagueSummary {
 public:
  void add(const LeagueTally& tally);
  void add(const std::vector<LeagueTally>& tallies) {
    for (const LeagueTally& t : tallies) add(t);
  }
  // Each distinct outcome once, its weight the games that ended so.
  const std::vector<RatedGame>& outcomes() const { return outcomes_; }
  // Faults, time per move and reported figures per bot (bots without games absent).
  const std::map<std::string, BotFigures>& figures() const { return figures_; }
  // Every game between a version and its parent, one by one.
  const std::vector<RatedGame>& version_games() const { return version_games_; }
  // The rated games (the outcomes' weights), and those kept but not rated.
  long games() const { return games_; }
  long unrated() const { return unrated_; }

 private:
  std::unordered_map<std::string, std::size_t> outcome_at_;
  std::vector<RatedGame> outcomes_;
  std::map<std::string, BotFigures> figures_;
  std::vector<RatedGame> version_games_;
  long games_ = 0;
  long unrated_ = 0;
};

}  // namespace arena
