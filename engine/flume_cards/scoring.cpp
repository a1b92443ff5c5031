#include "engine/flume_cards/scoring.h"

namespace arena::flume_cards {

int winning_index(const Trick& t, int trump) {
  int best = 0;
  const int led = effective_suit(t.cards[0], trump);
  for (int i = 1; i < t.count; ++i) {
    const Card c = t.cards[i], b = t.cards[best];
    const int cs = trump_strength(c, trump), bs = trump_strength(b, trump);
    if (cs || bs) {
      if (cs > bs) best = i;
    } else if (effective_suit(c, trump) == led && plain_strength(c) > plain_strength(b)) {
      best = i;  // `b` is of the led suit too: the leader's card always is, and only led cards replace it
    }
  }
  return best;
}

const char* point_name(PointKind p) {
  static const char* names[kPointKinds] = {"high", "low", "right", "left", "high_joker", "low_joker", "game"};
  return names[p];
}

HandTally tally_hand(const Trick* tricks, int trick_count, int players, int trump) {
  HandTally h;
  h.seat.fill(-1);
  int high = 0, low = 100;  // strengths of the highest trump and lowest non-joker trump seen
  for (int t = 0; t < trick_count; ++t) {
    const Trick& tr = tricks[t];
    for (int i = 0; i < tr.count; ++i) {
      const Card c = tr.cards[i];
      const int who = (tr.leader + i) % players;
      h.card_points[tr.winner] += game_points(c);
      const int s = trump_strength(c, trump);
      if (s == 0) continue;
      // High and Low go to the player who played the card, not the trick's winner.
      if (s > high) high = s, h.seat[kHigh] = who;
      if (!is_joker(c) && s < low) low = s, h.seat[kLow] = who;
      if (c == right_bower(trump)) h.seat[kRight] = tr.winner;
      if (c == left_bower(trump)) h.seat[kLeft] = tr.winner;
      if (c == kHighJoker) h.seat[kHighJokerPoint] = tr.winner;
      if (c == kLowJoker) h.seat[kLowJokerPoint] = tr.winner;
    }
  }
  return h;
}

SidePoints side_points(const HandTally& tally, int players,
                       const std::array<bool, kMaxPlayers>& bidding_side) {
  SidePoints sp;
  sp.side.fill(-1);
  for (int p = 0; p < kGame; ++p) {
    const int seat = tally.seat[p];
    if (seat < 0) continue;
    sp.side[p] = bidding_side[seat] ? 0 : 1;
    ++sp.points[sp.side[p]];
  }
  for (int s = 0; s < players; ++s) sp.card_points[bidding_side[s] ? 0 : 1] += tally.card_points[s];
  if (sp.card_points[0] != sp.card_points[1]) {
    sp.side[kGame] = sp.card_points[0] > sp.card_points[1] ? 0 : 1;
    ++sp.points[sp.side[kGame]];
  }
  return sp;
}

}  // namespace arena::flume_cards
