// A two-seat gauntlet whose pairings each stop on their own SPRT decision
// (docs/tournaments.md): stage k plays one more pair of games in every pairing not yet
// decided, so each decision rests only on the pairs before it, whatever the concurrency.
#pragma once

#include <string>
#include <vector>

#include "ratings/sprt.h"
#include "tournaments/plan.h"

namespace arena {

class SprtGauntlet : public Plan {
 public:
  struct Pairing {
    int chosen = 0, other = 0;
    SprtAccumulator results;  // the chosen bot's pair totals
    SprtResult sprt;
  };

  // Each chosen bot meets every other bot for at most `max_pairs` pairs.
  SprtGauntlet(int bots, const std::vector<int>& chosen, const SprtParams& params, int max_pairs);

  std::vector<StageTable> next_stage() override;
  void results(const std::vector<std::vector<double>>& table_points) override;
  std::string report(const std::vector<std::string>& names) const override;
  std::string report_name() const override { return "sprt"; }

  const std::vector<Pairing>& pairings() const { return pairings_; }

 private:
  bool open(const Pairing& p) const {
    return p.sprt.decision == SprtDecision::kContinue && p.results.pairs() < max_pairs_;
  }
  SprtParams params_;
  int max_pairs_;
  int stage_ = 0;
  std::vector<Pairing> pairings_;
  std::vector<int> pending_;
};

}  // namespace arena
