// The registry lines: one entry function per game folder. Keep this the only file that
// names every game.
#pragma once

#include <vector>

namespace arena {

struct GameEntry;

// One declaration per game...
const GameEntry& flows_entry();

inline std::vector<const GameEntry*> registered_games() {
  return {
      // ...and one line per game, e.g. &clump_entry(),
      &flows_entry(),
  };
}

}  // namespace arena
