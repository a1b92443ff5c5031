#include "ratings/weng_lin.h"

#include <algorithm>
#include <cmath>

namespace arena {

namespace {

struct TeamSum {
  double mu = 0, variance = 0;
  int rank = 0;
};

}  // namespace

// Algorithm 4 of the paper: with c² = Σ_q (σ_q² + β²), team i's mean moves by
// σ_i²/c · Σ_{q: r_q ≤ r_i} (δ_iq − e^{μ_i/c} / C_q) / A_q, and its variance shrinks by
// γ_i σ_i²/c² · Σ_q p_iq (1 − p_iq) / A_q, where C_q sums e^{μ/c} over the teams placed at
// or below q and A_q counts the teams tied with q. γ_i = σ_i / c. A team's change goes to
// its players in proportion to their variances.
void weng_lin_update(std::vector<std::vector<SkillBelief*>>& teams, const std::vector<int>& ranks,
                     const WengLinOptions& o) {
  const std::size_t k = teams.size();
  std::vector<TeamSum> sum(k);
  double c2 = 0;
  for (std::size_t t = 0; t < k; ++t) {
    for (const SkillBelief* p : teams[t]) {
      sum[t].mu += p->mu;
      sum[t].variance += p->sigma * p->sigma;
    }
    sum[t].rank = ranks[t];
    c2 += sum[t].variance + o.beta * o.beta;
  }
  const double c = std::sqrt(c2);
  std::vector<double> exp_mu(k), below(k, 0), tied(k, 0);
  for (std::size_t t = 0; t < k; ++t) exp_mu[t] = std::exp(sum[t].mu / c);
  for (std::size_t q = 0; q < k; ++q)
    for (std::size_t t = 0; t < k; ++t) {
      if (sum[t].rank >= sum[q].rank) below[q] += exp_mu[t];
      if (sum[t].rank == sum[q].rank) tied[q] += 1;
    }
  std::vector<double> omega(k, 0), delta(k, 0);
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t q = 0; q < k; ++q) {
      if (sum[q].rank > sum[i].rank) continue;
      const double p = exp_mu[i] / below[q];
      omega[i] += ((i == q ? 1.0 : 0.0) - p) / tied[q];
      delta[i] += p * (1 - p) / tied[q];
    }
  }
  for (std::size_t i = 0; i < k; ++i) {
    const double var = sum[i].variance;
    if (var <= 0) continue;
    const double gamma = std::sqrt(var) / c;
    const double team_omega = omega[i] * var / c;
    const double team_delta = gamma * delta[i] * var / c2;
    for (SkillBelief* p : teams[i]) {
      const double share = p->sigma * p->sigma / var;
      p->mu += share * team_omega;
      p->sigma *= std::sqrt(std::max(1 - share * team_delta, o.kappa));
    }
  }
}

}  // namespace arena
