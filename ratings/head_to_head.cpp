#include "ratings/head_to_head.h"

#include <boost/json.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "ratings/ratings.h"

namespace arena {

namespace {

constexpr double kZ95 = 1.959963984540054;
constexpr double kNeloPerT = 800.0 / 2.302585092994046;  // 800 / ln 10

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// Mean and variance of a distribution on values a_i with probabilities p_i.
std::pair<double, double> moments(const std::vector<double>& a, const std::vector<double>& p) {
  double mu = 0, var = 0;
  for (std::size_t i = 0; i < a.size(); ++i) mu += p[i] * a[i];
  for (std::size_t i = 0; i < a.size(); ++i) var += p[i] * (a[i] - mu) * (a[i] - mu);
  return {mu, var};
}

EloEstimate estimate(const std::vector<double>& values, const std::vector<double>& counts,
                     double sigma_factor) {
  EloEstimate e;
  double n = 0;
  for (double c : counts) n += c;
  if (n <= 0) return e;
  std::vector<double> p;
  for (double c : counts) p.push_back(c / n);
  auto [s, var] = moments(values, p);
  e.score = s;
  e.elo = elo_from_score(s);
  const double se = std::sqrt(var / n);
  e.lower = elo_from_score(s - kZ95 * se);
  e.upper = elo_from_score(s + kZ95 * se);
  e.error = (e.upper - e.lower) / 2;
  // σ per game: a pair's score is the mean of two games, hence √2 for pairs.
  const double sigma_game = std::sqrt(sigma_factor * var);
  e.nelo = sigma_game > 0 ? (s - 0.5) / sigma_game * kNeloPerT : 0;
  e.nelo_error = sigma_game > 0 ? kZ95 * se / sigma_game * kNeloPerT : 0;
  e.los = se > 0 ? normal_cdf((s - 0.5) / se) : (s > 0.5 ? 1 : s < 0.5 ? 0 : 0.5);
  return e;
}

// Root of Σ p_i b_i / (1 + x b_i) = 0 on the interval where every 1 + x b_i > 0; the
// function decreases there, so bisection is safe.
double secular_root(const std::vector<double>& b, const std::vector<double>& p) {
  double lo_b = 0, hi_b = 0;
  for (double v : b) lo_b = std::min(lo_b, v), hi_b = std::max(hi_b, v);
  if (!(lo_b < 0 && hi_b > 0)) throw std::domain_error("SPRT: the results cannot reach the hypothesis");
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

// An infinite estimate (one side won everything) reads "inf"/"-inf"; an undefined one "-".
std::string fmt(double v, int d) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", d, v);
  return buf;
}

boost::json::value num(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}

boost::json::object estimate_json(const EloEstimate& e) {
  boost::json::object o;
  o["score"] = e.score;
  o["elo"] = num(e.elo);
  o["error"] = num(e.error);
  o["lower"] = num(e.lower);
  o["upper"] = num(e.upper);
  o["nelo"] = num(e.nelo);
  o["nelo_error"] = num(e.nelo_error);
  o["los"] = e.los;
  return o;
}

}  // namespace

EloEstimate trinomial_elo(int wins, int draws, int losses) {
  EloEstimate e = estimate({0.0, 0.5, 1.0}, {double(losses), double(draws), double(wins)}, 1.0);
  // LOS from wins and losses alone (draws carry no information on who is stronger).
  if (wins + losses > 0) e.los = 0.5 * (1 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
  return e;
}

EloEstimate pentanomial_elo(const std::array<int, 5>& pairs) {
  return estimate({0.0, 0.25, 0.5, 0.75, 1.0},
                  {double(pairs[0]), double(pairs[1]), double(pairs[2]), double(pairs[3]), double(pairs[4])},
                  2.0);
}

double sprt_llr(const std::vector<double>& counts, double nelo0, double nelo1) {
  if (counts.size() != 3 && counts.size() != 5) throw std::invalid_argument("SPRT needs 3 or 5 counts");
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
  r.decision = r.llr >= r.upper ? "H1 accepted" : r.llr <= r.lower ? "H0 accepted" : "continue";
  return r;
}

SprtParams parse_sprt(const std::string& text) {
  SprtParams p;
  std::set<std::string> seen;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    const auto eq = part.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("--sprt: '" + part + "' is not KEY=VALUE");
    const std::string key = part.substr(0, eq), value = part.substr(eq + 1);
    double v = 0;
    try {
      std::size_t used = 0;
      v = std::stod(value, &used);
      if (used != value.size()) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw std::invalid_argument("--sprt: " + key + "='" + value + "' is not a number");
    }
    if (key == "elo0")
      p.elo0 = v;
    else if (key == "elo1")
      p.elo1 = v;
    else if (key == "alpha")
      p.alpha = v;
    else if (key == "beta")
      p.beta = v;
    else
      throw std::invalid_argument("--sprt: unknown key '" + key + "' (expected elo0, elo1, alpha, beta)");
    seen.insert(key);
  }
  if (seen.size() != 4) throw std::invalid_argument("--sprt needs elo0=..,elo1=..,alpha=..,beta=..");
  if (!(p.elo0 < p.elo1)) throw std::invalid_argument("--sprt: elo0 must be below elo1");
  if (!(p.alpha > 0 && p.alpha < 0.5) || !(p.beta > 0 && p.beta < 0.5))
    throw std::invalid_argument("--sprt: alpha and beta must lie between 0 and 0.5");
  return p;
}

std::optional<HeadToHead> head_to_head(const std::vector<RatedGame>& games,
                                       const std::optional<SprtParams>& sprt) {
  std::set<std::string> names;
  for (const auto& g : games) {
    if (g.players.size() != 2 || !g.teams.empty() || g.ranks.size() != 2) return std::nullopt;
    names.insert(g.players.begin(), g.players.end());
  }
  if (names.size() != 2 || games.empty()) return std::nullopt;
  HeadToHead h;
  h.first = games.front().players[0];
  h.second = games.front().players[1];
  // Points of the first bot in a game, in half points: 0, 1 or 2.
  auto halves = [&](const RatedGame& g) {
    const int me = g.players[0] == h.first ? 0 : 1;
    return g.ranks[me] < g.ranks[1 - me] ? 2 : g.ranks[me] == g.ranks[1 - me] ? 1 : 0;
  };
  std::map<std::string, std::vector<const RatedGame*>> waiting;
  for (const auto& g : games) {
    const int x = halves(g);
    (x == 2 ? h.wins : x == 1 ? h.draws : h.losses)++;
    if (g.pairing.empty()) {
      ++h.unpaired;
      continue;
    }
    auto& queue = waiting[g.pairing];
    bool paired = false;
    for (auto it = queue.begin(); it != queue.end(); ++it) {
      if ((*it)->players[0] != g.players[0]) {
        ++h.pentanomial[halves(**it) + x];
        ++h.pairs;
        queue.erase(it);
        paired = true;
        break;
      }
    }
    if (!paired) queue.push_back(&g);
  }
  for (auto& [key, queue] : waiting) h.unpaired += static_cast<int>(queue.size());
  const int n = h.wins + h.draws + h.losses;
  h.draw_ratio = n ? double(h.draws) / n : 0;
  h.trinomial = trinomial_elo(h.wins, h.draws, h.losses);
  if (h.pairs > 0) h.paired = pentanomial_elo(h.pentanomial);
  if (sprt) {
    // The pentanomial model when every game is in a pair, else the trinomial one.
    if (h.pairs > 0 && h.unpaired == 0)
      h.sprt = sprt_test({double(h.pentanomial[0]), double(h.pentanomial[1]), double(h.pentanomial[2]),
                          double(h.pentanomial[3]), double(h.pentanomial[4])},
                         *sprt);
    else
      h.sprt = sprt_test({double(h.losses), double(h.draws), double(h.wins)}, *sprt);
  }
  return h;
}

std::string render_head_to_head_text(const HeadToHead& h) {
  std::ostringstream out;
  const int n = h.wins + h.draws + h.losses;
  out << "Head to head: " << h.first << " vs " << h.second << "\n";
  out << "Games: " << n << ", Wins: " << h.wins << ", Losses: " << h.losses << ", Draws: " << h.draws
      << ", Score: " << fmt(100 * h.trinomial.score, 2) << "%, Draw ratio: " << fmt(100 * h.draw_ratio, 2)
      << "%\n";
  out << "Elo: " << fmt(h.trinomial.elo, 2) << " +/- " << fmt(h.trinomial.error, 2)
      << ", nElo: " << fmt(h.trinomial.nelo, 2) << " +/- " << fmt(h.trinomial.nelo_error, 2)
      << ", LOS: " << fmt(100 * h.trinomial.los, 2) << "% (trinomial)\n";
  if (h.paired) {
    out << "Pairs: " << h.pairs << " (" << h.unpaired << " unpaired games), Ptnml(0-2): [" << h.pentanomial[0]
        << ", " << h.pentanomial[1] << ", " << h.pentanomial[2] << ", " << h.pentanomial[3] << ", "
        << h.pentanomial[4] << "]\n";
    out << "Elo: " << fmt(h.paired->elo, 2) << " +/- " << fmt(h.paired->error, 2)
        << ", nElo: " << fmt(h.paired->nelo, 2) << " +/- " << fmt(h.paired->nelo_error, 2)
        << ", LOS: " << fmt(100 * h.paired->los, 2) << "% (pentanomial)\n";
  }
  if (h.sprt) {
    out << "SPRT (" << (h.sprt->pentanomial ? "pentanomial" : "trinomial") << ", normalised Elo): LLR "
        << fmt(h.sprt->llr, 2) << " (" << fmt(h.sprt->lower, 2) << ", " << fmt(h.sprt->upper, 2) << ") - "
        << h.sprt->decision << "\n";
  }
  return out.str();
}

boost::json::value head_to_head_to_json(const HeadToHead& h) {
  boost::json::object o;
  o["first"] = h.first;
  o["second"] = h.second;
  o["wins"] = h.wins;
  o["draws"] = h.draws;
  o["losses"] = h.losses;
  o["draw_ratio"] = h.draw_ratio;
  o["trinomial"] = estimate_json(h.trinomial);
  o["pairs"] = h.pairs;
  o["unpaired"] = h.unpaired;
  o["pentanomial_counts"] = boost::json::array(h.pentanomial.begin(), h.pentanomial.end());
  if (h.paired) o["pentanomial"] = estimate_json(*h.paired);
  if (h.sprt) {
    boost::json::object s;
    s["llr"] = h.sprt->llr;
    s["lower"] = h.sprt->lower;
    s["upper"] = h.sprt->upper;
    s["decision"] = h.sprt->decision;
    s["model"] = h.sprt->pentanomial ? "pentanomial" : "trinomial";
    o["sprt"] = std::move(s);
  }
  return o;
}

}  // namespace arena
