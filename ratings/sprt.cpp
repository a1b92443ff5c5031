#include "ratings/sprt.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include "engine/core/user_error.h"
#include "ratings/score_moments.h"

namespace arena {

using namespace ratings_detail;

namespace {

// Root of Σ p_i b_i / (1 + x b_i) = 0 on the interval where every 1 + x b_i > 0; the
// function decreases there, so bisection is safe.
double secular_root(const std::vector<double>& b, const std::vector<double>& p) {
  double lo_b = 0, hi_b = 0;
  for (double v : b) lo_b = std::min(lo_b, v), hi_b = std::max(hi_b, v);
  // Bounds (elo0, elo1) given too far from 0: the user's setting, not a bug.
  if (!(lo_b < 0 && hi_b > 0))
    throw UserError("SPRT: the results cannot reach the hypothesis (elo0 or elo1 too far from 0)");
  double lo = -1 / hi_b, hi = -1 / lo_b;
  const double eps = 1e-12 * (hi - lo);
  lo += eps, hi -= eps;
  for (int it = 0; it < 200; ++it) {
    const double mid = (lo + hi) / 2;
    double f = 0;
    for (std::size_t i = 0; i < b.size(); ++i) f += p[i] * b[i] / (1 + mid * b[i]);
    (f > 0 ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The distribution closest in likelihood to the observed one whose t-value
// (μ − ½)/σ equals t (Van den Bergh's iteration, as in fishtest's MLE_t_value).
std::vector<double> mle_t_value(const std::vector<double>& a, const std::vector<double>& p, double t) {
  std::vector<double> q(a.size(), 1.0 / a.size()), b(a.size());
  for (int it = 0; it < 50; ++it) {
    auto [mu, var] = moments(a, q);
    const double sigma = std::sqrt(var);
    for (std::size_t i = 0; i < a.size(); ++i)
      b[i] = a[i] - 0.5 - t * sigma * (1 + ((mu - a[i]) / sigma) * ((mu - a[i]) / sigma)) / 2;
    const double x = secular_root(b, p);
    double change = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const double nq = p[i] / (1 + x * b[i]);
      change = std::max(change, std::abs(nq - q[i]));
      q[i] = nq;
    }
    if (change < 1e-12) break;
  }
  return q;
}

}  // namespace

double sprt_llr(const std::vector<double>& counts, double nelo0, double nelo1) {
  if (counts.size() != 3 && counts.size() != 5) throw std::logic_error("SPRT needs 3 or 5 counts");
  // Empty outcome classes get a tiny count so the likelihood stays finite (as fishtest).
  std::vector<double> c = counts;
  for (double& v : c)
    if (v == 0) v = 1e-3;
  double n = 0;
  for (double v : c) n += v;
  std::vector<double> a, p;
  for (std::size_t i = 0; i < c.size(); ++i) {
    a.push_back(double(i) / double(c.size() - 1));
    p.push_back(c[i] / n);
  }
  // A pair's score has σ = σ_game / √2, so the same normalised Elo is a t-value √2 larger.
  const double scale = c.size() == 5 ? std::sqrt(2.0) : 1.0;
  const auto q0 = mle_t_value(a, p, nelo0 / kNeloPerT * scale);
  const auto q1 = mle_t_value(a, p, nelo1 / kNeloPerT * scale);
  double llr = 0;
  for (std::size_t i = 0; i < c.size(); ++i) llr += p[i] * (std::log(q1[i]) - std::log(q0[i]));
  return n * llr;
}

SprtResult sprt_test(const std::vector<double>& counts, const SprtParams& params) {
  SprtResult r;
  r.lower = std::log(params.beta / (1 - params.alpha));
  r.upper = std::log((1 - params.beta) / params.alpha);
  r.pentanomial = counts.size() == 5;
  r.llr = sprt_llr(counts, params.elo0, params.elo1);
  r.decision = r.llr >= r.upper   ? SprtDecision::kAcceptH1
               : r.llr <= r.lower ? SprtDecision::kAcceptH0
                                  : SprtDecision::kContinue;
  return r;
}

namespace {

// A value of `--sprt KEY=VALUE`: the whole text a finite number.
bool sprt_value(const std::string& value, double& v) {
  try {
    std::size_t used = 0;
    v = std::stod(value, &used);
    return used == value.size() && std::isfinite(v);
  } catch (const std::logic_error&) {  // std::stod's std::invalid_argument and std::out_of_range
    return false;
  }
}

}  // namespace

std::string sprt_problem(const std::string& text, SprtParams& p) {
  std::set<std::string> seen;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    const auto eq = part.find('=');
    if (eq == std::string::npos) return "'" + part + "' is not KEY=VALUE";
    const std::string key = part.substr(0, eq);
    double v = 0;
    if (!sprt_value(part.substr(eq + 1), v)) return key + "='" + part.substr(eq + 1) + "' is not a number";
    if (key == "elo0")
      p.elo0 = v;
    else if (key == "elo1")
      p.elo1 = v;
    else if (key == "alpha")
      p.alpha = v;
    else if (key == "beta")
      p.beta = v;
    else
      return "unknown key '" + key + "' (expected elo0, elo1, alpha, beta)";
    seen.insert(key);
  }
  if (seen.size() != 4) return "needs elo0=..,elo1=..,alpha=..,beta=..";
  if (!(p.elo0 < p.elo1)) return "elo0 must be below elo1";
  if (!(p.alpha > 0 && p.alpha < 0.5) || !(p.beta > 0 && p.beta < 0.5))
    return "alpha and beta must lie between 0 and 0.5";
  return "";
}

SprtParams parse_sprt(const std::string& text, std::string_view what) {
  SprtParams p;
  if (const std::string why = sprt_problem(text, p); !why.empty())
    throw UserError(std::string(what) + ": " + why);
  return p;
}

const char* sprt_decision_text(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kAcceptH1:
      return "H1 accepted";
    case SprtDecision::kAcceptH0:
      return "H0 accepted";
    case SprtDecision::kContinue:
      break;
  }
  return "continue";
}

void SprtAccumulator::add_game(int halves) {
  ++(halves == 2 ? wins_ : halves == 1 ? draws_ : losses_);
  ++unpaired_;
}

void SprtAccumulator::pair_up(int pair_halves) {
  add_pair(pair_halves);
  unpaired_ -= 2;
}

void SprtAccumulator::add_pair(int pair_halves) {
  ++pentanomial_[pair_halves];
  ++pairs_;
}

SprtResult SprtAccumulator::test(const SprtParams& params) const {
  if (pairs_ > 0 && unpaired_ == 0)
    return sprt_test({double(pentanomial_[0]), double(pentanomial_[1]), double(pentanomial_[2]),
                      double(pentanomial_[3]), double(pentanomial_[4])},
                     params);
  return sprt_test({double(losses_), double(draws_), double(wins_)}, params);
}

}  // namespace arena
