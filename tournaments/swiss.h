// Swiss pairing, round by round, from the scores of the rounds before (docs/tournaments.md).
// Two seats: bots of equal score meet, no rematch while one can be avoided, an odd bot out
// gets a bye (the lowest-ranked without one). More seats: tables of bots of similar score.
// Pure: bots are indices 0..n-1, ranked by score and then by their given order.
#pragma once

#include <string>
#include <vector>

#include "tournaments/plan.h"

namespace arena {

struct SwissRow {
  int bot = 0;
  double score = 0;      // game points plus byes
  double buchholz = 0;   // the scores of every opponent met (tablemates, multi-seat)
  double sonneborn = 0;  // two seats: each opponent's score times the share scored against it
  int byes = 0;
};

class Swiss : public Plan {
 public:
  // `sets`: sets of seat arrangements per table; `games_per_table`: the games one table
  // plays (a bye scores as many points as a won pairing, two seats; half of that, more).
  Swiss(int bots, int seats, int rounds, int sets, int games_per_table);

  std::vector<StageTable> next_stage() override;
  void results(const std::vector<std::vector<double>>& table_points) override;
  std::string report(const std::vector<std::string>& names) const override;
  std::string report_name() const override { return "swiss"; }

  // Final order: score, then Buchholz, then Sonneborn-Berger, then given order.
  std::vector<SwissRow> standings() const;
  // Pairing order of the next round: score, then given order.
  std::vector<int> ranking() const;
  int round() const { return round_; }

 private:
  std::vector<std::vector<int>> pair_two_seats(const std::vector<int>& ranked, std::vector<int>& byes) const;
  std::vector<std::vector<int>> group_tables(const std::vector<int>& ranked, std::vector<int>& byes) const;
  int pick_bye(const std::vector<int>& ranked, int count, std::vector<int>& byes) const;
  std::vector<int> seat_order(std::vector<int> table) const;

  int n_, seats_, rounds_, sets_;
  double bye_points_;
  int round_ = 0;  // rounds paired so far
  std::vector<double> score_;
  std::vector<int> byes_, first_seat_;
  std::vector<std::vector<int>> met_;         // met_[a][b]: rounds a and b shared a table
  std::vector<std::vector<double>> against_;  // points a scored at tables with b (two seats)
  std::vector<StageTable> pending_;
  std::vector<int> pending_byes_;
};

}  // namespace arena
