// Flows legal-move generation: the time to list every legal placement of the drawn tile,
// over the placement decisions of random games. Besides Google Benchmark's mean it
// reports the median, 99th percentile and worst position (microseconds).
//   build/bin/flows_bench [--games=N]   (N random games per player count, default 40)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/flows/flows_state.h"

using namespace arena;
using namespace arena::flows;

namespace {

int g_games = 40;
double g_dump_ms = 0;  // --dump-slow=MS: print positions slower than MS with their legal moves

struct Position {
  Board board;
  int tile;
};

struct Sample {
  std::vector<Position> positions;
  std::uint8_t axes = 0;
  Legality legality = Legality::kDistinct;
};

Sample collect(const std::string& spec, int games) {
  auto game = make_game(spec);
  const auto& fg = static_cast<const FlowsGame&>(*game);
  Sample sample;
  sample.axes = fg.seating().axes;
  sample.legality = fg.legality();
  std::vector<Move> scratch;
  for (int g = 0; g < games; ++g) {
    Rng rng(derive_seed(2026, static_cast<std::uint64_t>(g)));
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      const auto& fs = static_cast<const FlowsState&>(*state);
      if (!state->is_chance()) sample.positions.push_back({fs.board(), fs.drawn_tile()});
      state->apply(random_action(*state, rng, scratch));
    }
  }
  return sample;
}

void bench_legal_moves(benchmark::State& state, const std::string& spec) {
  Sample sample = collect(spec, g_games);
  RouteSolver solver;
  std::vector<std::int32_t> moves;
  std::vector<double> micros;
  long total_moves = 0;
  for (auto _ : state) {
    micros.clear();
    for (const Position& p : sample.positions) {
      auto t0 = std::chrono::steady_clock::now();
      solver.legal_placements(p.board, sample.axes, sample.legality, p.tile, moves);
      auto t1 = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(moves.data());
      total_moves += static_cast<long>(moves.size());
      micros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      if (g_dump_ms > 0 && micros.back() > g_dump_ms * 1000) {
        std::printf("slow %s %.0fms tile=%d board={", spec.c_str(), micros.back() / 1000, p.tile);
        for (int c = 0; c < kCells; ++c) std::printf("%s%d", c ? "," : "", p.board.pairing[c]);
        std::printf("} moves={");
        for (std::size_t i = 0; i < moves.size(); ++i) std::printf("%s%d", i ? "," : "", moves[i]);
        std::printf("}\n");
        std::fflush(stdout);
      }
    }
  }
  std::sort(micros.begin(), micros.end());
  auto pct = [&](double q) {
    return micros[static_cast<size_t>(q * static_cast<double>(micros.size() - 1))];
  };
  state.counters["positions"] = static_cast<double>(micros.size());
  state.counters["median_us"] = pct(0.5);
  state.counters["p99_us"] = pct(0.99);
  state.counters["worst_us"] = micros.back();
  state.counters["moves_avg"] = static_cast<double>(total_moves) / static_cast<double>(micros.size()) /
                                static_cast<double>(state.iterations());
  const auto& st = solver.stats();
  state.counters["exact_searches"] = static_cast<double>(st.exact_searches);
  state.counters["sat_calls"] = static_cast<double>(st.sat_calls);
  state.counters["cut_refuted"] = static_cast<double>(st.cut_refutations);
  state.counters["search_s"] = st.search_seconds;
  state.counters["sat_s"] = st.sat_seconds;
  state.counters["sweeps"] = static_cast<double>(st.sweeps);
  state.counters["sweep_over"] = static_cast<double>(st.sweep_overflows);
  state.counters["sweep_s"] = st.sweep_seconds;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--games=", 8) == 0) {
      g_games = std::max(1, std::atoi(argv[i] + 8));
      continue;
    }
    if (std::strncmp(argv[i], "--dump-slow=", 12) == 0) {
      g_dump_ms = std::atof(argv[i] + 12);
      continue;
    }
    args.push_back(argv[i]);
  }
  for (const char* spec : {"flows:players=2", "flows:players=3", "flows:players=4", "flows:players=5",
                           "flows:players=6", "flows:players=2,legality=independent"})
    benchmark::RegisterBenchmark((std::string("legal_moves/") + spec).c_str(), bench_legal_moves,
                                 std::string(spec))
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
