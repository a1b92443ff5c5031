// Statistics of a match between exactly two bots, as engine testers read them:
// W/L/D, Elo difference with its 95% interval, LOS, draw ratio; for games played in
// pairs (same deal, seats swapped) the pentanomial counts and their interval; and the
// sequential probability ratio test on the normalised-Elo model (fishtest, fastchess).
// Formulas and sources: docs/ratings.md.
#pragma once

#include <array>
#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ratings/rated_game.h"

namespace arena {

struct EloEstimate {
  double score = 0.5;  // mean score per game
  double elo = 0;      // logistic Elo difference, -400·log10(1/score − 1)
  double error = 0;    // ± of the 95% interval, (upper − lower) / 2
  double lower = 0, upper = 0;
  double nelo = 0;  // normalised Elo: (score − ½) / σ_game · 800/ln 10
  double nelo_error = 0;
  double los = 0.5;  // likelihood that the first bot is the stronger
};

// W/L/D from the first bot's view (trinomial model).
EloEstimate trinomial_elo(int wins, int draws, int losses);
// Pair totals 0, ½, 1, 1½, 2 (index = points·2) from the first bot's view.
EloEstimate pentanomial_elo(const std::array<int, 5>& pairs);

struct SprtParams {
  double elo0 = 0, elo1 = 5;  // normalised Elo
  double alpha = 0.05, beta = 0.05;
};
// Parses "elo0=0,elo1=5,alpha=0.05,beta=0.05" (any order; all four required).
// Throws std::invalid_argument naming the bad part.
SprtParams parse_sprt(const std::string& text);

struct SprtResult {
  double llr = 0;
  double lower = 0, upper = 0;  // log(β/(1−α)), log((1−β)/α)
  std::string decision;         // "H1 accepted", "H0 accepted" or "continue"
  bool pentanomial = false;
};
// Generalised log-likelihood ratio of H1 (nelo = elo1) against H0 (nelo = elo0) for
// trinomial counts {L, D, W} or pentanomial counts {0, ½, 1, 1½, 2}.
double sprt_llr(const std::vector<double>& counts, double nelo0, double nelo1);
SprtResult sprt_test(const std::vector<double>& counts, const SprtParams& params);

struct HeadToHead {
  std::string first, second;
  int wins = 0, draws = 0, losses = 0;  // first bot's view
  double draw_ratio = 0;
  EloEstimate trinomial;
  int pairs = 0, unpaired = 0;
  std::array<int, 5> pentanomial{};
  std::optional<EloEstimate> paired;  // when at least one pair
  std::optional<SprtResult> sprt;
};

// Head-to-head statistics when the games are two-seat games between exactly two bots;
// std::nullopt otherwise. Games pair up when they share a pairing key and the seats
// are swapped (in order of appearance).
std::optional<HeadToHead> head_to_head(const std::vector<RatedGame>& games,
                                       const std::optional<SprtParams>& sprt = std::nullopt);

std::string render_head_to_head_text(const HeadToHead& h);
boost::json::value head_to_head_to_json(const HeadToHead& h);

}  // namespace arena
