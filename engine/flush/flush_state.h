// One position of Flush. See docs/rules/flush.md for the rules as implemented.
//
// Hidden cards are modelled lazily: the engine knows every hand and face-up card, but a
// Blind has no value until it is flipped (or scored at the end of a round). Its value is
// then a chance outcome drawn from the unseen cards (Blinds and the out-of-play rest,
// which nobody ever sees). Since no one can tell those cards apart, this is exactly the
// distribution of a real shuffle, and no state ever holds a secret value for a Blind.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/flush/cards.h"
#include "engine/flush/flush_game.h"
#include "engine/flush/moves.h"

namespace arena::flush {

inline constexpr int kMaxSeats = 6;
inline constexpr int kBasesDealt = 3;
inline constexpr int kHandDealt = 8;

// The cards one player holds.
struct SeatCards {
  Cards hand;
  Cards up;                                        // face-up Base cards; each lies on a Blind
  int blinds = 0;                                  // all Blinds, covered or not
  int lone() const { return blinds - up.size(); }  // Blinds whose face-up card is gone
  int held() const { return hand.size() + up.size() + blinds; }
};

struct PilePlay {
  std::uint8_t seat = 0;   // 0-based
  std::uint8_t value = 0;  // the declared value; laid Mimics keep it
  std::uint8_t begin = 0;  // index of its first card in the pile
  std::uint8_t count = 0;
  bool pickup = false;  // started a new pile by picking up the old one
  bool blind = false;   // started by a Blind flip
};

class FlushState : public StateBase<FlushState> {
 public:
  enum class Phase { kStartSeat, kDeal, kPlay, kAdd, kGive, kBlindReveal, kScoreReveal, kOver };

  explicit FlushState(const FlushGame& game);

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
  // The learning view (flush_tensor.cpp): a play's index names its value and how many cards of
  // each kind it takes from the hand and the face-up Bases; the state supplies the rest (the
  // play's type, where the one Skip or Bonus card of a value lies).
  int action_index(Move m) const override;
  Move action_move(int index) const override;
  void action_indices(std::span<const Move> moves, std::span<int> out) const override;

  // Read access for tests, analysis and bots' determinisation (seats are 1-based).
  Phase phase() const { return phase_; }
  const SeatCards& seat_cards(int seat) const { return seats_[seat - 1]; }
  const Cards& unseen() const { return unseen_; }  // Blinds + out-of-play (+ not yet dealt)
  const Cards& flushed() const { return flushed_; }
  Cards pile_cards() const;
  const Cards& revealed(int seat) const { return revealed_[seat - 1]; }  // Blinds scored at round end
  int mimic_kind() const { return mimic_kind_; }                         // -1 before it is turned
  int mimic_value() const { return mimic_kind_ < 0 ? 0 : value_of(mimic_kind_); }
  int total(int seat) const { return totals_[seat - 1]; }
  bool eliminated(int seat) const { return out_round_[seat - 1] != 0; }
  int round() const { return round_; }
  int voided_rounds() const { return voided_; }
  int plays_since_flush() const { return plays_since_flush_; }
  int num_plays() const { return num_plays_; }
  const PilePlay& pile_play(int i) const { return plays_[i]; }
  bool ended_by_round_cap() const { return capped_; }
  // In the deal: the 0-based seat the next card goes to (-1 for the Mimic) and its slot
  // (0 face-up, 1 hand, 2 Mimic).
  int deal_target(int& slot) const;
  // Whether move `m` (legal here) leaves its player without cards, ending the round: the
  // hands still held are then shown for scoring in every seat's view of it (round_end.cpp).
  bool ends_round(Move m) const;
  // The player's move `text` names here, checked against the cards and the rules of plays
  // but not against the whole list of legal moves (so without building it); -1 if none.
  // For the sampler, whose replay checks every move (flush_sample.cpp); parse_move says why.
  Move move_named(std::string_view text) const;

  // Replaces every hand and the unseen cards by others of the same sizes and the same
  // overall composition (throws std::logic_error otherwise: a caller's bug). Used to check that a
  // seat's view does not depend on what it cannot see, and by bots to sample worlds.
  void redistribute_hidden(const std::vector<Cards>& hands, const Cards& unseen);

 protected:
  void do_apply(Move m) override;
  void do_write_observation(int seat, std::span<float> out) const override;  // flush_tensor.cpp

 private:
  const FlushGame& rules() const { return static_cast<const FlushGame&>(game()); }

  // Rules.
  template <class Fn>
  void for_each_shape(int seat, int value, bool mimic_alone_ok, bool allow_empty, Fn&& fn) const;
  bool has_normal_play(int seat) const;
  int top_value() const { return num_plays_ ? plays_[num_plays_ - 1].value : 0; }
  void legal_play_moves(std::vector<Move>& out) const;
  void legal_give_moves(std::vector<Move>& out) const;
  bool can_add(int seat, int value) const;
  int held_after_flush(int seat, const SeatCards& after, bool super) const;  // round_end.cpp
  void append_shown_hands(std::string& view) const;                          // round_end.cpp

  void lay_shape(int seat, const PlayShape& p, bool append_to_top);
  void start_play_record(int seat, int value, bool pickup, bool blind);
  void complete_play(int seat, bool pickup);
  void flush_pile(int seat, bool super);
  void after_flush(int seat);
  void give_base(int seat, int kind_or_lone);
  void end_round(int finisher);
  void score_round();
  void void_round();
  void start_round(int starter);
  // do_apply by phase.
  void apply_deal(Move m);
  void apply_blind_reveal(Move m);
  void apply_score_reveal(Move m);
  void apply_play(Move m);
  int next_live(int from, int steps) const;
  int live_count() const;
  int points(int kind) const;

  std::string describe_alone(int seat, Move m) const;  // describe_action without the hands shown
  std::string skipped_text(int seat, Move m) const;    // "; seat 3 is skipped" after a Skip
  std::string pile_lines(int seat) const;              // render_for's pile, wrapped to 80 columns
  Move play_action_move(int index) const;              // flush_tensor.cpp
  std::string play_text_error(const std::vector<WrittenCard>& cards, bool pickup_marked, Move& move) const;

  int n_;
  Phase phase_ = Phase::kStartSeat;
  std::array<SeatCards, kMaxSeats> seats_{};
  std::array<int, kMaxSeats> totals_{};
  std::array<int, kMaxSeats> out_round_{};  // round of elimination, 0 while in the game
  Cards unseen_;
  Cards flushed_;
  int mimic_kind_ = -1;
  int round_ = 0;  // deals so far, void ones included
  int voided_ = 0;
  int starter_ = 0;  // 0-based seat that leads this round
  int to_move_ = 0;  // 0-based seat to act in kPlay/kAdd/kGive
  int deal_index_ = 0;
  bool capped_ = false;

  // The pile: cards in order and the plays they form.
  std::array<std::uint8_t, kDeckSize> pile_{};
  int pile_size_ = 0;
  std::array<PilePlay, kDeckSize> plays_{};
  int num_plays_ = 0;

  int plays_since_flush_ = 0;
  int play_counter_ = 0;                       // plays this round
  std::array<int, kMaxSeats> last_play_no_{};  // play_counter_ of each seat's latest play
  int last_play_bonuses_ = 0;                  // Bonus cards in the latest play
  int add_value_ = 0;                          // kAdd: value of the flipped Blind
  bool add_pickup_ = false;                    // kAdd: the flip started a pick-up
  int give_to_ = 0;                            // kGive: recipient (0-based)
  int finisher_ = -1;
  std::array<int, kMaxSeats> to_reveal_{};  // kScoreReveal: Blinds left to score
  std::array<Cards, kMaxSeats> revealed_{};
};

}  // namespace arena::flush
