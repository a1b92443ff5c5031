#include "engine/flush/cards.h"

namespace arena::flush {

int Cards::size() const {
  int s = 0;
  for (auto c : n) s += c;
  return s;
}

void Cards::add_all(const Cards& other) {
  for (int k = 0; k < kNumKinds; ++k) add(k, other[k]);
}

Cards full_deck() {
  Cards d;
  for (int k = 0; k < kNumKinds; ++k) d.add(k, copies_of(k));
  return d;
}

std::string kind_text(int kind) {
  if (kind == kFlushKind) return "F";
  std::string s = std::to_string(value_of(kind));
  if (mark_of(kind) == Mark::kSkip) s += 's';
  if (mark_of(kind) == Mark::kBonus) s += 'b';
  return s;
}

int parse_kind(std::string_view s, int& kind) {
  if (s.empty()) return 0;
  if (s[0] == 'F') {
    kind = kFlushKind;
    return 1;
  }
  if (s[0] < '1' || s[0] > '9') return 0;
  int value = s[0] - '0';
  size_t used = 1;
  if (value == 1 && s.size() > 1 && s[1] == '0') {
    value = 10;
    used = 2;
  }
  Mark mark = Mark::kPlain;
  if (used < s.size() && s[used] == 's')
    mark = Mark::kSkip, ++used;
  else if (used < s.size() && s[used] == 'b')
    mark = Mark::kBonus, ++used;
  kind = kind_of(value, mark);
  return static_cast<int>(used);
}

std::string cards_text(const Cards& cards) {
  std::string s;
  for (int k = 0; k < kNumKinds; ++k)
    for (int i = 0; i < cards[k]; ++i) {
      if (!s.empty()) s += '+';
      s += kind_text(k);
    }
  return s.empty() ? "-" : s;
}

}  // namespace arena::flush
