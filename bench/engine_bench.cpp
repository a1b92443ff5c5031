// Engine benchmarks for every registered game at its main sizes and player counts:
// random playouts per second, legal-move generation time (median, p99, max over
// positions from random games) and perft nodes per second. Prints Markdown table rows.
//   engine_bench [SECONDS per measurement, default 1] [SPEC-PREFIX...]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"

using namespace arena;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct Row {
  std::string spec;
  double playouts_per_s = 0, actions_per_playout = 0;
  double legal_median_us = 0, legal_p99_us = 0, legal_max_us = 0;
  long legal_positions = 0;
  double perft_nps = 0;
  int perft_depth = 0;
};

Row measure(const std::string& spec, double budget_s) {
  Row row;
  auto game = make_game(spec);
  row.spec = game->spec();
  std::vector<Move> scratch;

  // Playouts: whole random games, chance included.
  auto start = Clock::now();
  long games = 0, actions = 0;
  Rng rng(1);
  auto state = game->new_initial_state();
  while (seconds_since(start) < budget_s || games == 0) {
    state->assign(*game->new_initial_state());
    int n = 0;
    while (!state->is_terminal() && n < game->max_game_length()) {
      state->apply(random_action(*state, rng, scratch));
      ++n;
    }
    actions += n;
    ++games;
  }
  double elapsed = seconds_since(start);
  row.playouts_per_s = games / elapsed;
  row.actions_per_playout = static_cast<double>(actions) / games;

  // Legal-move generation at player decisions of random games.
  std::vector<double> times;
  start = Clock::now();
  Rng rng2(2);
  while (seconds_since(start) < budget_s || times.size() < 10) {
    auto s = game->new_initial_state();
    int n = 0;
    while (!s->is_terminal() && n++ < game->max_game_length()) {
      if (!s->is_chance()) {
        auto t0 = Clock::now();
        s->legal_moves(scratch);
        times.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
      }
      s->apply(random_action(*s, rng2, scratch));
    }
    if (times.size() > 200000) break;
  }
  std::sort(times.begin(), times.end());
  row.legal_positions = static_cast<long>(times.size());
  if (!times.empty()) {
    row.legal_median_us = times[times.size() / 2];
    row.legal_p99_us = times[std::min(times.size() - 1, times.size() * 99 / 100)];
    row.legal_max_us = times.back();
  }

  // Perft: deepen until one run takes a noticeable time.
  auto root = game->new_initial_state();
  for (int depth = 1; depth <= 12; ++depth) {
    auto t0 = Clock::now();
    std::uint64_t nodes = perft(*root, depth);
    double dt = seconds_since(t0);
    row.perft_depth = depth;
    row.perft_nps = dt > 0 ? nodes / dt : 0;
    if (dt > budget_s / 2 || nodes == 0) break;
  }
  return row;
}

// The specs measured for one game: every player count, at the defaults; a board size also
// 2 smaller and 4 larger (parity kept, the costs grow with the board), within its range.
std::vector<std::string> specs_of(const GameInfo& info) {
  std::vector<std::string> sizes = {""};
  for (const ParamSpec& p : info.params) {
    if (p.name != "size" || p.kind != ParamSpec::Kind::kInt) continue;
    const long def = std::stol(p.default_value);
    sizes.clear();
    for (long s : {def - 2, def, def + 4})
      if (s >= p.min && s <= p.max) sizes.push_back("size=" + std::to_string(s));
  }
  std::vector<std::string> specs;
  for (int n = info.min_players; n <= info.max_players; ++n) {
    const std::string players = info.min_players == info.max_players ? "" : "players=" + std::to_string(n);
    for (const std::string& size : sizes) {
      const std::string params = players + (!players.empty() && !size.empty() ? "," : "") + size;
      specs.push_back(params.empty() ? info.id : info.id + ":" + params);
    }
  }
  return specs;
}

}  // namespace

int main(int argc, char** argv) {
  double budget = argc > 1 ? std::atof(argv[1]) : 1.0;
  std::vector<std::string> only(argv + std::min(argc, 2), argv + argc);  // spec prefixes; none: all
  for (const GameEntry* g : all_games()) {
    const std::vector<std::string> specs = specs_of(g->info);
    for (const auto& spec : specs) {
      if (!only.empty() &&
          std::none_of(only.begin(), only.end(), [&](const std::string& p) { return spec.rfind(p, 0) == 0; }))
        continue;
      Row r = measure(spec, budget);
      // | measurement | value | target | met |  (the engines have no targets but Flows')
      std::printf("| engine %s: random playouts | %.0f playouts/s (%.0f actions each) | | |\n",
                  r.spec.c_str(), r.playouts_per_s, r.actions_per_playout);
      std::printf(
          "| engine %s: legal-move generation over %ld positions | median %.2f µs, p99 %.2f µs, max %.1f µs "
          "| | |\n",
          r.spec.c_str(), r.legal_positions, r.legal_median_us, r.legal_p99_us, r.legal_max_us);
      std::printf("| engine %s: perft depth %d | %.3g nodes/s | | |\n", r.spec.c_str(), r.perft_depth,
                  r.perft_nps);
      std::fflush(stdout);
    }
  }
}
