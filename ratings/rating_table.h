// Renders a RatingTable for people (aligned text), spreadsheets (CSV) and programs (JSON).
#pragma once

#include <boost/json/value.hpp>
#include <string>

#include "ratings/ratings.h"

namespace arena {

// A bot's Elo as the tables print it, with `decimals` decimals: "~" before it when the small
// prior holds it finite, "+" / "-" after it when the bot won / lost every game.
std::string rating_elo_text(const RatedBot& bot, int decimals);
// The line that explains those marks, or "" when no bot is marked.
std::string rating_marks_legend(const RatingTable& table);

// Aligned table, then the warnings ("warning: ..."). LOS is over the next bot down.
std::string render_ratings_text(const RatingTable& table);
// The likelihood-of-superiority matrix as text: row bot stronger than column bot, in %.
std::string render_los_matrix_text(const RatingTable& table);
// One header line, one line per bot; warnings are not part of CSV (print them apart).
std::string render_ratings_csv(const RatingTable& table);
// Everything, LOS matrix and warnings included; unmeasurable numbers are null.
boost::json::value ratings_to_json(const RatingTable& table);

}  // namespace arena
