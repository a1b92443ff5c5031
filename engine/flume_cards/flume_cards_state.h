// One position of a Flume game: the deal, bidding, the second deal, the call (5
// players), the six tricks, and the running scores across hands.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/flume_cards/flume_cards_game.h"
#include "engine/flume_cards/moves.h"
#include "engine/flume_cards/scoring.h"

namespace arena::flume_cards {

enum class Phase {
  kChooseDealer,   // chance: the first dealer
  kDeal,           // chance: six cards each, one at a time from the dealer's left
  kBid,            // once around from the dealer's left
  kTrump,          // the high bidder names trump
  kDiscard,        // a non-dealer discards non-trumps...
  kRefill,         // ...and is dealt back up to six (chance)
  kDealerDiscard,  // the dealer, holding the rest of the stock, discards down to six, one card per move
  kCall,           // 5 players: the bidder calls a card or plays alone
  kPlay,           // six tricks
  kOver,
};

class FlumeCardsState : public StateBase<FlumeCardsState> {
 public:
  explicit FlumeCardsState(const FlumeCardsGame& game);

  int current_player() const override;
  void legal_moves(std::vector<Move>& out) const override;
  std::vector<std::pair<Move, double>> chance_outcomes() const override;
  std::string move_to_string(Move m) const override;
  std::string action_view(int seat, Move m) const override;
  ParsedMove parse_move(std::string_view text) const override;
  std::string observation(int seat) const override;
  std::string render() const override;
  Picture picture(int seat) const override;  // *_picture.cpp
  // A spectator sees what every seat sees: the views of a seat that is none (kSpectatorSeat).
  Picture spectator_picture() const override;                // *_picture.cpp
  std::string spectator_action_view(Move m) const override;  // *_picture.cpp
  std::string render_for(int seat) const override;
  std::string describe_action(int seat, Move m) const override;
  std::string notation_help() const override;
  std::vector<SeatResult> results() const override;
  // The learning view (flume_cards_tensor.cpp): player moves packed densely, kind by kind.
  int action_index(Move m) const override;
  Move action_move(int index) const override;
  void action_indices(std::span<const Move> moves, std::span<int> out) const override;

  // Whether `m` is a legal move (or chance outcome) here: legal_moves() without the list,
  // for checking long replays (the sampler, flume_cards_sample.cpp).
  bool is_legal(Move m) const;

  // Read access for tests and tools (0-based seats).
  Phase phase() const { return phase_; }
  int dealer() const { return dealer_; }
  int trump() const { return trump_; }
  int bidder() const { return bidder_; }
  int high_bid() const { return high_bid_; }
  CardMask hand(int seat) const { return hands_[seat]; }
  CardMask discarded(int seat) const { return discarded_[seat]; }
  CardMask stock() const { return stock_; }
  int score(int seat) const { return scores_[seat]; }
  int hands_dealt() const { return hands_dealt_; }
  int called_card() const { return called_; }  // -1: none yet or alone
  int partner() const { return partner_; }     // 0-based holder of the called card, -1 if none
  const Trick& trick(int i) const { return tricks_[i]; }
  int tricks_played() const { return tricks_done_; }
  // The last scored hand: points per side (0 = bidding side) and who took each point.
  const SidePoints& last_points() const { return last_points_; }
  const std::array<bool, kMaxPlayers>& last_bidding_side() const { return last_bidding_side_; }

 protected:
  void do_apply(Move m) override;
  void do_write_observation(int seat, std::span<float> out) const override;  // flume_cards_tensor.cpp

 private:
  const FlumeCardsGame& rules() const { return static_cast<const FlumeCardsGame&>(game()); }
  int next(int seat) const { return seat + 1 == players_ ? 0 : seat + 1; }
  int max_discards() const { return players_ == 5 ? 3 : kHandSize; }
  CardMask discard_eligible(int seat) const;
  bool dealer_may_discard(Card c) const;
  CardMask playable() const;
  Move discard_move(int seat, CardMask cards) const;
  CardMask discard_cards(int seat, Move m) const;
  int receiver() const;  // who gets the next dealt card
  CardMask stock_left_to_dealer(Move m) const;

  void start_deal();
  void after_refill();
  void start_play();
  void finish_trick();
  void score_hand();
  void end_game(bool by_cap);
  std::string illegal_reason(Move m) const;
  std::string phase_name() const;
  // *_picture.cpp: what the observation also tells every seat of the hand (its earlier trick,
  // the points and point cards each seat took) and the last hand's scoring.
  void add_hand_history(Picture& p) const;

  int players_;
  Phase phase_ = Phase::kChooseDealer;
  int dealer_ = 0;
  int hands_dealt_ = 0;
  int to_act_ = 0;  // seat to act in the bidding, discards, play; receiver while dealing
  int dealt_ = 0;   // cards dealt in the first deal
  int refill_left_ = 0;
  std::array<CardMask, kMaxPlayers> hands_{};
  std::array<CardMask, kMaxPlayers> discarded_{};
  std::array<int, kMaxPlayers> discard_count_{};  // -1 until the seat has discarded
  CardMask stock_ = 0;
  std::array<int, kMaxPlayers> bids_{};  // -1 not yet, 0 pass, 3..6
  int high_bid_ = 0;
  int bidder_ = -1;
  int trump_ = -1;
  Card dealer_last_discard_ = -1;
  bool alone_ = false;
  int called_ = -1;
  int partner_ = -1;
  bool partner_revealed_ = false;
  std::array<Trick, kTricks> tricks_{};
  int tricks_done_ = 0;
  std::array<int, kMaxPlayers> scores_{};
  // Last scored hand, for observations.
  bool have_last_ = false;
  int last_bidder_ = -1, last_bid_ = 0;
  SidePoints last_points_{};
  std::array<int, kMaxPlayers> last_scores_{};
  std::array<bool, kMaxPlayers> last_bidding_side_{};
  // Final standing.
  bool ended_by_cap_ = false;
  std::array<int, kMaxPlayers> ranks_{};
};

}  // namespace arena::flume_cards
