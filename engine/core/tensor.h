// The learning view of a game, after OpenSpiel's ObservationTensor and NumDistinctActions: a
// seat's observation as a fixed-size array of floats, and the player's moves as indices of a
// fixed action space with a legal-move mask over it (docs/learning.md has every game's layout).
//
// The hooks live on Game and State (game.h: observation_shape, num_distinct_actions,
// write_observation, action_index, action_move); each game implements them in its own
// *_tensor.cpp. This file holds what every game shares: the writer the games fill their
// tensors with, and the mask, the rewards and the checks the callers (the batch of games in
// bindings/batch/, the Python module) build on. Nothing here allocates once a caller's buffers
// and scratch exist, so a training loop can call it every step.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/game.h"

namespace arena {

// Whether `game` has the learning view (every built-in game has; a game registered from
// outside may not).
bool has_learning_view(const Game& game);
// A UserError naming the game when it has no learning view.
void require_learning_view(const Game& game);
// The number of floats of one observation: the product of observation_shape().
int observation_size(const Game& game);

// mask[i] = 1 where i is the action index of a legal move of the seat to act, 0 elsewhere;
// all 0 at chance nodes and at the end. `mask` holds num_distinct_actions() entries (a
// UserError otherwise); `scratch` receives the legal moves (its capacity is reused).
void write_legal_mask(const State& state, std::span<std::uint8_t> mask, std::vector<Move>& scratch);

// Each seat's reward at the end of a game, from its rank among the teams (results()): the
// number of teams ranked below its team less the number ranked above, over (teams - 1). Two
// sides: +1 a win, -1 a loss, 0 a tie; always in [-1, 1]. Zero before the end. `out` holds
// num_players() entries.
void write_rewards(const State& state, std::span<float> out);

// Fills a game's observation tensor front to back: every game's do_write_observation builds one
// over the caller's buffer. The constructor checks the buffer's size against the game's and
// zeroes it; the blocks then follow one another, so a layout reads in the code in the order the
// docs list it. finish() checks that the game wrote exactly its size (a mistake in the game's
// code, never the caller's).
class TensorWriter {
 public:
  TensorWriter(const Game& game, std::span<float> out, int size);

  // The next `n` floats (zeroed), for a block the game fills itself. Inline, like the calls
  // below: a game's writer takes dozens of blocks per observation, a training loop writes one
  // every step, and inlined the writer's position stays in a register.
  float* take(int n) {
    if (n < 0 || at_ + static_cast<std::size_t>(n) > out_.size()) past_end();
    float* block = out_.data() + at_;
    at_ += static_cast<std::size_t>(n);
    return block;
  }
  // The next float.
  void put(float v) { *take(1) = v; }
  void flag(bool b) { put(b ? 1.0f : 0.0f); }
  // `n` floats, the one at `index` set to 1 (none when index is outside 0..n-1).
  void one_hot(int n, int index) {
    float* block = take(n);
    if (index >= 0 && index < n) block[index] = 1.0f;
  }
  void finish() const {
    if (at_ != out_.size()) short_of_size();
  }

 private:
  [[noreturn]] static void past_end();
  [[noreturn]] static void short_of_size();

  std::span<float> out_;
  std::size_t at_ = 0;
};

}  // namespace arena
