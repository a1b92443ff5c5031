#include "referee/latency_stats.h"

#include <algorithm>
#include <cmath>

namespace arena {

namespace {
// The nearest-rank percentile q (0..1) of `v`, which it partly sorts.
std::int64_t percentile(std::vector<std::uint32_t>& v, double q) {
  const std::size_t rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
  const std::size_t i = rank == 0 ? 0 : rank - 1;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
  return v[i];
}
}  // namespace

LatencySummary LatencyStats::summary() {
  LatencySummary s;
  s.decisions = static_cast<int>(samples_.size());
  if (samples_.empty()) return s;
  s.p50_us = percentile(samples_, 0.50);
  s.p99_us = percentile(samples_, 0.99);
  s.max_us = *std::max_element(samples_.begin(), samples_.end());
  return s;
}

}  // namespace arena
