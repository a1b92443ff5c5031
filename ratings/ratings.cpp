#include "ratings/ratings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <unordered_map>

#include "ratings/pool_structure.h"
#include "ratings/ranking_model.h"
#include "ratings/score_moments.h"

namespace arena {

using namespace ratings_detail;

double expected_score(double elo_diff) { return 1.0 / (1.0 + std::pow(10.0, -elo_diff / 400.0)); }

double elo_from_score(double score) {
  if (score <= 0) return -INFINITY;
  if (score >= 1) return INFINITY;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Weight of the virtual draw added between every two opponents when some results are
// one-sided (docs/ratings.md, "Infinite ratings").
constexpr double kPriorDraw = 0.1;
// Dense covariance above this many bots would cost more than the fit itself.
constexpr int kMaxDenseBots = 2500;

// `times[k]`: how many games chosen[k] counts for (a bootstrap's draws); none: each game's weight.
RankingModel build_model(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n,
                         const PoolStructure& st, const std::vector<long>* times) {
  RankingModelBuilder builder(n);
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    const IndexedGame& g = games[chosen[k]];
    builder.add_game(g.seats, g.game->ranks, g.game->teams,
                     static_cast<double>(times ? (*times)[k] : g.game->weight));
  }
  for (auto key : st.opponent_pairs) {
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    if (st.needs_prior[st.component[a]]) builder.add_virtual_draw(a, b, kPriorDraw);
  }
  return builder.build();
}

// Players without games get a component of their own so the fit stays well posed;
// `components` is set to the count including those.
std::vector<int> components_with_singletons(const PoolStructure& st, int& components) {
  std::vector<int> component = st.component;
  components = st.components;
  for (int& c : component)
    if (c < 0) c = components++;
  return component;
}

// The fit with the gauge applied: Elo per player (NaN for players without games).
struct Solution {
  PoolStructure st;
  RankingModel model;
  FitResult fit;
  std::vector<double> elo;
  std::vector<double> offset;  // Elo of the component's natural-unit zero
  bool diverged = false;       // the prior was forced because the plain fit ran away
};

// Ratings further than this from their part's mean (natural units, ~2600 Elo) mean the
// likelihood has no maximum in some direction the pairwise check cannot see (mixes of
// team members), so the fit is redone with the prior.
constexpr double kDivergent = 15;

Solution solve(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n, int anchor,
               double anchor_elo, const std::vector<long>* times = nullptr, bool force_prior = false) {
  Solution s;
  s.st = analyse_pool(games, chosen, n);
  if (force_prior) std::fill(s.st.needs_prior.begin(), s.st.needs_prior.end(), true);
  int components = 0;
  const std::vector<int> component = components_with_singletons(s.st, components);
  s.model = build_model(games, chosen, n, s.st, times);
  s.fit = fit_ranking_model(s.model, component, components);
  if (!force_prior) {
    bool divergent = !s.fit.converged;
    for (int i = 0; i < n; ++i) divergent = divergent || std::abs(s.fit.r[i]) > kDivergent;
    bool all_prior = std::all_of(s.st.needs_prior.begin(), s.st.needs_prior.end(), [](bool b) { return b; });
    if (divergent && !all_prior) {
      s = solve(games, chosen, n, anchor, anchor_elo, times, true);
      s.diverged = true;
      return s;
    }
  }
  s.offset.assign(components, 0.0);
  if (anchor >= 0 && s.st.component[anchor] >= 0 && s.model.shift_invariant)
    s.offset[component[anchor]] = anchor_elo - s.fit.r[anchor] * kEloPerNatural;
  s.elo.assign(n, kNaN);
  for (int i = 0; i < n; ++i)
    if (s.st.component[i] >= 0) s.elo[i] = s.fit.r[i] * kEloPerNatural + s.offset[component[i]];
  if (anchor >= 0 && s.st.component[anchor] >= 0 && s.model.shift_invariant)
    s.elo[anchor] = anchor_elo;  // exact
  return s;
}

std::string join_names(const std::vector<std::string>& names, std::size_t limit = 8) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < limit; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > limit) out += ", ... (" + std::to_string(names.size()) + " in all)";
  return out;
}

std::string prior_text() {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", kPriorDraw);
  return buf;
}

// The input with names turned into ids (in order of first appearance).
struct Pool {
  std::unordered_map<std::string, int> id;
  std::vector<std::string> names;
  std::vector<IndexedGame> games;
  long self_play = 0;  // games of a bot on two opposing sides, left out
  long weight = 0;     // the games rated: every game counted `weight` times
  bool multi = false;  // some game has more than two sides
  bool teams = false;  // some side has more than one member
  int size() const { return static_cast<int>(names.size()); }
};

// A bot on two opposing sides says nothing about its strength.
bool plays_against_itself(const IndexedGame& ig) {
  for (std::size_t a = 0; a < ig.seats.size(); ++a)
    for (std::size_t b = a + 1; b < ig.seats.size(); ++b)
      if (ig.seats[a] == ig.seats[b] && team_of(*ig.game, a) != team_of(*ig.game, b)) return true;
  return false;
}

Pool index_games(const std::vector<RatedGame>& input) {
  Pool pool;
  pool.games.reserve(input.size());
  for (std::size_t gi = 0; gi < input.size(); ++gi) {
    const RatedGame& g = input[gi];
    if (std::string why = validate_rated_game(g); !why.empty())
      throw UserError("game " + std::to_string(gi + 1) + ": " + why);
    IndexedGame ig{{}, &g};
    ig.seats.reserve(g.players.size());
    for (const auto& p : g.players) {
      // find() first: emplace() would build (allocate) a node for every seat of every game
      // only to throw it away when the name is known, as it nearly always is.
      auto it = pool.id.find(p);
      if (it == pool.id.end()) {
        it = pool.id.emplace(p, pool.size()).first;
        pool.names.push_back(p);
      }
      ig.seats.push_back(it->second);
    }
    if (plays_against_itself(ig)) {
      pool.self_play += g.weight;
      continue;
    }
    std::size_t units = g.players.size();
    if (!g.teams.empty()) units = std::set<int>(g.teams.begin(), g.teams.end()).size();
    if (units > 2) pool.multi = true;
    if (units < g.players.size()) pool.teams = true;
    pool.weight += g.weight;
    pool.games.push_back(std::move(ig));
  }
  return pool;
}

// Parts in table order: the anchor's first, then by size.
std::vector<int> part_order(const PoolStructure& st, int anchor) {
  std::vector<int> order(st.components);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const bool aa = anchor >= 0 && st.component[anchor] == a, ab = anchor >= 0 && st.component[anchor] == b;
    if (aa != ab) return aa;
    return st.component_size[a] > st.component_size[b];
  });
  return order;
}

void warn_disconnected(RatingTable& table, const Pool& pool, const PoolStructure& st,
                       const std::vector<int>& parts, int anchor) {
  if (st.components <= 1) return;
  std::string listing;
  for (int k = 0; k < st.components; ++k) {
    std::vector<std::string> members;
    for (int i = 0; i < pool.size(); ++i)
      if (st.component[i] == parts[k]) members.push_back(pool.names[i]);
    listing += "\n  part " + std::to_string(k) + ": " + join_names(members);
  }
  table.warnings.push_back("the pool is not connected: " + std::to_string(st.components) +
                           " parts never met each other; ratings are comparable only within a part (each "
                           "part averages " +
                           std::string(anchor >= 0 ? "0, the anchor's part is anchored" : "0") + ")" +
                           listing);
}

// Why some ratings are not plain maximum-likelihood values: unequal teams, a forced prior,
// or parts whose results run one way.
void warn_fit(RatingTable& table, const Pool& pool, const Solution& sol) {
  const PoolStructure& st = sol.st;
  if (!sol.model.shift_invariant)
    table.warnings.push_back(
        "some games have teams of different sizes: with a team's strength the sum of its members, the level "
        "of the ratings is then measured by the games, so ratings are shown as fitted (not shifted to the "
        "pool average or an anchor)");
  if (sol.diverged) {
    table.warnings.push_back(
        "the results leave some combination of ratings unbounded (e.g. team members whose "
        "mixes always win or always lose), so maximum-likelihood ratings would be infinite; " +
        prior_text() + " virtual draw per pair of opponents was added to every part (ratings marked '~')");
    return;
  }
  for (int c = 0; c < st.components; ++c) {
    if (!st.needs_prior[c]) continue;
    std::vector<std::string> wins, losses;
    for (int i = 0; i < pool.size(); ++i) {
      if (st.component[i] != c) continue;
      if (st.edge[i] > 0) wins.push_back(pool.names[i]);
      if (st.edge[i] < 0) losses.push_back(pool.names[i]);
    }
    std::string msg;
    if (!wins.empty()) msg += "won every game: " + join_names(wins) + "; ";
    if (!losses.empty()) msg += "lost every game: " + join_names(losses) + "; ";
    if (msg.empty()) msg = "some group of bots never lost (or never won) against the rest of its part; ";
    table.warnings.push_back(msg + "maximum-likelihood ratings would be infinite, so " + prior_text() +
                             " virtual draw per pair of opponents was added in that part (ratings marked '~' "
                             "are held finite by it and are only bounds)");
  }
}

// Per player, the sorted partners of its first game; `varies` once another game differs,
// `solo` once it played alone on its side.
struct Partnerships {
  std::vector<std::optional<std::vector<int>>> partners;
  std::vector<bool> varies, solo;
};

Partnerships find_partnerships(const Pool& pool) {
  const int n = pool.size();
  Partnerships ps{std::vector<std::optional<std::vector<int>>>(n), std::vector<bool>(n, false),
                  std::vector<bool>(n, false)};
  for (const auto& ig : pool.games) {
    const RatedGame& g = *ig.game;
    for (std::size_t a = 0; a < ig.seats.size(); ++a) {
      std::vector<int> mates;
      for (std::size_t b = 0; b < ig.seats.size(); ++b)
        if (b != a && team_of(g, a) == team_of(g, b)) mates.push_back(ig.seats[b]);
      std::sort(mates.begin(), mates.end());
      const int p = ig.seats[a];
      if (mates.empty()) ps.solo[p] = true;
      if (!ps.partners[p])
        ps.partners[p] = mates;
      else if (*ps.partners[p] != mates)
        ps.varies[p] = true;
    }
  }
  return ps;
}

// Partnerships that never vary: members of such a team cannot be told apart. Returns per
// player whether its own rating is measured, and warns once per fixed team.
std::vector<bool> separable_players(const Pool& pool, RatingTable& table) {
  std::vector<bool> separable(pool.size(), true);
  if (!pool.teams) return separable;
  const Partnerships ps = find_partnerships(pool);
  std::set<std::vector<int>> reported;
  for (int p = 0; p < pool.size(); ++p) {
    if (!ps.partners[p] || ps.partners[p]->empty() || ps.varies[p] || ps.solo[p]) continue;
    std::vector<int> team = *ps.partners[p];
    team.push_back(p);
    std::sort(team.begin(), team.end());
    bool fixed = true;
    for (int q : team) fixed = fixed && !ps.varies[q] && !ps.solo[q];
    if (!fixed) continue;
    for (int q : team) separable[q] = false;
    if (!reported.insert(team).second) continue;
    std::vector<std::string> members;
    for (int q : team) members.push_back(pool.names[q]);
    table.warnings.push_back("partnership never varies: " + join_names(members) +
                             " always played together, so only the sum of their ratings is measured; each "
                             "is shown with an equal share and no interval");
  }
  return separable;
}

// The inverse of the information matrix with the gauge added (docs/ratings.md): Var(r_i − r_j)
// is the same for every generalised inverse. Empty when too large or singular.
struct Covariance {
  int n = 0;
  double gauge = 1;
  std::vector<int> component;       // every player; those without games in parts of their own
  std::vector<int> component_size;  // of those parts
  std::vector<double> inv;
  bool empty() const { return inv.empty(); }
  double operator()(int i, int j) const { return inv[static_cast<std::size_t>(i) * n + j]; }
};

Covariance covariance(const Solution& sol, int n, RatingTable& table) {
  Covariance cov;
  cov.n = n;
  int components = 0;
  cov.component = components_with_singletons(sol.st, components);
  cov.component_size.assign(components, 0);
  for (int i = 0; i < n; ++i) ++cov.component_size[cov.component[i]];
  if (n > kMaxDenseBots) {
    table.warnings.push_back("more than " + std::to_string(kMaxDenseBots) +
                             " bots: Hessian intervals and likelihoods of superiority are not computed");
    return cov;
  }
  std::vector<double> info = information_matrix(sol.model, sol.fit.r);
  cov.gauge = add_gauge(info, n, cov.component, components, sol.model.shift_invariant);
  if (cholesky(info, n)) cov.inv = inverse_from_cholesky(info, n);
  return cov;
}

// Variance of each rating (natural units) relative to the anchor or its part's mean; NaN
// where not measurable.
std::vector<double> rating_variances(const Covariance& cov, const Solution& sol, int anchor,
                                     const std::vector<bool>& separable) {
  const int n = cov.n;
  std::vector<double> var(n, kNaN);
  if (cov.empty()) return var;
  const bool shift = sol.model.shift_invariant;
  for (int i = 0; i < n; ++i) {
    const bool anchored = anchor >= 0 && cov.component[anchor] == cov.component[i] && shift;
    double v = anchored ? cov(i, i) + cov(anchor, anchor) - 2 * cov(i, anchor)
               : shift  ? cov(i, i) - 1.0 / (cov.gauge * cov.component_size[cov.component[i]])
                        : cov(i, i);
    v = std::max(v, 0.0);
    var[i] = (separable[i] && v * kEloPerNatural * kEloPerNatural < 1e8) ? v : kNaN;
  }
  return var;
}

// Sums of one bootstrap replicate's ratings, in the gauge of the table: the anchor, else
// each replicate part re-centred on the original ratings of its members.
struct BootstrapSums {
  std::vector<double> sum, sum2, count;
};

void add_replicate(const Solution& rep, const Solution& sol, int anchor, BootstrapSums& acc) {
  const int n = static_cast<int>(rep.elo.size());
  for (int i = 0; i < n; ++i) {
    if (rep.st.component[i] < 0) continue;
    double e = rep.elo[i];
    if (anchor < 0 || rep.st.component[anchor] != rep.st.component[i]) {
      double orig = 0, now = 0;
      int k = 0;
      for (int j = 0; j < n; ++j)
        if (rep.st.component[j] == rep.st.component[i]) orig += sol.elo[j], now += rep.elo[j], ++k;
      e += (orig - now) / k;
    }
    acc.sum[i] += e;
    acc.sum2[i] += e * e;
    acc.count[i] += 1;
  }
}

// One bootstrap replicate: as many games as the pool rates, each drawn with its weight's share
// (a game of weight w is w games); the games drawn, each with how many times it was drawn.
void draw_replicate(const std::vector<long>& cumulative, std::mt19937_64& rng, std::vector<int>& chosen,
                    std::vector<long>& times) {
  const long total = cumulative.back();
  std::uniform_int_distribution<long> pick(0, total - 1);
  std::vector<long> drawn(cumulative.size(), 0);
  for (long k = 0; k < total; ++k)
    ++drawn[std::upper_bound(cumulative.begin(), cumulative.end(), pick(rng)) - cumulative.begin()];
  chosen.clear();
  times.clear();
  for (std::size_t g = 0; g < drawn.size(); ++g)
    if (drawn[g] > 0) chosen.push_back(static_cast<int>(g)), times.push_back(drawn[g]);
}

// ± of the 95% interval from resampling whole games.
std::vector<double> bootstrap_errors(const Pool& pool, const Solution& sol, int anchor,
                                     const RatingOptions& options) {
  const int n = pool.size();
  std::vector<double> error(n, kNaN);
  if (options.bootstrap <= 0) return error;
  std::mt19937_64 rng(options.seed);
  std::vector<long> cumulative;
  for (const IndexedGame& g : pool.games)
    cumulative.push_back((cumulative.empty() ? 0 : cumulative.back()) + g.game->weight);
  BootstrapSums acc{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0), std::vector<double>(n, 0.0)};
  std::vector<int> chosen;
  std::vector<long> times;
  for (int b = 0; b < options.bootstrap; ++b) {
    draw_replicate(cumulative, rng, chosen, times);
    Solution rep = solve(pool.games, chosen, n, anchor, options.anchor_elo, &times);
    if (anchor >= 0 && rep.st.component[anchor] < 0) continue;
    add_replicate(rep, sol, anchor, acc);
  }
  for (int i = 0; i < n; ++i) {
    if (anchor == i) {
      error[i] = 0;
      continue;
    }
    if (acc.count[i] < 2) continue;
    const double mean = acc.sum[i] / acc.count[i];
    error[i] = ratings_detail::kZ95 *
               std::sqrt(std::max(0.0, (acc.sum2[i] - acc.count[i] * mean * mean) / (acc.count[i] - 1)));
  }
  return error;
}

// Games, score, draws and average place of every bot, straight from the results.
std::vector<RatedBot> count_results(const Pool& pool) {
  const int n = pool.size();
  std::vector<RatedBot> bots(n);
  std::vector<double> score(n, 0.0), drawn(n, 0.0), rank_sum(n, 0.0);
  std::vector<std::pair<int, int>> unit_rank;  // (team, rank) of every side; small, so flat
  for (const auto& ig : pool.games) {
    const RatedGame& g = *ig.game;
    unit_rank.clear();
    for (std::size_t a = 0; a < ig.seats.size(); ++a) {
      const int team = team_of(g, a);
      bool seen = false;
      for (auto& ur : unit_rank) seen = seen || ur.first == team;
      if (!seen) unit_rank.emplace_back(team, g.ranks[a]);
    }
    for (std::size_t a = 0; a < ig.seats.size(); ++a) {
      const int p = ig.seats[a], mine = team_of(g, a);
      double beaten = 0, opponents = 0;
      bool tie = false;
      int ahead = 0;  // place among the sides: 1 + sides strictly ahead
      for (auto [u, r] : unit_rank) {
        ahead += r < g.ranks[a] ? 1 : 0;
        if (u == mine) continue;
        opponents += 1;
        if (r > g.ranks[a]) beaten += 1;
        if (r == g.ranks[a]) beaten += 0.5, tie = true;
      }
      const double w = static_cast<double>(g.weight);
      bots[p].games += static_cast<int>(g.weight);
      score[p] += w * beaten / opponents;
      drawn[p] += tie ? w : 0;
      rank_sum[p] += w * (1 + ahead);
    }
  }
  for (int i = 0; i < n; ++i) {
    RatedBot& b = bots[i];
    b.name = pool.names[i];
    if (b.games == 0) continue;
    b.score = score[i] / b.games;
    b.draws = drawn[i] / b.games;
    b.average_rank = rank_sum[i] / b.games;
  }
  return bots;
}

// Bots in table order: by part, then by rating; bots without a rated game last.
std::vector<int> table_order(const std::vector<RatedBot>& bots) {
  std::vector<int> order(bots.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (bots[a].component != bots[b].component) return bots[a].component < bots[b].component;
    // NaN must never reach the comparison.
    const bool ra = std::isfinite(bots[a].elo), rb = std::isfinite(bots[b].elo);
    if (ra != rb) return ra;
    return ra && bots[a].elo > bots[b].elo;
  });
  return order;
}

// Likelihood that i is stronger than j, from the normal approximation of r_i − r_j.
double likelihood_of_superiority(const Covariance& cov, const Solution& sol, int i, int j) {
  if (cov.empty() || cov.component[i] != cov.component[j]) return kNaN;
  const double v = cov(i, i) + cov(j, j) - 2 * cov(i, j);
  const double d = sol.fit.r[i] - sol.fit.r[j];
  if (!(v > 0)) return d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
  return ratings_detail::normal_cdf(d / std::sqrt(v));
}

void fill_table(RatingTable& table, std::vector<RatedBot>& bots, const Covariance& cov, const Solution& sol) {
  const int n = static_cast<int>(bots.size());
  const std::vector<int> order = table_order(bots);
  for (int k = 0; k < n; ++k) {
    bots[order[k]].los_next = k + 1 < n ? likelihood_of_superiority(cov, sol, order[k], order[k + 1]) : kNaN;
    table.bots.push_back(bots[order[k]]);
  }
  if (cov.empty() || n > 400) return;
  table.los.assign(n, std::vector<double>(n, kNaN));
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) table.los[a][b] = likelihood_of_superiority(cov, sol, order[a], order[b]);
}

int find_anchor(const Pool& pool, const RatingOptions& options, RatingTable& table) {
  if (!options.anchor) return -1;
  auto it = pool.id.find(*options.anchor);
  if (it == pool.id.end()) throw UserError("anchor " + *options.anchor + " played no rated game");
  table.anchor = *options.anchor;
  table.anchor_elo = options.anchor_elo;
  return it->second;
}

}  // namespace

RatingTable compute_ratings(const std::vector<RatedGame>& input, const RatingOptions& options) {
  RatingTable table;
  const Pool pool = index_games(input);
  const int n = pool.size();
  table.games = static_cast<int>(pool.weight);
  table.multi_seat = pool.multi || pool.teams;
  table.model = table.multi_seat ? "Plackett-Luce" : "Bradley-Terry";
  table.bootstrap = options.bootstrap;
  if (pool.self_play > 0)
    table.warnings.push_back(std::to_string(pool.self_play) +
                             " game(s) of a bot against itself were left out");
  const int anchor = find_anchor(pool, options, table);
  if (pool.games.empty()) {
    table.warnings.push_back("no rated games");
    return table;
  }
  std::vector<int> all(pool.games.size());
  std::iota(all.begin(), all.end(), 0);
  const Solution sol = solve(pool.games, all, n, anchor, options.anchor_elo);
  const PoolStructure& st = sol.st;
  table.iterations = sol.fit.iterations;
  if (!sol.fit.converged) table.warnings.push_back("the fit did not converge; ratings may be inaccurate");
  const std::vector<int> parts = part_order(st, anchor);
  std::vector<int> part_place(st.components);
  for (int k = 0; k < st.components; ++k) part_place[parts[k]] = k;
  warn_disconnected(table, pool, st, parts, anchor);
  warn_fit(table, pool, sol);
  const std::vector<bool> separable = separable_players(pool, table);
  const Covariance cov = covariance(sol, n, table);
  const std::vector<double> var = rating_variances(cov, sol, anchor, separable);
  const std::vector<double> boot_error = bootstrap_errors(pool, sol, anchor, options);

  std::vector<RatedBot> bots = count_results(pool);
  for (int i = 0; i < n; ++i) {
    RatedBot& b = bots[i];
    const bool rated = st.component[i] >= 0;
    b.elo = sol.elo[i];
    b.error = anchor == i        ? 0.0
              : var[i] == var[i] ? ratings_detail::kZ95 * std::sqrt(var[i]) * kEloPerNatural
                                 : kNaN;
    b.bootstrap_error = boot_error[i];
    b.prior = rated && st.needs_prior[st.component[i]];
    b.edge = b.prior ? st.edge[i] : 0;
    b.separable = separable[i];
    b.component = rated ? part_place[st.component[i]] : 0;
  }
  fill_table(table, bots, cov, sol);
  return table;
}

}  // namespace arena
