// A batch of N games of one spec, stepped together from an array of actions: the engine's side
// of a training loop (docs/learning.md, "The batch"). Each game is one row of the caller's
// arrays; a step applies each row's action for the seat to act, resolves chance with the row's
// own seeded generator, starts a new game where one ended, and writes every row's observation,
// legal-move mask, rewards, done flag and seat. Rows are independent, so they may be stepped on
// several threads (worker_pool.h) with the same result as on one.
//
// Several seats share one row: the row always shows the seat to act (its observation and mask),
// and `seats` says which. Rewards are per seat (rewards[row * players + seat - 1]), zero except
// on the step that ended the row's game, when they are write_rewards' (engine/core/tensor.h) and
// `dones` is 1; the row then already holds the first decision of the next game (the final
// position is not shown: nothing is left to decide in it).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "bindings/batch/worker_pool.h"
#include "engine/core/game.h"
#include "engine/core/random.h"

namespace arena {

// The caller's arrays, one row per game, row-major (e.g. NumPy arrays in C order).
struct BatchBuffers {
  std::span<float> observations;  // games x observation_size(game)
  std::span<std::uint8_t> masks;  // games x num_distinct_actions()
  std::span<float> rewards;       // games x players
  std::span<std::uint8_t> dones;  // games
  std::span<std::int32_t> seats;  // games: the seat (1..N) the row shows
};

class GameBatch {
 public:
  // `games` games of `game`, chance and sample_actions drawn from generators seeded from `seed`
  // and the row's number (so a row plays the same whatever the thread count), stepped on
  // `threads` threads (1: the caller's alone). UserError for a game without a learning view or
  // counts below 1.
  GameBatch(std::shared_ptr<const Game> game, int games, std::uint64_t seed, int threads = 1);

  const Game& game() const { return *game_; }
  int size() const { return static_cast<int>(rows_.size()); }
  int observation_size() const { return observation_size_; }
  int num_actions() const { return num_actions_; }
  int players() const { return game_->num_players(); }
  int threads() const { return pool_.threads(); }
  // Games ended in every row since the batch was made.
  std::int64_t finished_games() const;
  // Actions applied in every row since the batch was made, chance outcomes included.
  std::int64_t actions_played() const;

  // The arrays every later call writes; a UserError names one of the wrong size. The batch
  // clears only the mask entries it set, so the caller reads them and writes nothing there.
  void bind(const BatchBuffers& buffers);
  // A new game in every row (the first decision written). Needs bound arrays.
  void reset();
  // Plays actions[row] (an action index legal in that row) in every row. A UserError names the
  // first row whose action is not legal there, before any row moves.
  void step(std::span<const std::int32_t> actions);
  // A uniformly random legal action of every row into `out` (from the rows' own generators).
  void sample_actions(std::span<std::int32_t> out);
  // The game a row is playing, at its current decision.
  const State& state(int row) const { return *rows_[row].state; }

 private:
  struct Row {
    std::unique_ptr<State> state;
    Rng chance, policy;
    std::vector<Move> legal;   // the legal moves at the row's decision...
    std::vector<int> indices;  // ...and their action indices (the mask's entries set)
    int chosen = 0;            // this step's move, an index into `legal`
    std::int64_t finished = 0, actions = 0;
  };

  void require_bound() const;
  // Plays chance outcomes until a seat is to act or the game is over; returns current_player().
  int resolve_chance(Row& row);
  void advance_rows(int begin, int end);
  void start_rows(int begin, int end);
  // Resolves chance, ends and restarts the game if it is over (rewards, done), writes the row.
  void settle(int row);
  void write_row(int row, int seat);
  // Masks up to this many entries are cleared whole at each step.
  static constexpr int kClearWhole = 4096;

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> initial_;
  int observation_size_;
  int num_actions_;
  std::vector<Row> rows_;
  BatchBuffers buffers_;
  bool bound_ = false;
  WorkerPool pool_;
};

}  // namespace arena
