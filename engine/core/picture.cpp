// The default picture: who is to move and nothing else, so a game without its own picture
// still gets a caption in viewers.
#include "engine/core/picture.h"

#include "engine/core/game.h"

namespace arena {

Picture picture_frame(const State& state, int seat) {
  Picture p;
  p.seat = seat;
  p.players = state.game().num_players();
  const int cp = state.current_player();
  p.to_move = cp > 0 ? cp : 0;
  p.caption = cp == kTerminal ? "game over"
              : cp == kChance ? "chance to act"
                              : "seat " + std::to_string(cp) + " to move";
  return p;
}

Picture State::picture(int seat) const { return picture_frame(*this, seat); }

Picture State::spectator_picture() const {
  if (!game().hidden_information()) return picture(0);
  Picture p = picture_frame(*this, kSpectatorSeat);
  return p;
}

std::string State::spectator_action_view(Move m) const {
  return game().hidden_information() ? std::string() : move_to_string(m);
}

}  // namespace arena
