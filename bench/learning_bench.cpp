// Random self-play, player actions per second on one core (issue 40, "Fast"): the engine
// in-process (a state, its legal moves, a random one applied; chance resolved, not counted) and
// the batch of games (bindings/batch/game_batch.h: 64 rows, a random legal action per row and a
// step that writes every row's observation, mask, rewards and done flag). bench/learning_speed.py
// runs this beside the Python rows and prints the table of docs/performance.md.
//   learning_bench [SECONDS per measurement, default 2] [SPEC...]   (default: every game's defaults)
// Prints one line per spec: "SPEC ENGINE_ACTIONS_PER_S BATCH_ACTIONS_PER_S", actions counted as
// bench/python_bench.py counts them (chance included). The machine is shared: time is this
// thread's CPU time (per core, whatever else runs), and each figure is the best of 3 rounds, the
// two measured in turn in every round.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "bindings/batch/game_batch.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/tensor.h"

using namespace arena;
namespace {

// This thread's CPU time in seconds.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double engine_rate(const Game& game, double budget) {
  Rng rng(1);
  std::vector<Move> legal;
  auto state = game.new_initial_state();
  long actions = 0;
  const double start = cpu_seconds();
  while (cpu_seconds() - start < budget) {
    for (int i = 0; i < 1000; ++i) {
      if (state->is_terminal()) state = game.new_initial_state();
      state->apply(random_action(*state, rng, legal));
      ++actions;
    }
  }
  return actions / (cpu_seconds() - start);
}

double batch_rate(std::shared_ptr<const Game> game, double budget) {
  GameBatch batch(game, 64, 1, 1);
  std::vector<float> observations(static_cast<std::size_t>(batch.size()) * batch.observation_size());
  std::vector<std::uint8_t> masks(static_cast<std::size_t>(batch.size()) * batch.num_actions()),
      dones(batch.size());
  std::vector<float> rewards(static_cast<std::size_t>(batch.size()) * batch.players());
  std::vector<std::int32_t> seats(batch.size()), actions(batch.size());
  batch.bind({observations, masks, rewards, dones, seats});
  batch.reset();
  const std::int64_t before = batch.actions_played();
  const double start = cpu_seconds();
  while (cpu_seconds() - start < budget) {
    for (int i = 0; i < 20; ++i) {
      batch.sample_actions(actions);
      batch.step(actions);
    }
  }
  return (batch.actions_played() - before) / (cpu_seconds() - start);
}

}  // namespace

int main(int argc, char** argv) {
  const double budget = argc > 1 ? std::atof(argv[1]) : 2.0;
  std::vector<std::string> specs(argv + std::min(argc, 2), argv + argc);
  // By default every registered game with its default parameters (issue 40's specs).
  if (specs.empty())
    for (const GameEntry* entry : all_games()) specs.push_back(entry->info.id);
  for (const std::string& spec : specs) {
    std::shared_ptr<const Game> game = make_game(spec);
    double engine = 0, batch = 0;
    for (int round = 0; round < 3; ++round) {
      engine = std::max(engine, engine_rate(*game, budget / 3));
      batch = std::max(batch, batch_rate(game, budget / 3));
    }
    std::printf("%s %.0f %.0f\n", spec.c_str(), engine, batch);
    std::fflush(stdout);
  }
}
