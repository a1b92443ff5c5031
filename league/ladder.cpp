#include "league/ladder.h"

#include <cmath>
#include <filesystem>

#include "engine/core/user_error.h"
#include "process/command_line.h"

namespace arena {

const PublishedLadder& ladder_for(std::string_view spec) {
  std::string known;
  for (const PublishedLadder& l : published_ladders()) {
    if (l.spec == spec) return l;
    known += (known.empty() ? "" : ", ") + std::string(l.spec);
  }
  throw UserError("--ladder: no ladder was measured for " + std::string(spec) + " (ladders ship for " +
                  known + "; bench/ladder_measure.sh measures one, docs/league.md)");
}

std::vector<LeagueBot> ladder_bots(const PublishedLadder& ladder, const std::string& bin_dir) {
  std::vector<LeagueBot> bots;
  for (const LadderRung& r : ladder.rungs) {
    const std::filesystem::path program = std::filesystem::path(bin_dir) / r.program;
    if (!std::filesystem::exists(program))
      throw UserError("--ladder: " + program.string() +
                      " not found (the sample bots are built and installed beside arena)");
    std::string command = quote_command_word(program.string());
    if (r.iterations > 0) command += " --iterations " + std::to_string(r.iterations);
    LeagueBot b;
    b.name = std::string(r.name);
    b.command = command;
    b.workdir = bin_dir;
    b.note = "ladder: published " + std::to_string(static_cast<int>(std::lround(r.elo))) + " +/- " +
             std::to_string(static_cast<int>(std::lround(r.error)));
    bots.push_back(std::move(b));
  }
  return bots;
}

std::vector<ReferenceRating> ladder_references(const PublishedLadder& ladder) {
  std::vector<ReferenceRating> refs;
  for (const LadderRung& r : ladder.rungs) refs.push_back({std::string(r.name), r.elo, r.error});
  return refs;
}

}  // namespace arena
