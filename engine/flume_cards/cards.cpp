#include "engine/flume_cards/cards.h"

#include <bit>
#include <cctype>

namespace arena::flume_cards {

namespace {
constexpr char kRankLetters[kRanksPerSuit + 1] = "256789TJQKA";
constexpr char kSuitLetters[kSuits + 1] = "CDHS";
}  // namespace

int trump_strength(Card c, int trump) {
  if (c == kLowJoker) return 1;
  if (c == kHighJoker) return 2;
  if (c == right_bower(trump)) return 11;
  if (c == left_bower(trump)) return 10;
  if (printed_suit(c) != trump) return 0;
  switch (rank_index(c)) {
    case kAce:
      return 14;
    case kKing:
      return 13;
    case kQueen:
      return 12;
    default:
      return rank_index(c) + 3;  // 2 -> 3, 5 -> 4, ..., T -> 9
  }
}

bool is_protected_trump(Card c, int trump) {
  return is_joker(c) || c == right_bower(trump) || c == left_bower(trump) || c == make_card(trump, kAce) ||
         c == make_card(trump, kTwo);
}

CardMask trump_mask(int trump) {
  CardMask m = bit(kHighJoker) | bit(kLowJoker) | bit(left_bower(trump));
  for (int r = 0; r < kRanksPerSuit; ++r) m |= bit(make_card(trump, r));
  return m;
}

int game_points(Card c) {
  switch (rank_index(c)) {
    case kAce:
      return 4;
    case kKing:
      return 3;
    case kQueen:
      return 2;
    case kJack:
      return 1;
    case kTen:
      return 10;
    default:
      return 0;
  }
}

char suit_letter(int suit) { return kSuitLetters[suit]; }

std::string card_name(Card c) {
  if (c == kHighJoker) return "HJ";
  if (c == kLowJoker) return "LJ";
  if (c < 0 || c > kLowJoker) return "??";
  return {kRankLetters[c % kRanksPerSuit], kSuitLetters[c / kRanksPerSuit]};
}

std::optional<int> parse_suit(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  char s = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  for (int i = 0; i < kSuits; ++i)
    if (kSuitLetters[i] == s) return i;
  return std::nullopt;
}

std::optional<Card> parse_card(std::string_view text) {
  std::string up;
  for (char ch : text) up += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (up == "HJ") return kHighJoker;
  if (up == "LJ") return kLowJoker;
  if (up.size() == 3 && up[0] == '1' && up[1] == '0') up = "T" + up.substr(2);  // "10H" for "TH"
  if (up.size() != 2) return std::nullopt;
  auto suit = parse_suit(up.substr(1));
  if (!suit) return std::nullopt;
  for (int r = 0; r < kRanksPerSuit; ++r)
    if (kRankLetters[r] == up[0]) return make_card(*suit, r);
  return std::nullopt;
}

std::string cards_text(CardMask m, char sep) {
  std::string s;
  while (m) {
    Card c = std::countr_zero(m);
    m &= m - 1;
    if (!s.empty()) s += sep;
    s += card_name(c);
  }
  return s;
}

}  // namespace arena::flume_cards
