#include "engine/flume_cards/flume_cards_game.h"

#include "engine/core/registry.h"
#include "engine/flume_cards/flume_cards_state.h"
#include "engine/games.h"

namespace arena::flume_cards {

FlumeCardsGame::FlumeCardsGame(const GameInfo& info, const Params& params)
    : Game(info, params),
      players_(static_cast<int>(params.integer("players"))),
      target_(static_cast<int>(params.integer("target"))),
      hand_cap_(static_cast<int>(params.integer("hand_cap"))) {}

std::unique_ptr<State> FlumeCardsGame::new_initial_state() const {
  return std::make_unique<FlumeCardsState>(*this);
}

// Per deal at most: 6n first-deal cards, n bids, trump, n-1 discards with their refills
// (never more than the stock after the first deal), the dealer's discards (at most that
// stock again), the call and 6n plays. Plus the first dealer's chance action.
int FlumeCardsGame::max_game_length() const {
  const int stock = 46 - 6 * players_;
  const int per_deal = 6 * players_ + players_ + 1 + (players_ - 1) + stock + stock + 1 + 6 * players_;
  return 1 + per_deal * hand_cap_;
}

namespace {
std::unique_ptr<Game> make(const GameInfo& info, const Params& params) {
  return std::make_unique<FlumeCardsGame>(info, params);
}
}  // namespace

const std::vector<RareSituation>& FlumeCardsGame::rare_situations() const {
  static const std::vector<RareSituation> list = {
      {"discard", "a non-dealer's discard", 0, [](const State& s) { return has_legal_move(s, "discard:-"); }},
      {"dealer_discard", "the dealer discarding down to six", 0,
       [](const State& s) {
         return !has_legal_move(s, "discard:-") && has_legal_move_prefix(s, "discard:");
       }},
      {"call", "calling a partner (5 players)", 5,
       [](const State& s) { return has_legal_move(s, "alone") || has_legal_move_prefix(s, "call:"); }},
  };
  return list;
}

}  // namespace arena::flume_cards

namespace arena {

const GameEntry& flume_cards_entry() {
  static const GameEntry entry{
      GameInfo{
          "flume-cards",
          "Flume (card game of the All Fours family)",
          4,
          5,
          {int_param("players", 4, 4, 5, "4: two partnerships (seats 1+3 vs 2+4); 5: called secret partner"),
           int_param("target", 21, 5, 100, "points to reach to win"),
           int_param("hand_cap", 100, 1, 1000,
                     "deals (thrown-in ones included) after which the higher total wins")},
          "target=5"},
      &flume_cards::make};
  return entry;
}

}  // namespace arena
