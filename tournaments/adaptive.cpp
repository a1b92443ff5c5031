#include "tournaments/adaptive.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/core/random.h"
#include "engine/core/user_error.h"
#include "ratings/ratings.h"

namespace arena {

namespace {

// The weight of a pair of places in the batch choice: full inside the order asked for
// (the top K and the bot just below them), small elsewhere, so the rest of the table is
// still refined a little.
double place_weight(int place_a, int place_b, int top) {
  if (top <= 0) return 1;
  return std::max(place_a, place_b) <= top ? 1.0 : 0.05;
}

}  // namespace

const char* adaptive_stop_text(AdaptiveStop s) {
  switch (s) {
    case AdaptiveStop::kSeparated:
      return "the order asked for is known with the requested confidence";
    case AdaptiveStop::kIntervals:
      return "every rating's interval is below --target-ci";
    case AdaptiveStop::kGames:
      return "the games (--games) are spent";
    case AdaptiveStop::kNone:
      break;
  }
  return "not stopped";
}

Adaptive::Adaptive(std::vector<std::string> names, int seats, int games_per_table, AdaptiveParams params,
                   std::uint64_t seed)
    : names_(std::move(names)),
      n_(static_cast<int>(names_.size())),
      seats_(seats),
      games_per_table_(games_per_table),
      p_(params),
      seed_(seed),
      per_bot_(n_, 0),
      live_(n_) {
  if (n_ < seats_)
    throw UserError("an adaptive tournament needs at least as many bots as the game has seats");
  if (p_.batch_tables <= 0) p_.batch_tables = n_;
  if (!(p_.confidence > 0.5 && p_.confidence < 1)) throw UserError("confidence must be between 0.5 and 1");
  if (p_.top < 0 || p_.top > n_) throw UserError("top must be between 0 and the number of bots");
  if (p_.target_ci < 0) throw UserError("target-ci must be 0 or more");
  if (p_.min_share < 0 || p_.min_share > 1) throw UserError("min-share must be between 0 and 1");
}

StageTable Adaptive::make_table(std::vector<int> bots) {
  StageTable t;
  t.round = batch_;
  t.table = ++table_counter_;
  t.bots = std::move(bots);
  t.sets = 1;
  return t;
}

// A cycle through every bot in a seeded order: connects the pool so the first fit rates all.
std::vector<StageTable> Adaptive::first_batch() {
  std::vector<int> ring(n_);
  std::iota(ring.begin(), ring.end(), 0);
  Rng rng(derive_seed(seed_, 0xADA));
  for (int i = n_ - 1; i > 0; --i) std::swap(ring[i], ring[rng.below(static_cast<std::uint64_t>(i) + 1)]);
  std::vector<StageTable> tables;
  const int step = std::max(1, seats_ - 1);
  for (int start = 0; start < n_ && (start == 0 || n_ > seats_); start += step) {
    std::vector<int> bots;
    for (int s = 0; s < seats_; ++s) bots.push_back(ring[(start + s) % n_]);
    tables.push_back(make_table(std::move(bots)));
  }
  return tables;
}

std::vector<StageTable> Adaptive::next_stage() {
  if (stop_ != AdaptiveStop::kNone) return {};
  ++batch_;
  table_counter_ = 0;
  long room = p_.max_games > 0 ? (p_.max_games - games_played()) / games_per_table_ : p_.batch_tables;
  if (batch_ == 1) {
    auto first = first_batch();
    if (p_.max_games > 0 && static_cast<long>(first.size()) > room) first.resize(std::max(0L, room));
    if (first.empty()) stop_ = AdaptiveStop::kGames;
    return first;
  }
  stop_ = check_stop();
  if (stop_ == AdaptiveStop::kNone && room <= 0) stop_ = AdaptiveStop::kGames;
  if (stop_ != AdaptiveStop::kNone) return {};
  return choose_batch(static_cast<int>(std::min<long>(room, p_.batch_tables)));
}

namespace {

// What makes two games the same outcome: the bots seated, their ranks and their teams.
std::string outcome_key(const RatedGame& g) {
  std::string key;
  for (const std::string& p : g.players) key += p + '\t';
  for (int r : g.ranks) key += std::to_string(r) + ',';
  key += '\n';
  for (int t : g.teams) key += std::to_string(t) + ',';
  return key;
}

}  // namespace

void Adaptive::games(const std::vector<RatedGame>& finished) {
  for (const RatedGame& g : finished) {
    std::vector<int> bots;
    for (const std::string& name : g.players)
      bots.push_back(static_cast<int>(std::find(names_.begin(), names_.end(), name) - names_.begin()));
    for (int b : bots)
      if (b < n_) per_bot_[b] += static_cast<int>(g.weight);
    played_ += g.weight;
    const auto [at, fresh] = outcome_at_.try_emplace(outcome_key(g), games_.size());
    if (fresh) {
      games_.push_back(g);
      games_.back().pairing.clear();  // the fit does not read it; outcomes merge without it
    } else {
      games_[at->second].weight += g.weight;
    }
    if (p_.live)
      for (long k = 0; k < g.weight; ++k) live_update(g, bots);
  }
}

// Live estimate: one Weng–Lin update per game, each seat (or team) ranked as it finished.
void Adaptive::live_update(const RatedGame& g, const std::vector<int>& bots) {
  std::vector<std::vector<SkillBelief*>> teams;
  std::vector<int> ranks, team_ids;
  for (std::size_t s = 0; s < bots.size(); ++s) {
    if (bots[s] >= n_) continue;
    const int id = team_of(g, s);
    auto at = std::find(team_ids.begin(), team_ids.end(), id);
    if (at == team_ids.end()) {
      team_ids.push_back(id);
      teams.emplace_back();
      ranks.push_back(g.ranks[s]);
      at = team_ids.end() - 1;
    }
    teams[at - team_ids.begin()].push_back(&live_[bots[s]]);
  }
  if (teams.size() > 1) weng_lin_update(teams, ranks);
}

void Adaptive::add_bots(const std::vector<std::string>& names) {
  if (names.empty()) return;
  names_.insert(names_.end(), names.begin(), names.end());
  n_ = static_cast<int>(names_.size());
  per_bot_.resize(n_, 0);
  live_.resize(n_);
  fitted_ = -1;
}

AdaptiveStop Adaptive::check_stop() {
  const RatingTable fit = compute_ratings(games_);
  fitted_ = played_;
  ++fits_;
  std::vector<int> place_of(n_, -1);
  order_.clear();
  for (const RatedBot& b : fit.bots) {
    const int bot = static_cast<int>(std::find(names_.begin(), names_.end(), b.name) - names_.begin());
    place_of[bot] = static_cast<int>(order_.size());
    order_.push_back(bot);
  }
  uncertainty_.assign(n_, std::vector<double>(n_, 1.0));
  error_.assign(n_, std::nan(""));
  for (int a = 0; a < n_; ++a) {
    if (place_of[a] < 0) continue;
    error_[a] = fit.bots[place_of[a]].error;
    for (int b = 0; b < n_; ++b) {
      if (place_of[b] < 0 || a == b) continue;
      const double los = fit.los[place_of[a]][place_of[b]];
      if (!std::isnan(los)) uncertainty_[a][b] = 1 - std::fabs(2 * los - 1);
    }
  }
  if (static_cast<int>(order_.size()) < n_) return AdaptiveStop::kNone;  // someone not rated yet
  const int last = p_.top > 0 ? std::min(p_.top, n_ - 1) : n_ - 1;
  bool separated = true;
  for (int i = 0; i < last && separated; ++i) {
    const double los = fit.los[i][i + 1];
    separated = !std::isnan(los) && los >= p_.confidence;
  }
  if (separated) return AdaptiveStop::kSeparated;
  if (p_.target_ci > 0 && std::all_of(error_.begin(), error_.end(),
                                      [&](double e) { return !std::isnan(e) && e <= p_.target_ci; }))
    return AdaptiveStop::kIntervals;
  return AdaptiveStop::kNone;
}

// Greedy: each table starts from the pair with the most to tell (uncertainty times place
// weight, halved, thirded... each time the pair is already in this batch) and, for more
// seats, adds the bot with the most to tell against those seated. Bots under the floor of
// games are seated first, each with its most uncertain partners.
std::vector<StageTable> Adaptive::choose_batch(int tables) {
  std::vector<int> place(n_, n_);
  for (std::size_t i = 0; i < order_.size(); ++i) place[order_[i]] = static_cast<int>(i);
  std::vector<std::vector<int>> picks(n_, std::vector<int>(n_, 0));
  auto score = [&](int a, int b) {
    return uncertainty_[a][b] * place_weight(place[a], place[b], p_.top) / (1.0 + picks[a][b]);
  };
  std::vector<int> planned = per_bot_;
  const double mean_after =
      static_cast<double>(games_played() + static_cast<long>(tables) * games_per_table_) * seats_ / n_;
  const double floor_games = std::max(p_.min_share * mean_after, static_cast<double>(p_.min_games));
  auto seatable = [&](int b) { return playing_.empty() || playing_[b]; };
  std::vector<StageTable> out;
  while (static_cast<int>(out.size()) < tables) {
    // The starved bot furthest below the floor, if any, anchors the table.
    int anchor = -1;
    for (int b = 0; b < n_; ++b)
      if (seatable(b) && planned[b] < floor_games && (anchor < 0 || planned[b] < planned[anchor])) anchor = b;
    std::vector<int> seated;
    if (anchor >= 0) {
      seated.push_back(anchor);
    } else {
      int best_a = 0, best_b = 1;
      double best = -1;
      for (int a = 0; a < n_; ++a)
        for (int b = a + 1; b < n_; ++b)
          if (seatable(a) && seatable(b))
            if (const double s = score(a, b); s > best) best = s, best_a = a, best_b = b;
      seated = {best_a, best_b};
    }
    while (static_cast<int>(seated.size()) < seats_) {
      int best_c = -1;
      double best = -1;
      for (int c = 0; c < n_; ++c) {
        if (!seatable(c) || std::find(seated.begin(), seated.end(), c) != seated.end()) continue;
        double s = 0;
        for (int m : seated) s += score(m, c);
        if (s > best) best = s, best_c = c;
      }
      seated.push_back(best_c);
    }
    for (int a : seated) {
      planned[a] += games_per_table_;
      for (int b : seated)
        if (a != b) ++picks[a][b];
    }
    out.push_back(make_table(std::move(seated)));
  }
  return out;
}

std::vector<StageTable> Adaptive::informative_tables(int tables, const std::vector<bool>& playing) {
  playing_ = playing;
  if (fitted_ < 0 || (played_ - fitted_) * kRefitShare >= std::max(fitted_, 1L))
    check_stop();  // the fit the choice is made from
  ++batch_;
  table_counter_ = 0;
  return choose_batch(tables);
}

std::string Adaptive::report(const std::vector<std::string>& names) const {
  std::string text = "Adaptive: " + std::to_string(batch_ - (stop_ != AdaptiveStop::kNone ? 1 : 0)) +
                     " batches, " + std::to_string(games_played()) +
                     " games; stopped: " + adaptive_stop_text(stop_) + "\n";
  text += "  place  bot                   games   live mu ± sigma (Weng-Lin)\n";
  char line[160];
  for (std::size_t i = 0; i < order_.size(); ++i) {
    const int b = order_[i];
    std::snprintf(line, sizeof line, "  %5zu  %-20s %6d   %7.2f ± %.2f\n", i + 1,
                  (b < static_cast<int>(names.size()) ? names[b] : names_[b]).c_str(), per_bot_[b],
                  live_[b].mu, live_[b].sigma);
    text += line;
  }
  return text;
}

}  // namespace arena
