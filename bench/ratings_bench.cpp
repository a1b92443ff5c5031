// Rating speed on large synthetic pools: prints Markdown table rows.
//   | ratings ... | X s | target | met |
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "ratings/ratings.h"

using namespace arena;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<RatedGame> two_seat_pool(int bots, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> strength(0, 200);
  std::vector<double> truth(bots);
  for (auto& v : truth) v = strength(rng);
  std::uniform_int_distribution<int> pick(0, bots - 1);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<std::string> names;
  for (int i = 0; i < bots; ++i) names.push_back("bot" + std::to_string(i));
  std::vector<RatedGame> out;
  out.reserve(games);
  while (static_cast<int>(out.size()) < games) {
    const int a = pick(rng), b = pick(rng);
    if (a == b) continue;
    const double p = expected_score(truth[a] - truth[b]), x = u(rng);
    RatedGame g;
    g.players = {names[a], names[b]};
    g.ranks = x < 0.8 * p         ? std::vector<int>{1, 2}
              : x < 0.8 * p + 0.2 ? std::vector<int>{1, 1}
                                  : std::vector<int>{2, 1};
    out.push_back(std::move(g));
  }
  return out;
}

std::vector<RatedGame> six_seat_pool(int bots, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> strength(0, 150), noise(0, 200);
  std::vector<double> truth(bots);
  for (auto& v : truth) v = strength(rng);
  std::vector<std::string> names;
  for (int i = 0; i < bots; ++i) names.push_back("bot" + std::to_string(i));
  std::vector<int> ids(bots);
  for (int i = 0; i < bots; ++i) ids[i] = i;
  std::vector<RatedGame> out;
  out.reserve(games);
  for (int k = 0; k < games; ++k) {
    std::shuffle(ids.begin(), ids.end(), rng);
    std::vector<std::pair<double, int>> perf;
    for (int s = 0; s < 6; ++s) perf.emplace_back(-(truth[ids[s]] + noise(rng)), s);
    std::sort(perf.begin(), perf.end());
    RatedGame g;
    g.ranks.assign(6, 0);
    for (int s = 0; s < 6; ++s) g.players.push_back(names[ids[s]]);
    for (int place = 0; place < 6; ++place) g.ranks[perf[place].second] = place + 1;
    if (k % 10 == 0) g.ranks[perf[5].second] = g.ranks[perf[4].second];  // some ties for last place
    out.push_back(std::move(g));
  }
  return out;
}

// `target_s` > 0: the target for this row.
void row(const char* what, const std::vector<RatedGame>& games, double target_s = 0,
         const RatingOptions& options = {}) {
  const auto start = std::chrono::steady_clock::now();
  RatingTable t = compute_ratings(games, options);
  const double s = seconds_since(start);
  char target[32] = "", met[8] = "";
  if (target_s > 0) {
    std::snprintf(target, sizeof target, "≤ %.0f s", target_s);
    std::snprintf(met, sizeof met, "%s", s <= target_s ? "yes" : "no");
  }
  std::printf("| ratings %s (%zu bots, %d iterations) | %.3f s | %s | %s |\n", what, t.bots.size(),
              t.iterations, s, target, met);
  std::fflush(stdout);
}

}  // namespace

int main() {
  row("Bradley-Terry 100 bots, 100,000 games", two_seat_pool(100, 100000, 1));
  row("Bradley-Terry 1,000 bots, 1,000,000 games", two_seat_pool(1000, 1000000, 2), 2);
  row("Plackett-Luce 12 bots, 100,000 six-seat games", six_seat_pool(12, 100000, 3), 2);
  row("Plackett-Luce 200 bots, 100,000 six-seat games", six_seat_pool(200, 100000, 4), 2);
  RatingOptions boot;
  boot.bootstrap = 100;
  row("Bradley-Terry 50 bots, 20,000 games, bootstrap 100", two_seat_pool(50, 20000, 5), 0, boot);
  return 0;
}
