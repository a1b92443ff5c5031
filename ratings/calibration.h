// A table's scale set by reference bots with published ratings (a league's ladder,
// docs/league.md): the ratings of the references' part are shifted so that the references
// match their published values as well as they can (least squares, each weighted by its
// combined uncertainty). A shift, not a pin: every difference the games measured is kept, and
// how far each reference lands from its published value checks that the scale holds.
#pragma once

#include <string>
#include <vector>

#include "ratings/ratings.h"

namespace arena {

struct ReferenceRating {
  std::string name;
  double elo = 0;
  double error = 0;  // ± of its published 95% interval
};

struct Calibration {
  int references = 0;  // references that played in the shifted part
  double shift = 0;    // Elo added to every rating of that part
};

// Shifts `table` (and names the scale in table.calibration as `scale_name`); references that
// played no game are skipped. With no reference rated, the table is left as it is.
Calibration calibrate(RatingTable& table, const std::vector<ReferenceRating>& references,
                      const std::string& scale_name);

}  // namespace arena
