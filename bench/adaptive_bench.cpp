// Adaptive against round-robin (issue 21, docs/tournaments.md "Adaptive"): how many games it
// takes to recover the true order of the top 10 of 100 synthetic bots at 95% confidence.
// Strengths are normal quantiles (sd 250 Elo: the top ten 12 to 81 Elo apart); each game's
// result is drawn from the Bradley–Terry model. Both formats stop on the same rule, judged
// on the same maximum-likelihood fit (ratings/): every adjacent pair of places 1..11 has a
// likelihood of superiority of at least 95%. Round-robin plays rounds of the circle method
// (every pair twice, seats swapped, per cycle) and is checked every 10 rounds.
// Usage: adaptive_bench [--bots 100] [--top 10] [--runs 3] [--batch 50] [--sd 250]
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/table_row.h"
#include "engine/core/random.h"
#include "ratings/ratings.h"
#include "tournaments/adaptive.h"

using namespace arena;

namespace {

struct Setup {
  int bots = 100, top = 10, runs = 3, batch = 50;
  double sd = 250;
};

double normal_quantile(double p) {  // by bisection on the CDF: plenty for a bench
  double lo = -10, hi = 10;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("b" + std::to_string(i));
  return out;
}

RatedGame duel(const std::vector<std::string>& who, const std::vector<double>& elo, int a, int b, Rng& rng) {
  const bool a_wins = rng.unit() < 1 / (1 + std::pow(10.0, (elo[b] - elo[a]) / 400));
  return {{who[a], who[b]}, {a_wins ? 1 : 2, a_wins ? 2 : 1}, {}, {}};
}

// True when places 1..top+1 of the fit are the true order, each adjacent pair at >= 95% LOS.
bool top_known(const std::vector<RatedGame>& games, int top, bool* correct) {
  const RatingTable t = compute_ratings(games);
  bool separated = true;
  *correct = true;
  for (int i = 0; i <= top && i + 1 < static_cast<int>(t.bots.size()); ++i) {
    if (i < top) separated = separated && t.los[i][i + 1] >= 0.95;
    *correct = *correct && t.bots[i].name == "b" + std::to_string(i);
  }
  return separated;
}

long adaptive_games(const Setup& s, const std::vector<double>& elo, std::uint64_t seed, bool* correct) {
  AdaptiveParams p;
  p.batch_tables = s.batch;
  p.top = s.top;
  p.max_games = 5'000'000;
  const auto who = names(s.bots);
  Adaptive plan(who, 2, 2, p, seed);
  Rng rng(derive_seed(seed, 1));
  for (auto tables = plan.next_stage(); !tables.empty(); tables = plan.next_stage()) {
    std::vector<RatedGame> games;
    for (const StageTable& t : tables) {
      games.push_back(duel(who, elo, t.bots[0], t.bots[1], rng));
      games.push_back(duel(who, elo, t.bots[1], t.bots[0], rng));
    }
    plan.games(games);
    plan.results({});
  }
  *correct = plan.stopped() == AdaptiveStop::kSeparated;
  for (int i = 0; i <= s.top && *correct; ++i) *correct = plan.order()[i] == i;
  return plan.games_played();
}

long round_robin_games(const Setup& s, const std::vector<double>& elo, std::uint64_t seed, bool* correct) {
  const auto who = names(s.bots);
  Rng rng(derive_seed(seed, 2));
  std::vector<RatedGame> games;
  std::vector<int> ring(s.bots);
  for (int i = 0; i < s.bots; ++i) ring[i] = i;
  for (long round = 1;; ++round) {  // circle method: bot 0 fixed, the rest rotate
    for (int i = 0; i < s.bots / 2; ++i) {
      const int a = ring[i], b = ring[s.bots - 1 - i];
      games.push_back(duel(who, elo, a, b, rng));
      games.push_back(duel(who, elo, b, a, rng));
    }
    std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());
    if (round % 10 == 0 && top_known(games, s.top, correct)) return static_cast<long>(games.size());
    if (games.size() > 20'000'000) return -1;
  }
}

Setup parse(int argc, char** argv) {
  Setup s;
  for (int i = 1; i + 1 < argc; i += 2) {
    const double v = std::atof(argv[i + 1]);
    if (!std::strcmp(argv[i], "--bots"))
      s.bots = static_cast<int>(v);
    else if (!std::strcmp(argv[i], "--top"))
      s.top = static_cast<int>(v);
    else if (!std::strcmp(argv[i], "--runs"))
      s.runs = static_cast<int>(v);
    else if (!std::strcmp(argv[i], "--batch"))
      s.batch = static_cast<int>(v);
    else if (!std::strcmp(argv[i], "--sd"))
      s.sd = v;
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const Setup s = parse(argc, argv);
  std::vector<double> elo(s.bots);
  for (int i = 0; i < s.bots; ++i) elo[i] = s.sd * normal_quantile((s.bots - i - 0.5) / s.bots);
  std::vector<double> ratios;
  for (int run = 0; run < s.runs; ++run) {
    bool ok_a = false, ok_r = false;
    const long a = adaptive_games(s, elo, 100 + run, &ok_a);
    const long r = round_robin_games(s, elo, 100 + run, &ok_r);
    std::printf("run %d: adaptive %ld games (order %s), round-robin %ld games (order %s), ratio %.2f\n",
                run + 1, a, ok_a ? "right" : "WRONG", r, ok_r ? "right" : "WRONG",
                static_cast<double>(r) / a);
    ratios.push_back(static_cast<double>(r) / a);
  }
  std::sort(ratios.begin(), ratios.end());
  const double median = ratios[ratios.size() / 2];
  bench::row("adaptive: games to order the top " + std::to_string(s.top) + " of " + std::to_string(s.bots) +
                 ", round-robin / adaptive (median of " + std::to_string(s.runs) + ")",
             bench::fmt("%.2fx", median), ">= 3x", median >= 3 ? "yes" : "no");
  return 0;
}
