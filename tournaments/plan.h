// A tournament played in stages (Swiss rounds, knockout rounds, SPRT pairs): each stage's
// tables are computed from the results of the stages before it, so the whole schedule is
// a pure function of the configuration and the results, and a resumed run recomputes it.
#pragma once

#include <string>
#include <vector>

#include "ratings/rated_game.h"

namespace arena {

// One table of a stage: who sits at it and how many full sets of seat arrangements it
// plays (two seats: pairs of games with the seats swapped).
struct StageTable {
  int round = 1;      // for the game labels "R.T.G"
  int table = 1;      // table (match) number within the round
  int first_set = 0;  // sets this table already played in earlier stages (extensions)
  std::vector<int> bots;
  int sets = 1;
};

class Plan {
 public:
  virtual ~Plan() = default;
  // The tables of the next stage; empty when the tournament is over.
  virtual std::vector<StageTable> next_stage() = 0;
  // The points each table's bots scored in the stage just given (same order as its
  // tables, and within a table as its `bots`).
  virtual void results(const std::vector<std::vector<double>>& table_points) = 0;
  // The finished games of that stage as rated games, before results() (formats that fit
  // ratings between stages need more than each table's points).
  virtual void games(const std::vector<RatedGame>&) {}
  // Text for the end of the run and for `<report_name()>.txt`; "" = none.
  virtual std::string report(const std::vector<std::string>& names) const = 0;
  virtual std::string report_name() const = 0;
  // Knockout: the bracket replaces the crosstable in the text outputs.
  virtual bool replaces_crosstable() const { return false; }
};

}  // namespace arena
