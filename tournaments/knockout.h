// A seeded knockout, round by round, from the results of the rounds before
// (docs/tournaments.md). Two seats: a standard bracket (seed 1 meets seed 2 only in the
// final; byes to the top seeds when the field is not a power of two); each tie a match
// of `sets` pairs, a tied match extended by one pair at a time up to `extra_sets`, then
// won by the better seed. More seats: tables of seats bots (snake seeding, byes to the
// top seeds), each sending its best `advance` on, down to a final table.
// Pure: bots are indices; `seeding` lists them best first.
#pragma once

#include <string>
#include <vector>

#include "tournaments/plan.h"

namespace arena {

struct KnockoutTable {
  std::vector<int> bots;  // in seed order; one bot alone is a bye
  std::vector<double> points;
  int advance = 1;  // how many go on (the final table: 1, the champion)
  int sets_played = 0;
  bool decided = false;
  bool by_seed = false;        // still tied after every extension: the better seed went on
  std::vector<int> advancing;  // final table: its whole order
};

class Knockout : public Plan {
 public:
  Knockout(std::vector<int> seeding, int seats, int advance, int sets, int extra_sets);

  std::vector<StageTable> next_stage() override;
  void results(const std::vector<std::vector<double>>& table_points) override;
  std::string report(const std::vector<std::string>& names) const override;
  std::string report_name() const override { return "bracket"; }
  bool replaces_crosstable() const override { return true; }

  const std::vector<std::vector<KnockoutTable>>& rounds() const { return rounds_; }
  // The winner once the final is decided, else -1.
  int champion() const;

 private:
  void start_round(const std::vector<int>& field);
  void decide(KnockoutTable& t) const;
  std::vector<int> survivors() const;

  std::vector<int> seed_of_;  // bot -> 0-based seed
  int seats_, advance_, sets_, extra_sets_;
  std::vector<std::vector<KnockoutTable>> rounds_;
  std::vector<int> pending_;  // tables of the current round in the stage just given
};

// Bracket positions of a power-of-two field, as 0-based seeds: 8 -> 0 7 3 4 1 6 2 5.
std::vector<int> bracket_positions(int size);

}  // namespace arena
