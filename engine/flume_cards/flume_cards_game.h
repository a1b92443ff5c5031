// Flume, the card game of the All Fours family (`flume-cards`): 4 players in two fixed
// partnerships or 5 players with a called secret partner. Rules and notation:
// docs/rules/flume-cards.md.
#pragma once

#include "engine/core/game.h"

namespace arena::flume_cards {

class FlumeCardsGame : public Game {
 public:
  FlumeCardsGame(const GameInfo& info, const Params& params);
  int num_players() const override { return players_; }
  std::unique_ptr<State> new_initial_state() const override;
  int max_game_length() const override;
  bool hidden_information() const override { return true; }
  // The two kinds of discard and the 5-player partner call (docs/check-bot.md).
  const std::vector<RareSituation>& rare_situations() const override;
  // 4 players: seats 1+3 against 2+4. The 5-player partnership changes every hand, so
  // each seat is its own team there.
  int team_of(int seat) const override { return players_ == 4 ? (seat - 1) % 2 : seat - 1; }

  // A state that shows `seat` exactly the views `seen`, the cards it never saw placed at random
  // among the placements those views allow, hand by hand (flume_cards_sample.cpp; the rules
  // page, "Sampled states"). Costs about one replay of the game.
  std::unique_ptr<State> sample_state(int seat, std::span<const SeenAction> seen, Rng& rng) const override;

  int target() const { return target_; }
  // Deals (thrown-in ones included) after which the game stops and the higher total wins.
  int hand_cap() const { return hand_cap_; }
  // The learning view (flume_cards_tensor.cpp, docs/learning.md).
  std::vector<int> observation_shape() const override;
  int num_distinct_actions() const override;

 private:
  int players_;
  int target_;
  int hand_cap_;
};

}  // namespace arena::flume_cards
