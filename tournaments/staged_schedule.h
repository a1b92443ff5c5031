// The games of a tournament, stage by stage: a fixed schedule (round-robin, gauntlet) is
// one stage; a Plan (Swiss, knockout, SPRT gauntlet) gives its next stage only once the
// previous one is committed. Game indices, labels, seeds and openings follow from the
// stages alone, so a resumed run that feeds the journal back gets the same games.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "tournaments/config.h"
#include "tournaments/journal.h"
#include "tournaments/plan.h"
#include "tournaments/schedule.h"

namespace arena {

// The plan of a configuration, or null for a fixed schedule. Throws a UserError naming the
// setting at fault.
std::unique_ptr<Plan> make_plan(const TournamentConfig& config, const ScheduleRequest& request);

class StagedSchedule {
 public:
  StagedSchedule(const TournamentConfig& config, const ScheduleRequest& request);

  // The games of the next stage (indices continue after earlier stages); empty at the end.
  std::vector<ScheduledGame> next();
  // The committed entries of the stage next() gave last, all of them, in order.
  void end_stage(const std::vector<JournalEntry>& stage_entries);
  const Plan* plan() const { return plan_.get(); }

 private:
  std::unique_ptr<Plan> plan_;
  std::vector<ScheduledGame> fixed_;
  bool fixed_given_ = false;
  std::vector<int> teams_;
  std::uint64_t seed_ = 0;
  std::uint64_t seed_index_ = 0;
  int next_index_ = 0;
  std::vector<StageTable> tables_;
  std::vector<ScheduledGame> games_;
  std::vector<int> table_of_;  // per game of the stage
};

}  // namespace arena
