#include "tournaments/ratings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <unordered_map>

#include "tournaments/ranking_model.h"

namespace arena {

using namespace ratings_detail;

double expected_score(double elo_diff) { return 1.0 / (1.0 + std::pow(10.0, -elo_diff / 400.0)); }

double elo_from_score(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Weight of the virtual draw added between every two opponents when some results are
// one-sided (docs/ratings.md, "Infinite ratings").
constexpr double kPriorDraw = 0.1;
// Dense covariance above this many bots would cost more than the fit itself.
constexpr int kMaxDenseBots = 2500;

struct IndexedGame {
  std::vector<int> seats;  // player id per seat
  const RatedGame* game;
};

int find(std::vector<int>& parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

struct Structure {
  std::vector<int> component;  // per player; -1 if the player has no game
  int components = 0;
  std::vector<int> component_size;
  std::vector<bool> needs_prior;                           // per component: results one-sided somewhere
  std::vector<int> edge;                                   // per player: +1 all wins, -1 all losses
  std::vector<std::uint64_t> opponent_pairs;               // (a<<32|b), a<b, that met as opponents
  std::vector<std::vector<std::string>> one_sided_groups;  // filled by describe
  std::vector<int> scc;                                    // per player
};

// Connected components (any two bots in one game), and within each the strongly
// connected components of "finished at least level with": the maximum-likelihood ratings
// are finite exactly when each component is strongly connected (Zermelo 1929, Ford 1957,
// Hunter 2004 assumption 1).
Structure analyse(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n) {
  Structure st;
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<bool> present(n, false);
  std::vector<std::uint64_t> arcs;  // (winner-or-level << 32 | other)
  // Most pools are small enough for a bit per ordered pair, which spares sorting millions of
  // repeated arcs.
  std::vector<char> seen_arc(n <= 4096 ? static_cast<std::size_t>(n) * n : 0, 0);
  for (int gi : chosen) {
    const IndexedGame& ig = games[gi];
    const RatedGame& g = *ig.game;
    for (std::size_t a = 0; a < ig.seats.size(); ++a) {
      present[ig.seats[a]] = true;
      parent[find(parent, ig.seats[a])] = find(parent, ig.seats[0]);
      for (std::size_t b = 0; b < ig.seats.size(); ++b) {
        if (a == b || team_of(g, a) == team_of(g, b)) continue;
        if (g.ranks[a] > g.ranks[b]) continue;
        if (!seen_arc.empty())
          seen_arc[static_cast<std::size_t>(ig.seats[a]) * n + ig.seats[b]] = 1;
        else
          arcs.push_back((static_cast<std::uint64_t>(ig.seats[a]) << 32) |
                         static_cast<std::uint32_t>(ig.seats[b]));
      }
    }
  }
  if (!seen_arc.empty()) {
    // Read back in key order: no sort needed.
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (seen_arc[static_cast<std::size_t>(a) * n + b])
          arcs.push_back((static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint32_t>(b));
  } else {
    std::sort(arcs.begin(), arcs.end());
    arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
  }
  st.component.assign(n, -1);
  std::map<int, int> root_index;
  std::vector<int> root_of(n, -1);
  for (int i = 0; i < n; ++i) {
    if (!present[i]) continue;
    const int root = find(parent, i);
    auto [it, inserted] = root_index.emplace(root, static_cast<int>(root_index.size()));
    st.component[i] = it->second;
  }
  st.components = static_cast<int>(root_index.size());
  st.component_size.assign(st.components, 0);
  for (int i = 0; i < n; ++i)
    if (st.component[i] >= 0) ++st.component_size[st.component[i]];

  // Adjacency (CSR) forward and backward.
  std::vector<int> out_off(n + 1, 0), in_off(n + 1, 0);
  for (auto a : arcs) ++out_off[(a >> 32) + 1], ++in_off[(a & 0xffffffffu) + 1];
  for (int i = 0; i < n; ++i) out_off[i + 1] += out_off[i], in_off[i + 1] += in_off[i];
  std::vector<int> out(arcs.size()), in(arcs.size());
  {
    std::vector<int> po(out_off.begin(), out_off.end() - 1), pi(in_off.begin(), in_off.end() - 1);
    for (auto a : arcs) {
      const int u = static_cast<int>(a >> 32), v = static_cast<int>(a & 0xffffffffu);
      out[po[u]++] = v;
      in[pi[v]++] = u;
    }
  }
  st.edge.assign(n, 0);
  for (int i = 0; i < n; ++i) {
    if (!present[i]) continue;
    const bool has_out = out_off[i + 1] > out_off[i], has_in = in_off[i + 1] > in_off[i];
    if (has_out && !has_in) st.edge[i] = +1;
    if (has_in && !has_out) st.edge[i] = -1;
  }
  // Kosaraju, iterative: finish order on the forward graph, then sweep the reverse graph.
  std::vector<int> order;
  order.reserve(n);
  std::vector<char> seen(n, 0);
  std::vector<std::pair<int, int>> stack;
  for (int s = 0; s < n; ++s) {
    if (seen[s] || !present[s]) continue;
    seen[s] = 1;
    stack.emplace_back(s, out_off[s]);
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next < out_off[v + 1]) {
        const int w = out[next++];
        if (!seen[w]) {
          seen[w] = 1;
          stack.emplace_back(w, out_off[w]);
        }
      } else {
        order.push_back(v);
        stack.pop_back();
      }
    }
  }
  st.scc.assign(n, -1);
  int sccs = 0;
  std::vector<int> todo;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (st.scc[*it] >= 0) continue;
    todo.push_back(*it);
    st.scc[*it] = sccs;
    while (!todo.empty()) {
      const int v = todo.back();
      todo.pop_back();
      for (int k = in_off[v]; k < in_off[v + 1]; ++k)
        if (st.scc[in[k]] < 0) st.scc[in[k]] = sccs, todo.push_back(in[k]);
    }
    ++sccs;
  }
  st.needs_prior.assign(st.components, false);
  std::vector<int> first_scc(st.components, -1);
  for (int i = 0; i < n; ++i) {
    if (!present[i]) continue;
    const int c = st.component[i];
    if (first_scc[c] < 0)
      first_scc[c] = st.scc[i];
    else if (first_scc[c] != st.scc[i])
      st.needs_prior[c] = true;
  }
  for (auto a : arcs) {
    const int u = static_cast<int>(a >> 32), v = static_cast<int>(a & 0xffffffffu);
    if (u < v || !std::binary_search(arcs.begin(), arcs.end(),
                                     (static_cast<std::uint64_t>(v) << 32) | static_cast<std::uint32_t>(u)))
      st.opponent_pairs.push_back((static_cast<std::uint64_t>(std::min(u, v)) << 32) |
                                  static_cast<std::uint32_t>(std::max(u, v)));
  }
  std::sort(st.opponent_pairs.begin(), st.opponent_pairs.end());
  st.opponent_pairs.erase(std::unique(st.opponent_pairs.begin(), st.opponent_pairs.end()),
                          st.opponent_pairs.end());
  return st;
}

RankingModel build_model(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n,
                         const Structure& st) {
  RankingModelBuilder builder(n);
  for (int gi : chosen) builder.add_game(games[gi].seats, games[gi].game->ranks, games[gi].game->teams);
  for (auto key : st.opponent_pairs) {
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    if (st.needs_prior[st.component[a]]) builder.add_virtual_draw(a, b, kPriorDraw);
  }
  return builder.build();
}

// The fit with the gauge applied: Elo per player (NaN for players without games).
struct Solution {
  Structure st;
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
               double anchor_elo, bool force_prior = false) {
  Solution s;
  s.st = analyse(games, chosen, n);
  if (force_prior) std::fill(s.st.needs_prior.begin(), s.st.needs_prior.end(), true);
  // Players without games get a component of their own so the fit stays well posed.
  std::vector<int> component = s.st.component;
  int components = s.st.components;
  for (int i = 0; i < n; ++i)
    if (component[i] < 0) component[i] = components++;
  s.model = build_model(games, chosen, n, s.st);
  s.fit = fit_ranking_model(s.model, component, components);
  if (!force_prior) {
    bool divergent = !s.fit.converged;
    for (int i = 0; i < n; ++i) divergent = divergent || std::abs(s.fit.r[i]) > kDivergent;
    bool all_prior = std::all_of(s.st.needs_prior.begin(), s.st.needs_prior.end(), [](bool b) { return b; });
    if (divergent && !all_prior) {
      s = solve(games, chosen, n, anchor, anchor_elo, true);
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

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

std::string prior_text() {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", kPriorDraw);
  return buf;
}

}  // namespace

RatingTable compute_ratings(const std::vector<RatedGame>& input, const RatingOptions& options) {
  RatingTable table;
  // Names to ids in order of first appearance.
  std::unordered_map<std::string, int> id;
  std::vector<std::string> names;
  std::vector<IndexedGame> games;
  games.reserve(input.size());
  int self_play = 0;
  bool multi = false, teams = false;
  for (std::size_t gi = 0; gi < input.size(); ++gi) {
    const RatedGame& g = input[gi];
    if (std::string why = validate_rated_game(g); !why.empty())
      throw RatingError("game " + std::to_string(gi + 1) + ": " + why);
    IndexedGame ig{{}, &g};
    ig.seats.reserve(g.players.size());
    for (const auto& p : g.players) {
      // find() first: emplace() would build (allocate) a node for every seat of every game
      // only to throw it away when the name is known, as it nearly always is.
      auto it = id.find(p);
      if (it == id.end()) {
        it = id.emplace(p, static_cast<int>(names.size())).first;
        names.push_back(p);
      }
      ig.seats.push_back(it->second);
    }
    // A bot on two opposing sides says nothing about its strength.
    bool against_itself = false;
    for (std::size_t a = 0; a < ig.seats.size() && !against_itself; ++a)
      for (std::size_t b = a + 1; b < ig.seats.size(); ++b)
        if (ig.seats[a] == ig.seats[b] && team_of(g, a) != team_of(g, b)) against_itself = true;
    if (against_itself) {
      ++self_play;
      continue;
    }
    std::size_t units = g.players.size();
    if (!g.teams.empty()) {
      std::set<int> distinct(g.teams.begin(), g.teams.end());
      units = distinct.size();
    }
    if (units > 2) multi = true;
    if (units < g.players.size()) teams = true;
    games.push_back(std::move(ig));
  }
  const int n = static_cast<int>(names.size());
  table.games = static_cast<int>(games.size());
  table.multi_seat = multi || teams;
  table.model = table.multi_seat ? "Plackett-Luce" : "Bradley-Terry";
  table.bootstrap = options.bootstrap;
  if (self_play > 0)
    table.warnings.push_back(std::to_string(self_play) + " game(s) of a bot against itself were left out");
  int anchor = -1;
  if (options.anchor) {
    auto it = id.find(*options.anchor);
    if (it == id.end()) throw RatingError("anchor " + *options.anchor + " played no rated game");
    anchor = it->second;
    table.anchor = *options.anchor;
    table.anchor_elo = options.anchor_elo;
  }
  if (games.empty()) {
    table.warnings.push_back("no rated games");
    return table;
  }
  std::vector<int> all(games.size());
  std::iota(all.begin(), all.end(), 0);
  Solution sol = solve(games, all, n, anchor, options.anchor_elo);
  const Structure& st = sol.st;
  table.iterations = sol.fit.iterations;
  if (!sol.fit.converged) table.warnings.push_back("the fit did not converge; ratings may be inaccurate");

  // Components ordered: the anchor's first, then by size.
  std::vector<int> comp_order(st.components);
  std::iota(comp_order.begin(), comp_order.end(), 0);
  std::stable_sort(comp_order.begin(), comp_order.end(), [&](int a, int b) {
    const bool aa = anchor >= 0 && st.component[anchor] == a, ab = anchor >= 0 && st.component[anchor] == b;
    if (aa != ab) return aa;
    return st.component_size[a] > st.component_size[b];
  });
  std::vector<int> comp_rank(st.components);
  for (int k = 0; k < st.components; ++k) comp_rank[comp_order[k]] = k;
  if (st.components > 1) {
    std::string parts;
    for (int k = 0; k < st.components; ++k) {
      std::vector<std::string> members;
      for (int i = 0; i < n; ++i)
        if (st.component[i] == comp_order[k]) members.push_back(names[i]);
      parts += "\n  part " + std::to_string(k) + ": " + join_names(members);
    }
    table.warnings.push_back("the pool is not connected: " + std::to_string(st.components) +
                             " parts never met each other; ratings are comparable only within a part (each "
                             "part averages " +
                             std::string(anchor >= 0 ? "0, the anchor's part is anchored" : "0") + ")" +
                             parts);
  }
  if (!sol.model.shift_invariant)
    table.warnings.push_back(
        "some games have teams of different sizes: with a team's strength the sum of its members, the level "
        "of the ratings is then measured by the games, so ratings are shown as fitted (not shifted to the "
        "pool average or an anchor)");
  if (sol.diverged)
    table.warnings.push_back(
        "the results leave some combination of ratings unbounded (e.g. team members whose "
        "mixes always win or always lose), so maximum-likelihood ratings would be infinite; " +
        prior_text() + " virtual draw per pair of opponents was added to every part (ratings marked '~')");
  for (int c = 0; c < st.components && !sol.diverged; ++c) {
    if (!st.needs_prior[c]) continue;
    std::vector<std::string> wins, losses;
    for (int i = 0; i < n; ++i) {
      if (st.component[i] != c) continue;
      if (st.edge[i] > 0) wins.push_back(names[i]);
      if (st.edge[i] < 0) losses.push_back(names[i]);
    }
    std::string msg;
    if (!wins.empty()) msg += "won every game: " + join_names(wins) + "; ";
    if (!losses.empty()) msg += "lost every game: " + join_names(losses) + "; ";
    if (msg.empty()) msg = "some group of bots never lost (or never won) against the rest of its part; ";
    table.warnings.push_back(msg + "maximum-likelihood ratings would be infinite, so " + prior_text() +
                             " virtual draw per pair of opponents was added in that part (ratings marked '~' "
                             "are held finite by it and are only bounds)");
  }

  // Partnerships that never vary: members of such a team cannot be told apart.
  std::vector<bool> separable(n, true);
  if (teams) {
    std::vector<std::optional<std::vector<int>>> partners(n);
    std::vector<bool> varies(n, false), solo(n, false);
    for (const auto& ig : games) {
      const RatedGame& g = *ig.game;
      for (std::size_t a = 0; a < ig.seats.size(); ++a) {
        std::vector<int> mates;
        for (std::size_t b = 0; b < ig.seats.size(); ++b)
          if (b != a && team_of(g, a) == team_of(g, b)) mates.push_back(ig.seats[b]);
        std::sort(mates.begin(), mates.end());
        const int p = ig.seats[a];
        if (mates.empty()) solo[p] = true;
        if (!partners[p])
          partners[p] = mates;
        else if (*partners[p] != mates)
          varies[p] = true;
      }
    }
    std::set<std::vector<int>> reported;
    for (int p = 0; p < n; ++p) {
      if (!partners[p] || partners[p]->empty() || varies[p] || solo[p]) continue;
      std::vector<int> team = *partners[p];
      team.push_back(p);
      std::sort(team.begin(), team.end());
      bool fixed = true;
      for (int q : team) fixed = fixed && !varies[q] && !solo[q];
      if (!fixed) continue;
      for (int q : team) separable[q] = false;
      if (reported.insert(team).second) {
        std::vector<std::string> members;
        for (int q : team) members.push_back(names[q]);
        table.warnings.push_back(
            "partnership never varies: " + join_names(members) +
            " always played together, so only the sum of their ratings is measured; each "
            "is shown with an equal share and no interval");
      }
    }
  }

  // Intervals from the inverse of the information matrix (with the gauge added, see
  // docs/ratings.md): Var(r_i − r_j) is the same for every generalised inverse.
  std::vector<int> component = st.component;
  int components = st.components;
  for (int i = 0; i < n; ++i)
    if (component[i] < 0) component[i] = components++;
  std::vector<double> var(n, kNaN);
  std::vector<double> inv;
  const bool dense = n <= kMaxDenseBots;
  double c = 1;
  if (dense) {
    std::vector<double> info = information_matrix(sol.model, sol.fit.r);
    c = add_gauge(info, n, component, components, sol.model.shift_invariant);
    if (cholesky(info, n)) inv = inverse_from_cholesky(info, n);
  } else {
    table.warnings.push_back("more than " + std::to_string(kMaxDenseBots) +
                             " bots: Hessian intervals and likelihoods of superiority are not computed");
  }
  auto cov = [&](int i, int j) { return inv[static_cast<std::size_t>(i) * n + j]; };
  std::vector<int> comp_size_all(components, 0);
  for (int i = 0; i < n; ++i) ++comp_size_all[component[i]];
  if (!inv.empty()) {
    for (int i = 0; i < n; ++i) {
      const bool anchored = anchor >= 0 && component[anchor] == component[i] && sol.model.shift_invariant;
      double v = anchored                    ? cov(i, i) + cov(anchor, anchor) - 2 * cov(i, anchor)
                 : sol.model.shift_invariant ? cov(i, i) - 1.0 / (c * comp_size_all[component[i]])
                                             : cov(i, i);
      v = std::max(v, 0.0);
      var[i] = (separable[i] && v * kEloPerNatural * kEloPerNatural < 1e8) ? v : kNaN;
    }
  }

  // Bootstrap over whole games.
  std::vector<double> boot_error(n, kNaN);
  if (options.bootstrap > 0) {
    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<int> pick(0, static_cast<int>(games.size()) - 1);
    std::vector<double> sum(n, 0.0), sum2(n, 0.0), count(n, 0.0);
    std::vector<int> chosen(games.size());
    for (int b = 0; b < options.bootstrap; ++b) {
      for (auto& g : chosen) g = pick(rng);
      Solution rep = solve(games, chosen, n, anchor, options.anchor_elo);
      if (anchor >= 0 && rep.st.component[anchor] < 0) continue;
      // Same gauge as the table: the anchor, else the mean of the bots of the
      // replicate's part that holds the same bots as the original.
      for (int i = 0; i < n; ++i) {
        if (rep.st.component[i] < 0) continue;
        double e = rep.elo[i];
        if (anchor < 0 || rep.st.component[anchor] != rep.st.component[i]) {
          // Re-centre each replicate part on the original ratings of its members.
          double orig = 0, now = 0;
          int k = 0;
          for (int j = 0; j < n; ++j)
            if (rep.st.component[j] == rep.st.component[i]) orig += sol.elo[j], now += rep.elo[j], ++k;
          e += (orig - now) / k;
        }
        sum[i] += e;
        sum2[i] += e * e;
        count[i] += 1;
      }
    }
    for (int i = 0; i < n; ++i) {
      if (count[i] < 2 || (anchor == i)) {
        if (anchor == i) boot_error[i] = 0;
        continue;
      }
      const double mean = sum[i] / count[i];
      boot_error[i] =
          1.959963984540054 * std::sqrt(std::max(0.0, (sum2[i] - count[i] * mean * mean) / (count[i] - 1)));
    }
  }

  // Per-bot statistics.
  std::vector<RatedBot> bots(n);
  std::vector<double> score(n, 0.0), drawn(n, 0.0), rank_sum(n, 0.0);
  std::vector<std::pair<int, int>> unit_rank_buffer;
  for (const auto& ig : games) {
    const RatedGame& g = *ig.game;
    // (team, rank) of every unit; small, so a flat vector.
    std::vector<std::pair<int, int>>& unit_rank = unit_rank_buffer;
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
      for (auto [u, r] : unit_rank) {
        if (u == mine) continue;
        opponents += 1;
        if (r > g.ranks[a]) beaten += 1;
        if (r == g.ranks[a]) beaten += 0.5, tie = true;
      }
      ++bots[p].games;
      score[p] += beaten / opponents;
      drawn[p] += tie ? 1 : 0;
      // Place among the units: 1 + number of units strictly ahead.
      int ahead = 0;
      for (auto [u, r] : unit_rank) ahead += r < g.ranks[a] ? 1 : 0;
      rank_sum[p] += 1 + ahead;
    }
  }
  for (int i = 0; i < n; ++i) {
    RatedBot& b = bots[i];
    b.name = names[i];
    b.elo = sol.elo[i];
    b.error = anchor == i        ? 0.0
              : var[i] == var[i] ? 1.959963984540054 * std::sqrt(var[i]) * kEloPerNatural
                                 : kNaN;
    b.bootstrap_error = boot_error[i];
    if (b.games > 0) {
      b.score = score[i] / b.games;
      b.draws = drawn[i] / b.games;
      b.average_rank = rank_sum[i] / b.games;
    }
    b.edge = st.component[i] >= 0 && st.needs_prior[st.component[i]] ? st.edge[i] : 0;
    b.prior = st.component[i] >= 0 && st.needs_prior[st.component[i]];
    b.separable = separable[i];
    b.component = st.component[i] >= 0 ? comp_rank[st.component[i]] : 0;
  }
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (bots[a].component != bots[b].component) return bots[a].component < bots[b].component;
    // Bots without a rated game (NaN) go last; NaN must never reach the comparison.
    const bool ra = std::isfinite(bots[a].elo), rb = std::isfinite(bots[b].elo);
    if (ra != rb) return ra;
    return ra && bots[a].elo > bots[b].elo;
  });
  auto los = [&](int i, int j) {
    if (inv.empty() || component[i] != component[j]) return kNaN;
    const double v = cov(i, i) + cov(j, j) - 2 * cov(i, j);
    const double d = sol.fit.r[i] - sol.fit.r[j];
    if (!(v > 0)) return d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
    return normal_cdf(d / std::sqrt(v));
  };
  for (int k = 0; k < n; ++k) {
    bots[order[k]].los_next = k + 1 < n ? los(order[k], order[k + 1]) : kNaN;
    table.bots.push_back(bots[order[k]]);
  }
  if (!inv.empty() && n <= 400) {
    table.los.assign(n, std::vector<double>(n, kNaN));
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (a != b) table.los[a][b] = los(order[a], order[b]);
  }
  return table;
}

}  // namespace arena
