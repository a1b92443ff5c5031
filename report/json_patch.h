// Compact differences between two JSON values, so a replay embeds the first picture of a game
// in full and every later one as what changed (docs/report.md, "Size"). The page applies the
// same rules in reverse (applyPatch in report/page/frames.js):
//   - a patch that is not an object replaces the value;
//   - {"=": v} replaces the value with v (any type);
//   - {"@": [op...]} edits an array from its start: a number n > 0 keeps the next n elements,
//     n < 0 deletes the next -n, an array inserts its elements (values, never patches), an
//     object is a patch of the next element (which it consumes). Elements not reached stay.
//     So a card taken from the middle of a stock costs a few bytes, not the stock again;
//   - any other object patches the named fields of an object.
#pragma once

#include <boost/json/value.hpp>

namespace arena::report {

// The patch turning `before` into `after`; null when they are equal (check with equal first:
// a null patch is also how "becomes null" would read, and pictures hold no nulls).
boost::json::value json_patch(const boost::json::value& before, const boost::json::value& after);

// `before` with `patch` applied (for tests: the page does the same). Throws UserError on a
// patch that does not fit its value (an edit past the end of the array).
boost::json::value apply_json_patch(const boost::json::value& before, const boost::json::value& patch);

}  // namespace arena::report
