#include "records/move_times.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace arena {

// Bucket b holds times up to upper_bound(b): 2^(b/16) steps, exact below 16 µs.
int MoveTimes::bucket(std::int64_t micros) {
  if (micros < kSteps) return static_cast<int>(std::max<std::int64_t>(micros, 0));
  const int power = std::bit_width(static_cast<std::uint64_t>(micros)) - 1;  // 2^power <= micros
  // The step within [2^power, 2^(power+1)): the next 4 bits below the leading one.
  const int step = static_cast<int>((static_cast<std::uint64_t>(micros) >> (power - 4)) & (kSteps - 1));
  return std::min(kBuckets - 1, (power - 4 + 1) * kSteps + step);
}

std::int64_t MoveTimes::upper_bound(int b) {
  if (b < kSteps) return b;
  const int power = b / kSteps - 1 + 4, step = b % kSteps;
  return ((std::int64_t{kSteps} + step + 1) << (power - 4)) - 1;
}

void MoveTimes::add(std::int64_t micros) {
  if (micros < 0) return;  // chance actions and old records: no time
  ++counts_[bucket(micros)];
  ++moves_;
  total_ += micros;
  worst_ = std::max(worst_, micros);
}

void MoveTimes::merge(const MoveTimes& o) {
  for (int b = 0; b < kBuckets; ++b) counts_[b] += o.counts_[b];
  moves_ += o.moves_;
  total_ += o.total_;
  worst_ = std::max(worst_, o.worst_);
}

std::vector<std::pair<int, std::int64_t>> MoveTimes::buckets() const {
  std::vector<std::pair<int, std::int64_t>> out;
  for (int b = 0; b < kBuckets; ++b)
    if (counts_[b]) out.emplace_back(b, counts_[b]);
  return out;
}

void MoveTimes::add_bucket(int b, std::int64_t moves) {
  if (b < 0 || b >= kBuckets || moves <= 0) return;
  counts_[b] += moves;
  moves_ += moves;
}

void MoveTimes::add_totals(std::int64_t total_micros, std::int64_t worst_micros) {
  total_ += total_micros;
  worst_ = std::max(worst_, worst_micros);
}

std::int64_t MoveTimes::percentile_micros(double fraction) const {
  if (moves_ == 0) return 0;
  const auto needed = static_cast<std::int64_t>(std::ceil(fraction * static_cast<double>(moves_)));
  std::int64_t seen = 0;
  for (int b = 0; b < kBuckets; ++b) {
    seen += counts_[b];
    if (seen >= needed) return std::min(upper_bound(b), worst_);
  }
  return worst_;
}

}  // namespace arena
