// The sequential probability ratio test on the normalised-Elo model (fishtest, fastchess),
// as `arena match --sprt` and the SPRT gauntlet stop on it: the results are added one game
// or one pair at a time, and each test costs the same however many came before.
// Formulas and sources: docs/ratings.md.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace arena {

struct SprtParams {
  double elo0 = 0, elo1 = 5;  // normalised Elo
  double alpha = 0.05, beta = 0.05;
};
// Parses "elo0=0,elo1=5,alpha=0.05,beta=0.05" (any order; all four required). Throws a
// UserError naming the bad part and `what` the text came from (a flag, a configuration key).
SprtParams parse_sprt(const std::string& text, std::string_view what = "--sprt");
// The same without throwing: "" and the parameters in `p`, or what is wrong (without a name).
std::string sprt_problem(const std::string& text, SprtParams& p);

enum class SprtDecision { kContinue, kAcceptH1, kAcceptH0 };
// "continue", "H1 accepted" or "H0 accepted", as reports and JSON files write it.
const char* sprt_decision_text(SprtDecision decision);

struct SprtResult {
  double llr = 0;
  double lower = 0, upper = 0;  // log(β/(1−α)), log((1−β)/α)
  SprtDecision decision = SprtDecision::kContinue;
  bool pentanomial = false;
};
// Generalised log-likelihood ratio of H1 (nelo = elo1) against H0 (nelo = elo0) for
// trinomial counts {L, D, W} or pentanomial counts {0, ½, 1, 1½, 2}.
double sprt_llr(const std::vector<double>& counts, double nelo0, double nelo1);
SprtResult sprt_test(const std::vector<double>& counts, const SprtParams& params);

// The results of one bot against another that an SPRT rests on, counted as they come:
// games in the first bot's half points (0 lost, 1 drawn, 2 won) and, where games are played
// in pairs (same deal, seats swapped), pair totals in half points (0..4).
class SprtAccumulator {
 public:
  // One game; it counts as unpaired until pair_up() takes it into a pair.
  void add_game(int halves);
  // Two games already added make a pair worth `pair_halves`.
  void pair_up(int pair_halves);
  // A pair whose games are known only by their total (the SPRT gauntlet's stages).
  void add_pair(int pair_halves);

  int wins() const { return wins_; }
  int draws() const { return draws_; }
  int losses() const { return losses_; }
  int pairs() const { return pairs_; }
  int unpaired() const { return unpaired_; }
  const std::array<int, 5>& pentanomial() const { return pentanomial_; }

  // The test on what was added: the pentanomial model when every game is in a pair (and
  // there is one), else the trinomial one.
  SprtResult test(const SprtParams& params) const;

 private:
  int wins_ = 0, draws_ = 0, losses_ = 0;
  std::array<int, 5> pentanomial_{};
  int pairs_ = 0, unpaired_ = 0;
};

}  // namespace arena
