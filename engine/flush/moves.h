// Moves of Flush as integers, and their one-token notation.
//
// A play of value V is described by a PlayShape: how many of each card of value V come
// from the hand and from the face-up Bases, and how many Mimic-value cards stand in for
// V. Copies of a kind are interchangeable and (Blinds being drawn only when flipped) so
// are face-up Bases showing the same card, so the shape is the whole play: the move
// list holds each distinct play once, never a permutation of identical cards.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/flush/cards.h"

namespace arena::flush {

enum class MoveType { kNone = 0, kPlay = 1, kPickup = 2, kAdd = 3, kFlushCards = 4, kFlip = 5, kGive = 6 };

// Where a single Skip or Bonus card of a play comes from.
enum Source : int { kAbsent = 0, kFromHand = 1, kFromUp = 2 };

struct PlayShape {
  int value = 0;            // V: the value the play is declared as (1..10)
  int nat_hand = 0;         // plain V cards from the hand
  int nat_up = 0;           // plain V cards from face-up Bases
  int nat_skip = kAbsent;   // the Skip V
  int nat_bonus = kAbsent;  // the Bonus V
  int mim_hand = 0;         // plain Mimic-value cards standing for V (only when V != Mimic value)
  int mim_up = 0;
  int mim_skip = kAbsent;
  int mim_bonus = kAbsent;

  int naturals() const { return nat_hand + nat_up + (nat_skip != kAbsent) + (nat_bonus != kAbsent); }
  int mimics() const { return mim_hand + mim_up + (mim_skip != kAbsent) + (mim_bonus != kAbsent); }
  int count() const { return naturals() + mimics(); }
  int skips() const { return (nat_skip != kAbsent) + (mim_skip != kAbsent); }
  bool operator==(const PlayShape&) const = default;
};

// Player moves carry their type in bits 27..29; chance outcomes are small numbers.
inline constexpr Move kStartSeatBase = 64;  // chance: "round 1 starts with seat s" = 64 + s
inline constexpr int kLoneBlind = 31;       // Give target: a Blind without a face-up card

MoveType move_type(Move m);
Move encode_shape(MoveType type, const PlayShape& shape);  // kPlay, kPickup, kAdd
PlayShape decode_shape(Move m);
Move encode_flush_cards(int from_hand, int from_up);
void decode_flush_cards(Move m, int& from_hand, int& from_up);
Move encode_flip();
Move encode_give(int kind_or_lone);
int decode_give(Move m);

// "6+6s+6^+5=6": naturals then stand-ins, each hand then face-up (^), plain/Skip/Bonus.
// `mimic_value` names the Mimic cards' own value.
std::string shape_text(const PlayShape& shape, int mimic_value);
std::string flush_cards_text(int from_hand, int from_up);

// One card as written in a play: its kind, whether it comes from a face-up Base, and the
// value it stands for (0 = its own value).
struct WrittenCard {
  int kind = 0;
  bool from_up = false;
  int stands_for = 0;
};
// Parses "CARD(+CARD)*" with CARD = KIND['^']['=' VALUE]. Returns "" or what is wrong.
std::string parse_cards(std::string_view text, std::vector<WrittenCard>& out);

}  // namespace arena::flush
