// Flush's picture: per seat its hand (face down for other seats), face-up Bases, Blinds
// (always face down until scored) and scored Blinds; on the table the pile play by play,
// the flushed cards and the unseen rest as a count. A seat sees the same as its observation.
#include "engine/core/picture.h"
#include "engine/flush/flush_state.h"

namespace arena::flush {

namespace {

// A card as a viewer draws it: its value and mark; Flush, Skip and Bonus cards are the special
// ones.
PictureCard face(int kind) {
  if (kind == kFlushKind) return {"Flush", PictureCard::Suit::kNone, "", true};
  const std::string mark = is_skip(kind) ? "skip" : is_bonus(kind) ? "bonus" : "";
  return {std::to_string(value_of(kind)), PictureCard::Suit::kNone, mark, !mark.empty()};
}

// Face-up cards as a zone: each card's notation and face, in kind order.
PictureZone face_up(const char* name, int seat, const Cards& cards) {
  PictureZone z{name, seat, {}, {}, 0, {}};
  for (int k = 0; k < kNumKinds; ++k)
    for (int i = 0; i < cards[k]; ++i) {
      z.cards.push_back(kind_text(k));
      z.faces.push_back(face(k));
    }
  return z;
}

const char* phase_caption(FlushState::Phase p) {
  switch (p) {
    case FlushState::Phase::kStartSeat:
      return "choosing the first leader";
    case FlushState::Phase::kDeal:
      return "dealing";
    case FlushState::Phase::kPlay:
      return "play";
    case FlushState::Phase::kAdd:
      return "adding to a flipped Blind";
    case FlushState::Phase::kGive:
      return "giving a Base";
    case FlushState::Phase::kBlindReveal:
      return "a Blind is flipped";
    case FlushState::Phase::kScoreReveal:
      return "scoring the Blinds";
    case FlushState::Phase::kOver:
      return "over";
  }
  return "?";
}

}  // namespace

Picture FlushState::picture(int seat) const {
  Picture p = picture_frame(*this, seat);
  p.caption = "round " + std::to_string(round_) + ", " + phase_caption(phase_) +
              (p.to_move ? ", seat " + std::to_string(p.to_move) + " to act" : "");
  p.parts = {{"hand", round_}};  // a round is Flush's hand: it starts with its deal
  const bool show_revealed = phase_ == Phase::kScoreReveal || (phase_ == Phase::kOver && finisher_ >= 0);
  for (int s = 0; s < n_; ++s) {
    const SeatCards& sc = seats_[s];
    PictureZone hand = face_up("hand", s + 1, seat == 0 || seat == s + 1 ? sc.hand : Cards{});
    if (seat != 0 && seat != s + 1) hand.hidden = sc.hand.size();
    p.zones.push_back(std::move(hand));
    p.zones.push_back(face_up("bases", s + 1, sc.up));
    p.zones.push_back({"blinds", s + 1, {}, {}, sc.blinds, {}});
    if (show_revealed && !revealed_[s].empty())
      p.zones.push_back(face_up("scored blinds", s + 1, revealed_[s]));
    p.values.push_back({"total", std::to_string(totals_[s]), s + 1});
    if (out_round_[s]) p.values.push_back({"out", "round " + std::to_string(out_round_[s]), s + 1});
  }
  PictureZone pile{"pile", 0, {}, {}, 0, {}};
  for (int i = 0; i < num_plays_; ++i) {
    const PilePlay& play = plays_[i];
    for (int c = 0; c < play.count; ++c) {
      const int k = pile_[play.begin + c];
      std::string text = kind_text(k);
      PictureCard card = face(k);
      if (k != kFlushKind && value_of(k) != play.value) {  // a Mimic standing for the play's value
        text += "=" + std::to_string(play.value);
        card.note += (card.note.empty() ? "=" : " =") + std::to_string(play.value);
      }
      pile.cards.push_back(std::move(text));
      pile.faces.push_back(std::move(card));
      pile.played_by.push_back(play.seat + 1);
    }
  }
  p.zones.push_back(std::move(pile));
  p.zones.push_back(face_up("flushed", 0, flushed_));
  p.zones.push_back({"unseen", 0, {}, {}, unseen_.size(), {}});
  p.values.push_back({"mimic", mimic_kind_ < 0 ? "unknown" : kind_text(mimic_kind_), 0});
  p.values.push_back({"limit", std::to_string(rules().limit()), 0});
  if (phase_ == Phase::kAdd) p.values.push_back({"adding to", std::to_string(add_value_), 0});
  if (phase_ == Phase::kGive) p.values.push_back({"giving to", "seat " + std::to_string(give_to_ + 1), 0});
  return p;
}

Picture FlushState::spectator_picture() const { return picture(kSpectatorSeat); }

std::string FlushState::spectator_action_view(Move m) const { return action_view(kSpectatorSeat, m); }

}  // namespace arena::flush
