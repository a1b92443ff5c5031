#include "tournaments/opening_choice.h"

#include <fstream>
#include <unordered_map>

#include "engine/core/random.h"
#include "tournaments/config.h"
#include "tournaments/runner_setup.h"

namespace arena {

std::vector<Opening> load_openings(const RunSettings& s, const Game& game, RunCommand command) {
  if (s.openings.empty()) return {};
  std::ifstream in(s.openings);
  if (!in) throw ConfigError(setting_label(command, "openings") + ": cannot read '" + s.openings + "'");
  return read_openings(in, s.openings, game);
}

std::vector<std::size_t> opening_choice(std::size_t openings, OpeningsOrder order,
                                        std::span<const std::uint64_t> seeds) {
  std::vector<std::size_t> choice(seeds.size(), 0);
  if (openings == 0) return choice;
  std::unordered_map<std::uint64_t, std::size_t> ordinal;
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    if (order == OpeningsOrder::kRandom) {
      choice[i] = derive_seed(seeds[i], 2) % openings;
      continue;
    }
    const auto [it, fresh] = ordinal.emplace(seeds[i], ordinal.size());
    choice[i] = it->second % openings;
  }
  return choice;
}

}  // namespace arena
