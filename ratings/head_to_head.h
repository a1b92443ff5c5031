// Statistics of a match between exactly two bots, as engine testers read them:
// W/L/D, Elo difference with its 95% interval, LOS, draw ratio; for games played in
// pairs (same deal, seats swapped) the pentanomial counts and their interval; and the
// sequential probability ratio test on the normalised-Elo model (fishtest, fastchess).
// Formulas and sources: docs/ratings.md.
#pragma once

#include <array>
#include <boost/json/value.hpp>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ratings/rated_game.h"
#include "ratings/sprt.h"

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

// Head-to-head statistics gathered one game at a time, each game in O(1): what `arena
// match --sprt` reads after every game. Games pair up when they share a pairing key and the
// seats are swapped (in order of appearance).
class HeadToHeadTally {
 public:
  // Adds a game; one that is not a two-seat game (without teams) leaves no head to head.
  void add(const RatedGame& game);
  // The statistics of the games so far, with the SPRT when `sprt` is given; std::nullopt
  // unless they are two-seat games between exactly two bots.
  std::optional<HeadToHead> summary(const std::optional<SprtParams>& sprt = std::nullopt) const;

 private:
  // A game whose pair partner is yet to come: who sat first, and the first bot's half points.
  struct Waiting {
    std::string first_seat;
    int halves = 0;
  };
  void add_one(const RatedGame& game);
  bool broken_ = false;
  std::string first_, second_;      // the seats of the first game
  std::vector<std::string> names_;  // the bots met, at most 3 (then no head to head)
  SprtAccumulator counts_;
  std::map<std::string, std::vector<Waiting>> waiting_;  // by pairing key
};

// The same for all `games` at once.
std::optional<HeadToHead> head_to_head(const std::vector<RatedGame>& games,
                                       const std::optional<SprtParams>& sprt = std::nullopt);

// An Elo difference and its 95% interval for people, with `decimals` decimals: "240.8 ± 30.1";
// "240.8 (95%: 120.3 to +∞)" when the interval reaches a score of 0 or 1, so a bound is
// infinite; "+∞ (every game won)" or "−∞ (every game lost)" when the score is 1 or 0.
std::string elo_interval_text(const EloEstimate& e, int decimals);

std::string render_head_to_head_text(const HeadToHead& h);
boost::json::value head_to_head_to_json(const HeadToHead& h);

}  // namespace arena
