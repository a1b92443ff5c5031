#include "ratings/calibration.h"

#include <cmath>
#include <map>

namespace arena {

namespace {

// The part (connected component) holding the most rated references: only ratings measured
// against the references can be put on their scale.
int references_part(const RatingTable& table, const std::map<std::string, const ReferenceRating*>& by_name) {
  std::map<int, int> count;
  for (const RatedBot& b : table.bots)
    if (by_name.count(b.name) && std::isfinite(b.elo)) ++count[b.component];
  int best = -1, most = 0;
  for (const auto& [part, n] : count)
    if (n > most) best = part, most = n;
  return best;
}

}  // namespace

Calibration calibrate(RatingTable& table, const std::vector<ReferenceRating>& references,
                      const std::string& scale_name) {
  std::map<std::string, const ReferenceRating*> by_name;
  for (const ReferenceRating& r : references) by_name[r.name] = &r;
  Calibration c;
  const int part = references_part(table, by_name);
  if (part < 0) return c;
  // Weighted mean of (published - measured): the least-squares shift.
  double sum = 0, weights = 0;
  for (const RatedBot& b : table.bots) {
    auto it = by_name.find(b.name);
    if (it == by_name.end() || b.component != part || !std::isfinite(b.elo)) continue;
    const double fit_error = std::isfinite(b.error) ? b.error : 0;
    const double variance = fit_error * fit_error + it->second->error * it->second->error;
    const double w = 1 / std::max(variance, 1.0);  // a 1-Elo floor keeps exact values finite
    sum += w * (it->second->elo - b.elo);
    weights += w;
    ++c.references;
  }
  c.shift = sum / weights;
  for (RatedBot& b : table.bots)
    if (b.component == part) b.elo += c.shift;
  table.calibration = scale_name;
  return c;
}

}  // namespace arena
