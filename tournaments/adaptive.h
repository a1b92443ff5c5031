// The adaptive format (docs/tournaments.md, "Adaptive"): games are played in batches of a
// fixed number of tables; after each batch the maximum-likelihood ratings are fitted and the
// next batch goes where a game tells the most about the ranking: tables of bots whose order
// is least certain (likelihood of superiority nearest one half), weighted toward the top K,
// with a floor of games for every bot. It stops when the order asked for is known with the
// requested confidence, every interval is narrow enough, or the games are spent.
// Pure: bots are indices 0..n-1; the choice depends only on the parameters, the seed and the
// results fed in, so a resumed run or any concurrency gives the same batches.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "ratings/rated_game.h"
#include "ratings/weng_lin.h"
#include "tournaments/plan.h"

namespace arena {

struct AdaptiveParams {
  int batch_tables = 0;      // tables per batch; 0 = as many as bots
  double target_ci = 0;      // stop when every 95% interval's ± is below this (Elo); 0 = unused
  int top = 0;               // order only the top K (and the K+1th below them); 0 = the whole table
  double confidence = 0.95;  // likelihood of superiority that counts as "separated"
  long max_games = 0;        // stop when the next batch would pass this many games; 0 = no cap
  double min_share = 0.25;   // every bot plays at least this fraction of the mean games per bot
  int min_games = 0;         // ... and at least this many (a league's new bot: its first games)
  bool live = true;          // keep the live Weng-Lin beliefs (the report's); a league shows none
};

// Why an adaptive run stopped ("" while it goes on).
enum class AdaptiveStop { kNone, kSeparated, kIntervals, kGames };

class Adaptive : public Plan {
 public:
  // `names`: the bots (for the rating fit), `seats` per game, `games_per_table` the games one
  // table plays (all its seat arrangements, times the sets).
  Adaptive(std::vector<std::string> names, int seats, int games_per_table, AdaptiveParams params,
           std::uint64_t seed);

  std::vector<StageTable> next_stage() override;
  void games(const std::vector<RatedGame>& finished) override;
  void results(const std::vector<std::vector<double>>&) override {}
  std::string report(const std::vector<std::string>& names) const override;
  std::string report_name() const override { return "adaptive"; }

  // A league's matchmaking (league/matchmaking.h): the `tables` that tell the most now,
  // seating only the bots marked in `playing` (a retired bot keeps its games and its rating
  // but gets no new table), whatever the stop rules say. The ratings are fitted again only
  // when bots came or the games grew by 1/kRefitShare since the last fit (a league of a
  // million games refits every 2,000 games, not every batch); the games per bot, which seat
  // new bots first, are always current.
  std::vector<StageTable> informative_tables(int tables, const std::vector<bool>& playing);
  static constexpr long kRefitShare = 500;
  // New bots (a league's, added while it runs), numbered after the others.
  void add_bots(const std::vector<std::string>& names);
  // Fits made so far (by informative_tables or the stop rules).
  long fits() const { return fits_; }

  AdaptiveStop stopped() const { return stop_; }
  long games_played() const { return played_; }
  const std::vector<int>& games_per_bot() const { return per_bot_; }
  // The live (Weng–Lin) beliefs, updated after every game.
  const std::vector<SkillBelief>& live() const { return live_; }
  // The bots in the order of the last fit, best first (empty before the first fit).
  const std::vector<int>& order() const { return order_; }

 private:
  std::vector<StageTable> first_batch();
  void live_update(const RatedGame& g, const std::vector<int>& bots);
  std::vector<StageTable> choose_batch(int tables);
  std::vector<bool> playing_;  // empty: every bot
  AdaptiveStop check_stop();
  StageTable make_table(std::vector<int> bots);

  std::vector<std::string> names_;
  int n_, seats_, games_per_table_;
  AdaptiveParams p_;
  std::uint64_t seed_;
  int batch_ = 0;
  int table_counter_ = 0;
  // Each distinct outcome once, weighted (ratings/rated_game.h): a refit costs the outcomes,
  // not the games.
  std::vector<RatedGame> games_;
  std::unordered_map<std::string, std::size_t> outcome_at_;
  long played_ = 0;
  long fitted_ = -1;  // games at the last fit; -1: none since the bots changed
  long fits_ = 0;
  std::vector<int> per_bot_;
  std::vector<SkillBelief> live_;
  std::vector<int> order_;                        // bot per place of the last fit
  std::vector<std::vector<double>> uncertainty_;  // per bot pair: 1 = a coin flip, 0 = known
  std::vector<double> error_;                     // ± of each bot's 95% interval (Elo)
  AdaptiveStop stop_ = AdaptiveStop::kNone;
};

const char* adaptive_stop_text(AdaptiveStop s);

}  // namespace arena
