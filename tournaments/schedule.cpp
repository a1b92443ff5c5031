#include "tournaments/schedule.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "engine/core/random.h"
#include "engine/core/user_error.h"

namespace arena {

const char* format_name(Format f) {
  switch (f) {
    case Format::kGauntlet:
      return "gauntlet";
    case Format::kSwiss:
      return "swiss";
    case Format::kKnockout:
      return "knockout";
    case Format::kAdaptive:
      return "adaptive";
    default:
      return "round-robin";
  }
}

namespace {

using Table = std::vector<int>;

std::vector<Table> rotations(const Table& t) {
  std::vector<Table> out;
  Table r = t;
  for (size_t i = 0; i < t.size(); ++i) {
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    std::rotate(r.begin(), r.begin() + 1, r.end());
  }
  return out;
}

// Who partners whom in an arrangement, independent of seat order within a team.
std::vector<std::vector<int>> partnership(const Table& arrangement, const std::vector<int>& teams) {
  std::map<int, std::vector<int>> groups;
  for (size_t s = 0; s < arrangement.size(); ++s) groups[teams[s]].push_back(arrangement[s]);
  std::vector<std::vector<int>> key;
  for (auto& [team, members] : groups) {
    std::sort(members.begin(), members.end());
    key.push_back(members);
  }
  std::sort(key.begin(), key.end());
  return key;
}

bool has_teams(const std::vector<int>& teams) {
  std::set<int> distinct(teams.begin(), teams.end());
  return !teams.empty() && distinct.size() < teams.size();
}

std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) {
    r = r * (n - k + i) / i;
    if (r > (1ULL << 40)) return r;  // "too many" is all callers need to know
  }
  return r;
}

void combinations(const std::vector<int>& pool, int k, size_t start, Table& current,
                  std::vector<Table>& out) {
  if (static_cast<int>(current.size()) == k) {
    out.push_back(current);
    return;
  }
  for (size_t i = start; i < pool.size(); ++i) {
    current.push_back(pool[i]);
    combinations(pool, k, i + 1, current, out);
    current.pop_back();
  }
}

// Greedy balanced incomplete design: `count` tables of `k` bots drawn from `pool`
// (each table also containing `fixed`, if >= 0), so that every bot plays about equally
// often and every pair meets about equally often. Ties are broken by a seeded order.
std::vector<Table> balanced_tables(const std::vector<int>& pool, int k, int count, int fixed,
                                   std::uint64_t seed, int total_bots) {
  std::vector<int> plays(total_bots, 0);
  std::vector<std::vector<int>> met(total_bots, std::vector<int>(total_bots, 0));
  Rng rng(seed);
  std::vector<Table> out;
  for (int t = 0; t < count; ++t) {
    std::vector<int> order = pool;
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    Table table;
    if (fixed >= 0) table.push_back(fixed);
    while (static_cast<int>(table.size()) < k) {
      int best = -1;
      long best_cost = 0;
      for (int b : order) {
        if (std::find(table.begin(), table.end(), b) != table.end()) continue;
        long meetings = 0;
        for (int c : table) meetings += met[b][c];
        long cost = meetings * 1000 + plays[b];
        if (best < 0 || cost < best_cost) best = b, best_cost = cost;
      }
      table.push_back(best);
    }
    for (int a : table) {
      ++plays[a];
      for (int b : table)
        if (a != b) ++met[a][b];
    }
    std::sort(table.begin(), table.end());
    out.push_back(table);
  }
  return out;
}

// Tables of `k` bots from `pool` (plus `fixed` when >= 0): every combination when there
// are at most `limit`, else a balanced selection of `limit` tables.
std::vector<Table> tables_from(const std::vector<int>& pool, int k, int fixed, int limit, std::uint64_t seed,
                               int total_bots) {
  std::vector<Table> out;
  if (static_cast<int>(pool.size()) < k) {
    // Fewer bots than seats: one table, the bots repeated in turn.
    Table t;
    if (fixed >= 0) t.push_back(fixed);
    for (size_t i = 0; static_cast<int>(t.size()) < k + (fixed >= 0); ++i) t.push_back(pool[i % pool.size()]);
    out.push_back(t);
    return out;
  }
  if (choose(static_cast<int>(pool.size()), k) <= static_cast<std::uint64_t>(limit)) {
    Table current;
    combinations(pool, k, 0, current, out);
    if (fixed >= 0)
      for (auto& t : out) t.insert(t.begin(), fixed);
    return out;
  }
  return balanced_tables(pool, k + (fixed >= 0), limit, fixed, seed, total_bots);
}

int default_table_limit(int bots, int seats) {
  std::uint64_t all = choose(bots, seats);
  if (all <= 100) return static_cast<int>(all);
  // Enough tables for every pair to meet about twice, and every bot to play.
  long pairs_twice = 2L * bots * (bots - 1) / (static_cast<long>(seats) * (seats - 1)) + 1;
  return static_cast<int>(std::max<long>(pairs_twice, (bots + seats - 1) / seats));
}

}  // namespace

std::vector<Table> table_arrangements(const Table& table, const std::vector<int>& teams) {
  if (!has_teams(teams)) return rotations(table);
  // Every distinct partnership, in the order of the permutations that first form it.
  Table perm = table;
  std::sort(perm.begin(), perm.end());
  std::vector<Table> representatives;
  std::set<std::vector<std::vector<int>>> seen;
  do {
    if (seen.insert(partnership(perm, teams)).second) representatives.push_back(perm);
  } while (std::next_permutation(perm.begin(), perm.end()));
  // Keep partnerships while they pair bots not yet partnered, each time the one that pairs
  // the most new: a cover, not all of them (six bots in three teams have 15 partnerships;
  // 5 already pair everyone once).
  auto new_pairs = [&](const Table& rep, const std::set<std::pair<int, int>>& done) {
    std::vector<std::pair<int, int>> fresh;
    for (const auto& group : partnership(rep, teams))
      for (size_t i = 0; i < group.size(); ++i)
        for (size_t j = i + 1; j < group.size(); ++j)
          if (group[i] != group[j] && !done.count({group[i], group[j]}))
            fresh.push_back({group[i], group[j]});
    return fresh;
  };
  std::set<std::pair<int, int>> partnered;
  std::vector<Table> chosen;
  while (true) {
    size_t best = 0, best_count = 0;
    for (size_t r = 0; r < representatives.size(); ++r) {
      size_t n = new_pairs(representatives[r], partnered).size();
      if (n > best_count) best = r, best_count = n;
    }
    if (best_count == 0) break;
    for (const auto& p : new_pairs(representatives[best], partnered)) partnered.insert(p);
    chosen.push_back(representatives[best]);
  }
  if (chosen.empty()) chosen.push_back(representatives.front());
  std::vector<Table> out;
  for (const Table& rep : chosen)
    for (const Table& r : rotations(rep))
      if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  return out;
}

std::vector<ScheduledGame> make_schedule(const ScheduleRequest& req) {
  if (req.bots < 1) throw UserError("a tournament needs at least one bot");
  if (req.seats < 1) throw UserError("a game needs at least one seat");
  if (req.rounds < 1) throw UserError("rounds must be at least 1");
  // The teams come from the game and the staged formats from make_plan: a caller's bug.
  if (!req.teams.empty() && static_cast<int>(req.teams.size()) != req.seats)
    throw std::logic_error("teams must name one team per seat");
  if (req.format == Format::kSwiss || req.format == Format::kKnockout || req.format == Format::kAdaptive)
    throw std::logic_error(
        "Swiss, knockout and adaptive tournaments are paired stage by stage (tournaments/plan.h)");
  std::vector<int> everyone(req.bots);
  std::iota(everyone.begin(), everyone.end(), 0);

  // Which tables (sets of bots) play.
  std::vector<Table> tables;
  if (req.format == Format::kRoundRobin) {
    if (req.bots < 2) throw UserError("a round-robin needs at least two bots");
    int limit = req.max_tables > 0 ? req.max_tables : default_table_limit(req.bots, req.seats);
    tables = tables_from(everyone, req.seats, -1, limit, req.seed, req.bots);
  } else {
    if (req.gauntlet.empty()) throw UserError("a gauntlet needs at least one chosen bot");
    std::set<int> chosen;
    for (int g : req.gauntlet) {
      if (g < 0 || g >= req.bots) throw UserError("gauntlet bot index out of range");
      if (!chosen.insert(g).second) throw UserError("a gauntlet bot is named twice");
    }
    std::vector<int> others;
    for (int b : everyone)
      if (!chosen.count(b)) others.push_back(b);
    if (others.empty()) throw UserError("a gauntlet needs at least one bot that is not chosen");
    int limit = req.max_tables > 0 ? req.max_tables
                                   : default_table_limit(static_cast<int>(others.size()) + 1, req.seats);
    for (int g : req.gauntlet) {
      auto t = tables_from(others, req.seats - 1, g, limit, derive_seed(req.seed, g), req.bots);
      tables.insert(tables.end(), t.begin(), t.end());
    }
  }

  int encounters = std::max(1, req.games_per_encounter);
  std::vector<ScheduledGame> games;
  std::uint64_t seed_index = 0;
  for (int round = 1; round <= req.rounds; ++round) {
    for (size_t t = 0; t < tables.size(); ++t) {
      auto arrangements = table_arrangements(tables[t], req.teams);
      for (int e = 0; e < encounters; ++e) {
        std::uint64_t seed = derive_seed(req.seed, seed_index++);
        int table_number = static_cast<int>(t) * encounters + e + 1;
        for (size_t a = 0; a < arrangements.size(); ++a) {
          ScheduledGame g;
          g.index = static_cast<int>(games.size());
          g.round = std::to_string(round) + "." + std::to_string(table_number) + "." + std::to_string(a + 1);
          g.seat_bots = arrangements[a];
          g.seed = seed;
          games.push_back(std::move(g));
        }
      }
    }
  }
  return games;
}

}  // namespace arena
