// `arena verify`: replays records with the rules engine and finds the first place where a
// record and the rules disagree (docs/records.md, "arena verify").
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "records/record.h"

namespace arena {

// Builds a game from its canonical spec; throws SpecError for an unknown or bad spec.
// The default is the registry's make_game; tests pass games of their own.
using GameFactory = std::function<std::unique_ptr<Game>(std::string_view spec)>;
GameFactory registry_game_factory();

// The first disagreement found in one record.
struct Discrepancy {
  int action = 0;  // 1-based index of the action at fault; 0 when about the game as a whole
  std::string message;
};

// Replays `record` and checks every action's actor and legality, where the game ends, and
// the recorded termination, fault seat and results. nullopt when the record is sound.
std::optional<Discrepancy> verify_record(const GameRecord& record, const GameFactory& factory);

// One failed game of a PGN text.
struct VerifyFailure {
  int game = 0;         // 1-based game number in the text
  int line = 0;         // line of the failing action, or of the game's first tag
  std::string message;  // what was wrong, with the action's number and text when there is one
};

struct VerifyReport {
  int games = 0;   // games found, readable or not
  int passed = 0;  // games that replayed without a discrepancy
  std::vector<VerifyFailure> failures;
  bool ok() const { return failures.empty(); }
};

// Reads every game of a PGN text and verifies each; unreadable games are failures too.
VerifyReport verify_pgn(std::string_view text, const GameFactory& factory);

}  // namespace arena
