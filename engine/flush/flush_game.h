// The Flush game object: parameters and caps.
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/core/registry.h"

namespace arena::flush {

// Plays in a row without a Flush after which the round is void and dealt again.
inline constexpr int kStalematePlays = 100;

class FlushGame : public Game {
 public:
  FlushGame(const GameInfo& info, Params params);
  int num_players() const override { return players_; }
  std::unique_ptr<State> new_initial_state() const override;
  int max_game_length() const override;
  bool hidden_information() const override { return true; }
  // A Blind flip, adding after it, a pick-up (docs/check-bot.md).
  const std::vector<RareSituation>& rare_situations() const override;
  // Round by round: the views read, the hidden hands drawn within what they allow, the
  // round replayed and checked (engine/flush/flush_sample.cpp).
  std::unique_ptr<State> sample_state(int seat, std::span<const SeenAction> seen, Rng& rng) const override;

  int limit() const { return limit_; }
  int flush_points() const { return flush_points_; }
  int bonus() const { return bonus_; }
  // Deals (void ones included) after which the game stops and players rank by total.
  int max_rounds() const { return max_rounds_; }
  // The learning view (flush_tensor.cpp, docs/learning.md).
  std::vector<int> observation_shape() const override;
  int num_distinct_actions() const override;

 private:
  int players_, limit_, flush_points_, bonus_, max_rounds_;
};

}  // namespace arena::flush
