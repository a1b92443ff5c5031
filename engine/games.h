// The registry lines: one entry function per game folder. Keep this the only file that
// names every game.
#pragma once

#include <vector>

namespace arena {

struct GameEntry;

// One declaration per game...
const GameEntry& clump_entry();
const GameEntry& flume_entry();

inline std::vector<const GameEntry*> registered_games() {
  return {
      // ...and one line per game.
      &clump_entry(),
      &flume_entry(),
  };
}

}  // namespace arena
