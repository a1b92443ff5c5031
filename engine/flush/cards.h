// Flush cards: 90 cards, values 1..10 (eight of each: six plain, one Skip, one Bonus)
// and ten Flush cards. A card *kind* is what a player can tell apart; copies of a kind
// are interchangeable, so every collection of cards (hand, face-up Bases, the unseen
// rest) is a count per kind. That keeps states small, copies cheap and move lists free
// of permutations of identical cards.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace arena::flush {

// Kinds 0..29 are value cards, (value-1)*3 + mark; kind 30 is the Flush card.
enum class Mark : std::uint8_t { kPlain = 0, kSkip = 1, kBonus = 2 };

inline constexpr int kNumKinds = 31;
inline constexpr int kFlushKind = 30;
inline constexpr int kNumValues = 10;
inline constexpr int kDeckSize = 90;
inline constexpr int kFlushCopies = 10;

constexpr int kind_of(int value, Mark mark) { return (value - 1) * 3 + static_cast<int>(mark); }
// Face value 1..10; 0 for the Flush card, which is its own "value" and never compares.
constexpr int value_of(int kind) { return kind == kFlushKind ? 0 : kind / 3 + 1; }
constexpr Mark mark_of(int kind) { return kind == kFlushKind ? Mark::kPlain : static_cast<Mark>(kind % 3); }
constexpr bool is_skip(int kind) { return kind != kFlushKind && mark_of(kind) == Mark::kSkip; }
constexpr bool is_bonus(int kind) { return kind != kFlushKind && mark_of(kind) == Mark::kBonus; }
// Copies of a kind in the deck: 6 plain, 1 Skip, 1 Bonus per value, 10 Flush cards.
constexpr int copies_of(int kind) {
  return kind == kFlushKind ? kFlushCopies : (mark_of(kind) == Mark::kPlain ? 6 : 1);
}

// A multiset of cards as a count per kind.
struct Cards {
  std::array<std::uint8_t, kNumKinds> n{};

  int operator[](int kind) const { return n[kind]; }
  void add(int kind, int count = 1) { n[kind] = static_cast<std::uint8_t>(n[kind] + count); }
  void remove(int kind, int count = 1) { n[kind] = static_cast<std::uint8_t>(n[kind] - count); }
  int size() const;
  bool empty() const { return size() == 0; }
  void add_all(const Cards& other);
  void clear() { n.fill(0); }
  bool operator==(const Cards&) const = default;
};

// The full deck.
Cards full_deck();

// "7", "7s" (Skip), "7b" (Bonus), "10", "F" (Flush card).
std::string kind_text(int kind);
// Parses a kind's text at the start of `s`; returns the characters used (0 if none).
// Values are 1..10; "10" is read greedily, so "10s" is the Skip 10.
int parse_kind(std::string_view s, int& kind);
// "6+6s+F" in kind order, "-" when empty.
std::string cards_text(const Cards& cards);

}  // namespace arena::flush
