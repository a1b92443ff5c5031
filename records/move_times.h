// Time per move of one bot over many games, from the records' per-decision times: mean, 99th
// percentile and worst, as tables and the report show them. Percentiles come from a fixed
// histogram (buckets growing by 1/16 of a power of two), so adding a move costs no allocation
// and two summaries merge exactly.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace arena {

class MoveTimes {
 public:
  void add(std::int64_t micros);
  void merge(const MoveTimes& other);
  // The summary in parts, for a store that keeps it as sums (league/league_summary.h): the
  // non-empty buckets with their moves, and the total time and the worst. Adding the parts
  // back (add_bucket for each, then add_totals) gives an equal summary.
  std::vector<std::pair<int, std::int64_t>> buckets() const;
  std::int64_t total_micros() const { return total_; }
  void add_bucket(int bucket, std::int64_t moves);  // a bucket outside the histogram is ignored
  void add_totals(std::int64_t total_micros, std::int64_t worst_micros);
  std::int64_t moves() const { return moves_; }
  double mean_micros() const {
    return moves_ ? static_cast<double>(total_) / static_cast<double>(moves_) : 0;
  }
  std::int64_t worst_micros() const { return worst_; }
  // The smallest bucket bound below which at least `fraction` of the moves fall: within 1/16
  // (about 4%) of the true percentile, never below it.
  std::int64_t percentile_micros(double fraction) const;

 private:
  static constexpr int kSteps = 16;             // buckets per power of two
  static constexpr int kBuckets = 40 * kSteps;  // up to 2^40 µs (12 days)
  static int bucket(std::int64_t micros);
  static std::int64_t upper_bound(int bucket);
  std::array<std::int64_t, kBuckets> counts_{};
  std::int64_t moves_ = 0, total_ = 0, worst_ = 0;
};

}  // namespace arena
