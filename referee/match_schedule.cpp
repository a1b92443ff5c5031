#include "referee/match_schedule.h"

#include "engine/core/random.h"

namespace arena {

std::vector<GameJob> rotation_schedule(const std::string& spec, int bots, int seats, int games,
                                       std::uint64_t seed) {
  std::vector<GameJob> jobs;
  jobs.reserve(games);
  for (int g = 0; g < games; ++g) {
    GameJob job;
    job.spec = spec;
    for (int s = 0; s < seats; ++s) job.seats.push_back((s + g) % bots);
    job.seed = derive_seed(seed, static_cast<std::uint64_t>(g / seats));
    job.round = std::to_string(g + 1);
    jobs.push_back(std::move(job));
  }
  return jobs;
}

}  // namespace arena
