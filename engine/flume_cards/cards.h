// The Flume pack and its ranking. 46 cards: four suits of A K Q J T 9 8 7 6 5 2 (no 3s
// or 4s) plus a High Joker and a Low Joker. A card is a small integer so hands are
// 64-bit masks: suit-major (clubs, diamonds, hearts, spades), ranks ascending 2..A within
// a suit, then HJ (44) and LJ (45). That order is also the canonical sorting order of
// cards in notation and in discard moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arena::flume_cards {

using Card = int;
using CardMask = std::uint64_t;

inline constexpr int kSuits = 4;          // C D H S
inline constexpr int kRanksPerSuit = 11;  // 2 5 6 7 8 9 T J Q K A
inline constexpr int kDeckSize = 46;
inline constexpr Card kHighJoker = 44;
inline constexpr Card kLowJoker = 45;
inline constexpr CardMask kFullDeck = (CardMask{1} << kDeckSize) - 1;

// Rank indices within a suit (0 = the 2, 10 = the ace).
inline constexpr int kTwo = 0, kTen = 6, kJack = 7, kQueen = 8, kKing = 9, kAce = 10;

inline constexpr CardMask bit(Card c) { return CardMask{1} << c; }
inline constexpr bool is_joker(Card c) { return c >= kHighJoker; }
// Printed suit (0..3); jokers have none (-1).
inline constexpr int printed_suit(Card c) { return is_joker(c) ? -1 : c / kRanksPerSuit; }
inline constexpr int rank_index(Card c) { return is_joker(c) ? -1 : c % kRanksPerSuit; }
inline constexpr Card make_card(int suit, int rank) { return suit * kRanksPerSuit + rank; }

// Clubs/spades are black, diamonds/hearts red: the suit of the same colour.
inline constexpr int same_colour_suit(int suit) { return 3 - suit; }

inline constexpr Card right_bower(int trump) { return make_card(trump, kJack); }
inline constexpr Card left_bower(int trump) { return make_card(same_colour_suit(trump), kJack); }

// The suit a card belongs to for following: jokers and the left bower are trumps.
inline constexpr int effective_suit(Card c, int trump) {
  if (is_joker(c) || c == left_bower(trump)) return trump;
  return printed_suit(c);
}
inline constexpr bool is_trump(Card c, int trump) { return effective_suit(c, trump) == trump; }

// Strength within the trump suit, 14 (ace) down to 1 (Low Joker); 0 for non-trumps.
// A K Q RB LB T 9 8 7 6 5 2 HJ LJ.
int trump_strength(Card c, int trump);
// Strength within a plain suit: rank index + 1 (2 = 1 .. A = 11).
inline constexpr int plain_strength(Card c) { return rank_index(c) + 1; }

// The trumps the dealer may never discard: A, both bowers, both jokers, the 2.
bool is_protected_trump(Card c, int trump);
// The 14 trumps: the trump suit, the left bower and both jokers.
CardMask trump_mask(int trump);

// Card points for "Game": A 4, K 3, Q 2, J 1, T 10 (jokers and the rest 0; 80 in all).
int game_points(Card c);

// Notation: "AS", "TD", "2H", "HJ", "LJ". Parsing accepts lower case too.
std::string card_name(Card c);
std::optional<Card> parse_card(std::string_view text);
char suit_letter(int suit);
std::optional<int> parse_suit(std::string_view text);

// Cards of a mask, ascending, separated by `sep`.
std::string cards_text(CardMask m, char sep = ' ');

}  // namespace arena::flume_cards
