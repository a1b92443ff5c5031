#include "tournaments/sprt_gauntlet.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "engine/core/user_error.h"

namespace arena {

SprtGauntlet::SprtGauntlet(int bots, const std::vector<int>& chosen, const SprtParams& params, int max_pairs)
    : params_(params), max_pairs_(max_pairs) {
  if (max_pairs < 1) throw UserError("an SPRT gauntlet needs at least one pair per pairing");
  for (int g : chosen)
    for (int o = 0; o < bots; ++o) {
      if (std::find(chosen.begin(), chosen.end(), o) != chosen.end()) continue;
      Pairing p;
      p.chosen = g;
      p.other = o;
      p.sprt = sprt_test(std::vector<double>(5, 0), params_);
      p.sprt.decision = SprtDecision::kContinue;  // nothing is decided before the first pair
      pairings_.push_back(p);
    }
  if (pairings_.empty()) throw UserError("a gauntlet needs at least one bot that is not chosen");
}

std::vector<StageTable> SprtGauntlet::next_stage() {
  pending_.clear();
  std::vector<StageTable> stage;
  ++stage_;
  for (std::size_t i = 0; i < pairings_.size(); ++i) {
    if (!open(pairings_[i])) continue;
    StageTable t;
    t.round = 1;
    t.table = static_cast<int>(i) + 1;
    t.first_set = pairings_[i].results.pairs();
    t.bots = {pairings_[i].chosen, pairings_[i].other};
    stage.push_back(std::move(t));
    pending_.push_back(static_cast<int>(i));
  }
  return stage;
}

void SprtGauntlet::results(const std::vector<std::vector<double>>& table_points) {
  for (std::size_t k = 0; k < pending_.size() && k < table_points.size(); ++k) {
    Pairing& p = pairings_[pending_[k]];
    const int index = static_cast<int>(std::lround(table_points[k][0] * 2));
    p.results.add_pair(std::clamp(index, 0, 4));
    p.sprt = p.results.test(params_);
  }
  pending_.clear();
}

std::string SprtGauntlet::report(const std::vector<std::string>& names) const {
  std::string out;
  for (const Pairing& p : pairings_) {
    char line[512];
    const char* decision = p.sprt.decision == SprtDecision::kContinue ? "no decision (pair cap reached)"
                                                                      : sprt_decision_text(p.sprt.decision);
    const std::array<int, 5>& counts = p.results.pentanomial();
    std::snprintf(line, sizeof line,
                  "%s vs %s: LLR %.2f (bounds %.2f, %.2f) after %d pairs [%d %d %d %d %d]: %s\n",
                  names[p.chosen].c_str(), names[p.other].c_str(), p.sprt.llr, p.sprt.lower, p.sprt.upper,
                  p.results.pairs(), counts[0], counts[1], counts[2], counts[3], counts[4], decision);
    out += line;
  }
  return out;
}

}  // namespace arena
