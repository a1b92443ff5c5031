#include "tournaments/staged_schedule.h"

#include <algorithm>

#include "engine/core/random.h"
#include "ratings/head_to_head.h"
#include "ratings/rated_game.h"
#include "tournaments/adaptive.h"
#include "tournaments/knockout.h"
#include "tournaments/sprt_gauntlet.h"
#include "tournaments/standings.h"
#include "tournaments/swiss.h"

namespace arena {

namespace {

int bot_index(const TournamentConfig& c, const std::string& name) {
  for (std::size_t i = 0; i < c.bots.size(); ++i)
    if (c.bots[i].name == name) return static_cast<int>(i);
  return -1;
}

// Seeds named first, then every other bot in the order given.
std::vector<int> seeding(const TournamentConfig& c) {
  std::vector<int> order;
  for (const auto& s : c.seeds) order.push_back(bot_index(c, s));
  for (int b = 0; b < static_cast<int>(c.bots.size()); ++b)
    if (std::find(order.begin(), order.end(), b) == order.end()) order.push_back(b);
  return order;
}

}  // namespace

// Each plan's constructor names the setting at fault itself: its error passes through.
std::unique_ptr<Plan> make_plan(const TournamentConfig& c, const ScheduleRequest& r) {
  std::vector<int> seat_list(r.seats);
  for (int s = 0; s < r.seats; ++s) seat_list[s] = s;
  const int games_per_table =
      static_cast<int>(table_arrangements(seat_list, r.teams).size()) * r.games_per_encounter;
  if (c.format == Format::kSwiss)
    return std::make_unique<Swiss>(r.bots, r.seats, r.rounds, r.games_per_encounter, games_per_table);
  if (c.format == Format::kKnockout) {
    if (c.rounds != 1) throw ConfigError("rounds: a knockout plays as many rounds as its bracket needs");
    const int advance = c.advance > 0 ? c.advance : std::max(1, r.seats / 2);
    return std::make_unique<Knockout>(seeding(c), r.seats, advance, r.games_per_encounter, c.extra_pairs);
  }
  if (c.format == Format::kAdaptive) {
    AdaptiveParams p;
    p.batch_tables = c.batch;
    p.target_ci = c.target_ci;
    p.top = c.top;
    p.confidence = c.confidence;
    p.min_share = c.min_share;
    p.max_games = c.games;
    std::vector<std::string> names;
    for (const BotConfig& b : c.bots) names.push_back(b.name);
    return std::make_unique<Adaptive>(names, r.seats, games_per_table, p, derive_seed(r.seed, 0xADA97));
  }
  if (c.format == Format::kGauntlet && !c.sprt.empty()) {
    if (r.seats != 2) throw ConfigError("sprt: needs a two-seat game");
    return std::make_unique<SprtGauntlet>(r.bots, r.gauntlet, parse_sprt(c.sprt, "sprt"),
                                          r.games_per_encounter * r.rounds);
  }
  return nullptr;
}

StagedSchedule::StagedSchedule(const TournamentConfig& c, const ScheduleRequest& r)
    : plan_(make_plan(c, r)), teams_(r.teams), seed_(r.seed) {
  if (!plan_) fixed_ = make_schedule(r);
}

std::vector<ScheduledGame> StagedSchedule::next() {
  games_.clear();
  table_of_.clear();
  if (!plan_) {
    if (fixed_given_) return {};
    fixed_given_ = true;
    next_index_ = static_cast<int>(fixed_.size());
    return fixed_;
  }
  tables_ = plan_->next_stage();
  for (std::size_t t = 0; t < tables_.size(); ++t) {
    const StageTable& table = tables_[t];
    const auto arrangements = table_arrangements(table.bots, teams_);
    for (int set = table.first_set; set < table.first_set + table.sets; ++set) {
      const std::uint64_t seed = derive_seed(seed_, seed_index_++);
      for (std::size_t a = 0; a < arrangements.size(); ++a) {
        ScheduledGame g;
        g.index = next_index_++;
        g.round = std::to_string(table.round) + "." + std::to_string(table.table) + "." +
                  std::to_string(set * arrangements.size() + a + 1);
        g.seat_bots = arrangements[a];
        g.seed = seed;
        games_.push_back(std::move(g));
        table_of_.push_back(static_cast<int>(t));
      }
    }
  }
  return games_;
}

void StagedSchedule::end_stage(const std::vector<JournalEntry>& entries) {
  if (!plan_) return;
  std::vector<std::vector<double>> points(tables_.size());
  for (std::size_t t = 0; t < tables_.size(); ++t) points[t].assign(tables_[t].bots.size(), 0);
  for (std::size_t i = 0; i < entries.size() && i < games_.size(); ++i) {
    const auto seat = seat_points(entries[i]);  // empty for a game without a result
    const StageTable& table = tables_[table_of_[i]];
    for (std::size_t s = 0; s < seat.size(); ++s) {
      const auto it = std::find(table.bots.begin(), table.bots.end(), games_[i].seat_bots[s]);
      points[table_of_[i]][it - table.bots.begin()] += seat[s];
    }
  }
  std::vector<RatedGame> rated;
  for (std::size_t i = 0; i < entries.size() && i < games_.size(); ++i)
    if (!entries[i].ranks.empty() && is_rated(entries[i].termination))
      rated.push_back({entries[i].players, entries[i].ranks, entries[i].teams, {}});
  plan_->games(rated);
  plan_->results(points);
}

}  // namespace arena
