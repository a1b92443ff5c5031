// The moments of a score distribution, the normalised-Elo scale and the normal distribution:
// what the Elo estimates (head_to_head.cpp, ratings.cpp) and the SPRT (sprt.cpp) compute with.
#pragma once

#include <cmath>
#include <utility>
#include <vector>

namespace arena::ratings_detail {

inline constexpr double kNeloPerT = 800.0 / 2.302585092994046;  // 800 / ln 10
// The two-sided 95% quantile of the normal distribution: every error bar's half-width in SEs.
inline constexpr double kZ95 = 1.959963984540054;

inline double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// Mean and variance of a distribution on values a_i with probabilities p_i.
inline std::pair<double, double> moments(const std::vector<double>& a, const std::vector<double>& p) {
  double mu = 0, var = 0;
  for (std::size_t i = 0; i < a.size(); ++i) mu += p[i] * a[i];
  for (std::size_t i = 0; i < a.size(); ++i) var += p[i] * (a[i] - mu) * (a[i] - mu);
  return {mu, var};
}

}  // namespace arena::ratings_detail
