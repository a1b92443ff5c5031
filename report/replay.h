// One recorded game replayed through the engine into what the viewer needs: the actions
// with their times and, per view (the full table, and each seat in games with hidden
// information), the picture after every action, the first in full and the rest as JSON
// patches (report/json_patch.h).
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "engine/core/picture.h"
#include "records/record.h"

namespace arena::report {

// The keys, spelled once in report/page_keys.h (page_key::replay):
// {"a": [[actor, text, micros]...],      actor 0 = chance, micros -1 = not timed
//  "w": [[views of seat 1]...],            only with hidden information: each action as that seat saw it
//  "f": [[picture, patch...] per view],    view 0 the full table, then seats 1..N; a seat's
//                                          patch a number u: the same as view u's at that ply
//  "x": "why replay stopped",             only when an action does not replay
//  "i", "ic": the bots' own lines}         report/bot_lines_json.h
// `seat_views`: also every seat's own pictures (hidden-information games).
boost::json::object replay_json(const GameRecord& record, bool seat_views);

// A game in play as a spectator sees it (`arena serve`, docs/serve.md), in the same form with
// one view: each action as State::spectator_action_view gives it, micros -1, each position as
// State::spectator_picture draws it; no "w", no bot lines. Nothing hidden from every seat is
// in it. Stops, with "x", at an action the engine refuses or that is not its actor's turn.
boost::json::object spectator_replay_json(const std::string& spec,
                                          const std::vector<RecordedAction>& actions);

// Why the record's game cannot be built or its actions do not replay to the end, as "x" says
// it; "" when they do.
std::string replay_problem(const GameRecord& record);

// The picture `seat` (0: full) saw after the first `ply` actions. Throws UserError when the
// record's game cannot be built or its actions do not replay that far.
Picture picture_at(const GameRecord& record, int ply, int seat);

}  // namespace arena::report
