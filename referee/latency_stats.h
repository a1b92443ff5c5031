// The referee's own latency per decision of one game: from the moment a move was read to the
// moment the next request had been written (engine work, the event lines, the legal list, the
// write), summarised as p50, p99 and max for the record (records/timing_tags.h). Adding a
// sample is a store into memory reserved up front: nothing on the per-ply path allocates
// until a game passes kReserved decisions (then the vector doubles, a few times a game).
#pragma once

#include <cstdint>
#include <vector>

#include "records/timing_tags.h"

namespace arena {

class LatencyStats {
 public:
  static constexpr std::size_t kReserved = 512;
  LatencyStats() { samples_.reserve(kReserved); }
  void add(std::int64_t us) {
    samples_.push_back(static_cast<std::uint32_t>(us < 0 ? 0 : us > 0xffffffffLL ? 0xffffffffLL : us));
  }
  bool empty() const { return samples_.empty(); }
  // Nearest-rank percentiles over the game; reorders the samples (called once, at the end).
  LatencySummary summary();

 private:
  std::vector<std::uint32_t> samples_;
};

}  // namespace arena
