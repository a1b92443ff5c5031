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

  int limit() const { return limit_; }
  int flush_points() const { return flush_points_; }
  int bonus() const { return bonus_; }
  // Deals (void ones included) after which the game stops and players rank by total.
  int max_rounds() const { return max_rounds_; }

 private:
  int players_, limit_, flush_points_, bonus_, max_rounds_;
};

}  // namespace arena::flush
