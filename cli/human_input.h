// What a person typed at the human seat (cli/cmd_play_human.cpp), read as forgivingly as the
// notation allows: the engine's parser on the text as typed; failing that, on the text in
// lower case and in upper case (`4B` for 4b, `DONE` for done, `f` for F); failing that, the
// legal moves compared without regard to case. A reading found only by changing case must
// be the only one: two different moves are refused, both named, never guessed between.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"

namespace arena::cli {

struct TypedMove {
  bool ok = false;
  std::string move;   // the move in the game's notation, when ok
  std::string error;  // why not, for the person, otherwise
};

// `state` is the seat's state (null when none could be had: then only `legal` is used).
TypedMove read_typed_move(const State* state, const std::vector<std::string>& legal, const std::string& text);

}  // namespace arena::cli
