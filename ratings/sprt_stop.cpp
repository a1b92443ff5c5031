#include "ratings/sprt_stop.h"

#include <cstdio>

#include "ratings/rated_game.h"

namespace arena {

bool SprtStop::add(const GameRecord& record) {
  ++games_;
  for (const RatedGame& g : rated_games_from_records({record}, nullptr)) tally_.add(g);  // none if aborted
  const auto h2h = tally_.summary(params_);
  if (!h2h || !h2h->sprt) return false;
  last_ = *h2h;
  return h2h->sprt->decision != SprtDecision::kContinue;
}

std::string SprtStop::progress_line() const {
  if (!last_ || !last_->sprt) return "";
  char buf[160];
  std::snprintf(buf, sizeof buf, "SPRT: LLR %.2f (bounds %.2f, %.2f) after %zu games: %s", last_->sprt->llr,
                last_->sprt->lower, last_->sprt->upper, games_, sprt_decision_text(last_->sprt->decision));
  return buf;
}

std::string SprtStop::report() const { return last_ ? render_head_to_head_text(*last_) : ""; }

}  // namespace arena
