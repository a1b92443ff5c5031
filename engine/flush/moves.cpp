#include "engine/flush/moves.h"

namespace arena::flush {

namespace {
constexpr int kTypeShift = 27;
// Field layout of a PlayShape inside a Move: (shift, width).
constexpr int kNatHand = 0, kNatUp = 3, kNatSkip = 6, kNatBonus = 8, kMimHand = 10, kMimUp = 13,
              kMimSkip = 16, kMimBonus = 18, kValue = 20;

int field(Move m, int shift, int width) { return (m >> shift) & ((1 << width) - 1); }
}  // namespace

MoveType move_type(Move m) {
  if (m < (1 << kTypeShift)) return MoveType::kNone;
  return static_cast<MoveType>(m >> kTypeShift);
}

Move encode_shape(MoveType type, const PlayShape& s) {
  return (static_cast<Move>(type) << kTypeShift) | (s.nat_hand << kNatHand) | (s.nat_up << kNatUp) |
         (s.nat_skip << kNatSkip) | (s.nat_bonus << kNatBonus) | (s.mim_hand << kMimHand) |
         (s.mim_up << kMimUp) | (s.mim_skip << kMimSkip) | (s.mim_bonus << kMimBonus) | (s.value << kValue);
}

PlayShape decode_shape(Move m) {
  PlayShape s;
  s.nat_hand = field(m, kNatHand, 3);
  s.nat_up = field(m, kNatUp, 3);
  s.nat_skip = field(m, kNatSkip, 2);
  s.nat_bonus = field(m, kNatBonus, 2);
  s.mim_hand = field(m, kMimHand, 3);
  s.mim_up = field(m, kMimUp, 3);
  s.mim_skip = field(m, kMimSkip, 2);
  s.mim_bonus = field(m, kMimBonus, 2);
  s.value = field(m, kValue, 4);
  return s;
}

Move encode_flush_cards(int from_hand, int from_up) {
  return (static_cast<Move>(MoveType::kFlushCards) << kTypeShift) | from_hand | (from_up << 4);
}
void decode_flush_cards(Move m, int& from_hand, int& from_up) {
  from_hand = field(m, 0, 4);
  from_up = field(m, 4, 4);
}
Move encode_flip() { return static_cast<Move>(MoveType::kFlip) << kTypeShift; }
Move encode_give(int kind_or_lone) {
  return (static_cast<Move>(MoveType::kGive) << kTypeShift) | kind_or_lone;
}
int decode_give(Move m) { return field(m, 0, 5); }

namespace {
void append(std::string& s, int kind, bool up, int stands_for, int times = 1) {
  for (int i = 0; i < times; ++i) {
    if (!s.empty()) s += '+';
    s += kind_text(kind);
    if (up) s += '^';
    if (stands_for) s += '=' + std::to_string(stands_for);
  }
}
}  // namespace

std::string shape_text(const PlayShape& p, int mimic_value) {
  std::string s;
  const int v = p.value;
  append(s, kind_of(v, Mark::kPlain), false, 0, p.nat_hand);
  if (p.nat_skip == kFromHand) append(s, kind_of(v, Mark::kSkip), false, 0);
  if (p.nat_bonus == kFromHand) append(s, kind_of(v, Mark::kBonus), false, 0);
  append(s, kind_of(v, Mark::kPlain), true, 0, p.nat_up);
  if (p.nat_skip == kFromUp) append(s, kind_of(v, Mark::kSkip), true, 0);
  if (p.nat_bonus == kFromUp) append(s, kind_of(v, Mark::kBonus), true, 0);
  if (p.mimics() > 0) {
    const int m = mimic_value;
    append(s, kind_of(m, Mark::kPlain), false, v, p.mim_hand);
    if (p.mim_skip == kFromHand) append(s, kind_of(m, Mark::kSkip), false, v);
    if (p.mim_bonus == kFromHand) append(s, kind_of(m, Mark::kBonus), false, v);
    append(s, kind_of(m, Mark::kPlain), true, v, p.mim_up);
    if (p.mim_skip == kFromUp) append(s, kind_of(m, Mark::kSkip), true, v);
    if (p.mim_bonus == kFromUp) append(s, kind_of(m, Mark::kBonus), true, v);
  }
  return s;
}

std::string flush_cards_text(int from_hand, int from_up) {
  std::string s;
  append(s, kFlushKind, false, 0, from_hand);
  append(s, kFlushKind, true, 0, from_up);
  return s;
}

std::string parse_cards(std::string_view text, std::vector<WrittenCard>& out) {
  out.clear();
  if (text.empty()) return "no cards named";
  size_t i = 0;
  while (true) {
    WrittenCard c;
    int used = parse_kind(text.substr(i), c.kind);
    if (used == 0)
      return "expected a card (1..10 with optional s or b, or F) at '" + std::string(text.substr(i)) + "'";
    i += used;
    if (i < text.size() && text[i] == '^') c.from_up = true, ++i;
    if (i < text.size() && text[i] == '=') {
      ++i;
      size_t start = i;
      while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
      if (start == i || i - start > 2) return "expected a value 1..10 after '='";
      c.stands_for = std::stoi(std::string(text.substr(start, i - start)));
      if (c.stands_for < 1 || c.stands_for > 10) return "a Mimic can stand only for a value 1..10";
    }
    out.push_back(c);
    if (i == text.size()) return "";
    if (text[i] != '+')
      return "unexpected '" + std::string(1, text[i]) + "' (cards are joined with '+', e.g. 6+6s+6^)";
    ++i;
  }
}

}  // namespace arena::flush
