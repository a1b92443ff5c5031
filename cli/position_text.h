// A recorded game's positions as `arena show` prints them, one after the other: the engine
// replays the record and draws each position (or what one seat was shown), with the last action
// and the decision taken there (records/decisions.h). `arena repro` prints the position it
// reruns with the same text, so the two cannot draw it differently.
#pragma once

#include <memory>
#include <string>

#include "engine/core/game.h"
#include "records/record.h"

namespace arena::cli {

class PositionReplay {
 public:
  // At position 0 of `record`, whose game is `game`; `seat` 0 draws the full picture, S what
  // seat S was shown. `where` names the game in errors ("games.pgn: game 3").
  PositionReplay(const GameRecord& record, const Game& game, std::string where, int seat);
  ~PositionReplay();

  // Applies the next action; a CommandError naming it when it does not replay.
  void step();
  int ply() const { return ply_; }

  // The position as `arena show` prints it: a header with `number` (the game's number in its
  // file), the last action, the picture, the decision taken here and, at the end, the result.
  std::string text(int number) const;

 private:
  const GameRecord& record_;
  std::string where_;
  int seat_;
  std::unique_ptr<State> state_;
  int ply_ = 0;
  std::string last_;
};

}  // namespace arena::cli
