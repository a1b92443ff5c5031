#include "ratings/head_to_head.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "ratings/ratings.h"
#include "ratings/score_moments.h"

namespace arena {

using namespace ratings_detail;

namespace {

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

void HeadToHeadTally::add(const RatedGame& g) {
  for (long k = 0; k < g.weight; ++k) add_one(g);  // a game of weight w is w games
}

void HeadToHeadTally::add_one(const RatedGame& g) {
  if (broken_) return;
  if (g.players.size() != 2 || !g.teams.empty() || g.ranks.size() != 2) {
    broken_ = true;
    return;
  }
  if (names_.empty()) first_ = g.players[0], second_ = g.players[1];
  for (const std::string& p : g.players)
    if (std::find(names_.begin(), names_.end(), p) == names_.end()) names_.push_back(p);
  if (names_.size() > 2) {
    broken_ = true;
    return;
  }
  // Points of the first bot in the game, in half points: 0, 1 or 2.
  const int me = g.players[0] == first_ ? 0 : 1;
  const int x = g.ranks[me] < g.ranks[1 - me] ? 2 : g.ranks[me] == g.ranks[1 - me] ? 1 : 0;
  counts_.add_game(x);
  if (g.pairing.empty()) return;
  auto& queue = waiting_[g.pairing];
  for (auto it = queue.begin(); it != queue.end(); ++it) {
    if (it->first_seat != g.players[0]) {
      counts_.pair_up(it->halves + x);
      queue.erase(it);
      if (queue.empty()) waiting_.erase(g.pairing);  // a long match keeps only open pairs
      return;
    }
  }
  queue.push_back({g.players[0], x});
}

std::optional<HeadToHead> HeadToHeadTally::summary(const std::optional<SprtParams>& sprt) const {
  if (broken_ || names_.size() != 2) return std::nullopt;
  HeadToHead h;
  h.first = first_;
  h.second = second_;
  h.wins = counts_.wins();
  h.draws = counts_.draws();
  h.losses = counts_.losses();
  h.pairs = counts_.pairs();
  h.unpaired = counts_.unpaired();
  h.pentanomial = counts_.pentanomial();
  const int n = h.wins + h.draws + h.losses;
  h.draw_ratio = n ? double(h.draws) / n : 0;
  h.trinomial = trinomial_elo(h.wins, h.draws, h.losses);
  if (h.pairs > 0) h.paired = pentanomial_elo(h.pentanomial);
  if (sprt) h.sprt = counts_.test(*sprt);
  return h;
}

std::optional<HeadToHead> head_to_head(const std::vector<RatedGame>& games,
                                       const std::optional<SprtParams>& sprt) {
  HeadToHeadTally tally;
  for (const RatedGame& g : games) tally.add(g);
  return tally.summary(sprt);
}

std::string elo_interval_text(const EloEstimate& e, int decimals) {
  auto number = [decimals](double v) {
    // + 0.0 turns the -0 of an even score into 0.
    return std::isinf(v) ? std::string(v > 0 ? "+\u221e" : "\u2212\u221e") : fmt(v + 0.0, decimals);
  };
  if (std::isinf(e.elo)) return number(e.elo) + (e.elo > 0 ? " (every game won)" : " (every game lost)");
  if (std::isfinite(e.lower) && std::isfinite(e.upper)) return number(e.elo) + " \u00b1 " + number(e.error);
  return number(e.elo) + " (95%: " + number(e.lower) + " to " + number(e.upper) + ")";
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
        << sprt_decision_text(h.sprt->decision) << "\n";
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
    s["decision"] = sprt_decision_text(h.sprt->decision);
    s["model"] = h.sprt->pentanomial ? "pentanomial" : "trinomial";
    o["sprt"] = std::move(s);
  }
  return o;
}

}  // namespace arena
