// A state's picture (engine/core/picture.h) as compact JSON, the form the report embeds and
// `arena report --dump-picture` prints. Short keys keep a 10,000-game report small (each
// spelled once, report/page_keys.h, and named by the page, report/page/keys.js):
//   {"s": seat, "n": players, "m": to_move, "c": caption,
//    "b": [{"h": "square"|"hex", "w": width, "t": height, "e": [edge seats],
//           "k": [[x, y, name, stone] or [x, y, name, stone, tile, rotation, [[a, b, seat]...]]],
//           "r": true when the board has walls (only then)}],
//    "z": [[name, seat, [cards], [played_by], hidden] plus, when the cards have faces,
//           [[rank, suit "S"|"H"|"D"|"C"|"", note, special 0|1]...]],
//    "v": [[key, value, seat]],
//    "p": {kind: number} the hand and trick in progress (only when the game counts them),
//    "h": [[kind, seat, cell] or [kind, seat, card, zone, zone seat]] highlights (only when any)}
#pragma once

#include <boost/json/value.hpp>

#include "engine/core/picture.h"

namespace arena::report {

boost::json::value picture_to_json(const Picture& picture);

}  // namespace arena::report
