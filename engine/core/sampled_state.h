// Sampling a state from one seat's knowledge (OpenSpiel calls it resampling from an
// information state): the engine hook that determinizing searchers need in games with
// hidden information. A bot knows only the views of the actions it was sent (action_view);
// Game::sample_state() builds a full state that shows that seat exactly those views, with
// every hidden part (other hands, face-down draws) drawn at random among the possibilities
// that agree with them. Perfect-information games get the one state there is.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arena {

class Rng;

// One action as a seat saw it: who acted (seat 1..N or kChance) and its view
// (State::action_view of that seat). Actions whose view was "" are not listed.
struct SeenAction {
  int actor = kChance;
  std::string view;
};

// What every seat sees, action by action, replaying `history` from a fresh state of `game`
// (for tests and the SDK's own checks): the list `seat` would have been sent.
std::vector<SeenAction> seen_by(const Game& game, int seat, const std::vector<Action>& history);

// The generic sampler behind Game::sample_state's default: a depth-first search over the
// actions whose view matches, in random order (chance outcomes weighted by probability),
// with backtracking, giving up after `budget` tried actions (0: 20 per seen action plus
// 1,000, ample where hidden actions are soon revealed and quick to give up elsewhere). Exact for
// perfect-information games and for hidden draws that a later action reveals (Flows' tiles); card games,
// where a card dealt early is named only much later, override sample_state with their own sampler and may
// call this to replay what they drew. Throws UserError when `seen` is not a view of this game for `seat`, or
// when the budget runs out.
std::unique_ptr<State> sample_by_search(const Game& game, int seat, std::span<const SeenAction> seen,
                                        Rng& rng, std::size_t budget = 0);

// The UserError of a sampler that finds `seen` impossible at action `at` (0-based), thrown where
// that is found, so no caller re-words it: "SPEC: no state shows seat N these K actions
// (action A, 'VIEW': WHY)".
[[noreturn]] void fail_sampling(const Game& game, int seat, std::span<const SeenAction> seen, std::size_t at,
                                std::string_view why);

}  // namespace arena
