// Helpers for the rating tests: game builders and an independent, brute-force
// maximiser of the Plackett–Luce likelihood written straight from its definition.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "ratings/rated_game.h"

namespace arena::test {

inline RatedGame duel(const std::string& a, const std::string& b, double score_a) {
  RatedGame g;
  g.players = {a, b};
  g.ranks = score_a > 0.75   ? std::vector<int>{1, 2}
            : score_a < 0.25 ? std::vector<int>{2, 1}
                             : std::vector<int>{1, 1};
  return g;
}

inline void add_duels(std::vector<RatedGame>& games, const std::string& a, const std::string& b, int wins,
                      int draws, int losses) {
  for (int i = 0; i < wins; ++i) games.push_back(duel(a, b, 1));
  for (int i = 0; i < draws; ++i) games.push_back(duel(a, b, 0.5));
  for (int i = 0; i < losses; ++i) games.push_back(duel(a, b, 0));
}

// log-likelihood of one game: the average, over every order of the tied units, of the
// Plackett–Luce log-probability of that order (units = teams, strength = sum).
inline double brute_game_loglik(const RatedGame& g, const std::map<std::string, double>& r) {
  std::map<int, double> strength;
  std::map<int, int> rank;
  for (std::size_t s = 0; s < g.players.size(); ++s) {
    const int t = g.teams.empty() ? static_cast<int>(s) : g.teams[s];
    strength[t] += r.at(g.players[s]);
    rank[t] = g.ranks[s];
  }
  std::vector<int> units;
  for (auto& [t, v] : strength) units.push_back(t);
  std::sort(units.begin(), units.end());
  double total = 0;
  int orders = 0;
  do {
    bool consistent = true;
    for (std::size_t k = 0; k + 1 < units.size(); ++k)
      consistent = consistent && rank[units[k]] <= rank[units[k + 1]];
    if (!consistent) continue;
    double lp = 0;
    for (std::size_t k = 0; k < units.size(); ++k) {
      double z = 0;
      for (std::size_t j = k; j < units.size(); ++j) z += std::exp(strength[units[j]]);
      lp += strength[units[k]] - std::log(z);
    }
    total += lp;
    ++orders;
  } while (std::next_permutation(units.begin(), units.end()));
  return total / orders;
}

// Maximises Σ brute_game_loglik by plain gradient ascent with numerical derivatives;
// returns Elo with the given bot fixed at 0 (or average 0 when anchor is empty).
inline std::map<std::string, double> brute_force_elo(const std::vector<RatedGame>& games) {
  std::vector<std::string> names;
  for (const auto& g : games)
    for (const auto& p : g.players)
      if (std::find(names.begin(), names.end(), p) == names.end()) names.push_back(p);
  std::map<std::string, double> r;
  for (const auto& n : names) r[n] = 0;
  auto f = [&](const std::map<std::string, double>& x) {
    double s = 0;
    for (const auto& g : games) s += brute_game_loglik(g, x);
    return s;
  };
  double step = 0.5;
  double fx = f(r);
  for (int it = 0; it < 20000 && step > 1e-12; ++it) {
    std::map<std::string, double> grad;
    for (const auto& n : names) {
      auto hi = r, lo = r;
      hi[n] += 1e-6;
      lo[n] -= 1e-6;
      grad[n] = (f(hi) - f(lo)) / 2e-6;
    }
    auto trial = r;
    for (const auto& n : names) trial[n] += step * grad[n];
    double ft = f(trial);
    if (ft > fx) {
      r = trial;
      fx = ft;
      step *= 1.2;
    } else {
      step *= 0.5;
    }
  }
  double mean = 0;
  for (auto& [n, v] : r) mean += v / names.size();
  for (auto& [n, v] : r) v = (v - mean) * 400.0 / std::log(10.0);
  return r;
}

}  // namespace arena::test
