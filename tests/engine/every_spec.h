// Every registered game at every player count it allows, as specs: the engine property tests
// run over this list, so a new game is checked by adding its registry line.
#pragma once

#include <string>
#include <vector>

#include "engine/core/registry.h"

namespace arena::test {

inline std::vector<std::string> every_spec() {
  std::vector<std::string> specs;
  for (const GameEntry* e : all_games())
    for (int n = e->info.min_players; n <= e->info.max_players; ++n)
      specs.push_back(e->info.min_players == e->info.max_players
                          ? e->info.id
                          : e->info.id + ":players=" + std::to_string(n));
  return specs;
}

}  // namespace arena::test
