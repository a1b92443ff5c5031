// What each seat may see (observation), the full picture (render), and final results.
#include <sstream>

#include "engine/flush/flush_state.h"

namespace arena::flush {

namespace {
const char* phase_name(FlushState::Phase p) {
  switch (p) {
    case FlushState::Phase::kStartSeat:
      return "start-seat";
    case FlushState::Phase::kDeal:
      return "deal";
    case FlushState::Phase::kPlay:
      return "play";
    case FlushState::Phase::kAdd:
      return "add";
    case FlushState::Phase::kGive:
      return "give";
    case FlushState::Phase::kBlindReveal:
      return "blind-reveal";
    case FlushState::Phase::kScoreReveal:
      return "score-reveal";
    case FlushState::Phase::kOver:
      return "over";
  }
  return "?";
}
}  // namespace

// Lines "key value...". Hidden: other hands, every Blind's value, the unseen rest.
std::string FlushState::observation(int seat) const {
  std::ostringstream o;
  const int me = seat - 1;
  o << "seat " << seat << "\nplayers " << n_ << "\nround " << round_ << "\n";
  const int cp = current_player();
  o << "to_move "
    << (cp == kChance     ? std::string("chance")
        : cp == kTerminal ? std::string("none")
                          : std::to_string(cp))
    << "\nphase " << phase_name(phase_);
  if (phase_ == Phase::kAdd) o << " " << add_value_;
  if (phase_ == Phase::kGive) o << " to " << give_to_ + 1;
  o << "\nmimic "
    << (mimic_kind_ < 0 ? std::string("unknown")
        : mimic_value() ? std::to_string(mimic_value())
                        : "none");
  if (mimic_kind_ >= 0) o << " card " << kind_text(mimic_kind_);
  o << "\nlimit " << flush_game().limit() << "\ntotals";
  for (int s = 0; s < n_; ++s) o << ' ' << totals_[s];
  o << "\nstatus";
  for (int s = 0; s < n_; ++s) o << ' ' << (out_round_[s] ? "out" : "in");
  o << "\nhand " << cards_text(seats_[me].hand) << "\n";
  for (int s = 0; s < n_; ++s)
    o << "player " << s + 1 << " hand_size " << seats_[s].hand.size() << " blinds " << seats_[s].blinds
      << " up " << cards_text(seats_[s].up) << "\n";
  o << "pile";
  for (int i = 0; i < num_plays_; ++i) {
    const PilePlay& p = plays_[i];
    o << ' ' << p.seat + 1 << ':';
    for (int c = 0; c < p.count; ++c) {
      const int k = pile_[p.begin + c];
      if (c) o << '+';
      o << kind_text(k);
      if (k != kFlushKind && value_of(k) != p.value) o << '=' << int(p.value);
    }
    if (p.pickup) o << ":pick";
    if (p.blind) o << ":blind";
  }
  if (num_plays_ == 0) o << " -";
  o << "\nflushed " << cards_text(flushed_) << "\nplays_since_flush " << plays_since_flush_ << "\n";
  if (phase_ == Phase::kScoreReveal || (phase_ == Phase::kOver && finisher_ >= 0)) {
    for (int s = 0; s < n_; ++s)
      if (!revealed_[s].empty()) o << "revealed " << s + 1 << ' ' << cards_text(revealed_[s]) << "\n";
  }
  return o.str();
}

std::string FlushState::render() const {
  std::ostringstream o;
  o << "Flush round " << round_ << " (void " << voided_ << "), phase " << phase_name(phase_) << ", mimic "
    << (mimic_kind_ < 0 ? std::string("?") : kind_text(mimic_kind_)) << ", to move " << current_player()
    << "\n";
  for (int s = 0; s < n_; ++s) {
    o << "  seat " << s + 1 << (out_round_[s] ? " (out)" : "") << " total " << totals_[s] << " hand "
      << cards_text(seats_[s].hand) << " | up " << cards_text(seats_[s].up) << " | blinds "
      << seats_[s].blinds;
    if (!revealed_[s].empty()) o << " | scored blinds " << cards_text(revealed_[s]);
    o << "\n";
  }
  o << "  pile:";
  for (int i = 0; i < num_plays_; ++i) {
    o << " [" << plays_[i].seat + 1 << ":";
    for (int c = 0; c < plays_[i].count; ++c) o << (c ? "+" : "") << kind_text(pile_[plays_[i].begin + c]);
    o << " as " << int(plays_[i].value) << "]";
  }
  o << "\n  flushed " << cards_text(flushed_) << "\n  unseen " << unseen_.size() << " cards\n";
  return o.str();
}

// Rank: players still in beat eliminated ones; later eliminations beat earlier ones;
// within a group the lower total is better (equal totals tie).
std::vector<SeatResult> FlushState::results() const {
  std::vector<SeatResult> r(n_);
  auto better = [&](int a, int b) {
    const bool in_a = out_round_[a] == 0, in_b = out_round_[b] == 0;
    if (in_a != in_b) return in_a;
    if (!in_a && out_round_[a] != out_round_[b]) return out_round_[a] > out_round_[b];
    return totals_[a] < totals_[b];
  };
  for (int s = 0; s < n_; ++s) {
    r[s].team = s;
    r[s].score = totals_[s];
    for (int t = 0; t < n_; ++t) r[s].rank += better(t, s);
  }
  return r;
}

}  // namespace arena::flush
