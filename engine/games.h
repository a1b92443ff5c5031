// The registry lines: one entry function per game folder, declared here and nowhere else
// (each is defined in its game's .cpp). Keep this the only file that names every game.
#pragma once

#include <vector>

namespace arena {

struct GameEntry;

// One declaration per game...
const GameEntry& clump_entry();
const GameEntry& flume_entry();
const GameEntry& flows_entry();
const GameEntry& flush_entry();
const GameEntry& flume_cards_entry();

inline std::vector<const GameEntry*> registered_games() {
  return {
      // ...and one line per game.
      &clump_entry(),
      &flume_entry(),
      &flows_entry(),
      &flush_entry(),
      &flume_cards_entry(),
  };
}

}  // namespace arena
