// The SPRT stop rule of a match between two bots (`arena match --sprt`): after every finished
// game, the head-to-head statistics so far (pentanomial when games are paired) and the
// decision, each game added in O(1). The tournament's SPRT gauntlet keeps one
// SprtAccumulator per pairing the same way (tournaments/sprt_gauntlet.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "ratings/head_to_head.h"
#include "records/record.h"

namespace arena {

class SprtStop {
 public:
  explicit SprtStop(std::optional<SprtParams> params) : params_(std::move(params)) {}
  bool active() const { return params_.has_value(); }
  // Adds a finished game (an aborted one counts for nothing); true once a bound is crossed.
  bool add(const GameRecord& record);
  // "SPRT: LLR 1.23 (bounds -2.94, 2.94) after 40 games: continue"; "" before the first result.
  std::string progress_line() const;
  // The head-to-head table with the test, as `arena ratings --sprt` prints it.
  std::string report() const;

 private:
  std::optional<SprtParams> params_;
  std::size_t games_ = 0;  // finished, aborted ones included
  HeadToHeadTally tally_;
  std::optional<HeadToHead> last_;
};

}  // namespace arena
