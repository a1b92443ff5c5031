// `arena merge`: shard folders of one configuration (tournaments/shard.h) put back into the
// folder an unsharded run would have written: games.pgn and journal.jsonl in schedule order,
// ratings, crosstable and faults (docs/cluster.md). Shards are only read, never repaired,
// so a merge may run while they are still being played (partial).
#pragma once

#include <string>
#include <vector>

#include "engine/core/user_error.h"

namespace arena {

struct MergeRequest {
  std::vector<std::string> dirs;  // shard folders
  std::string out;                // the merged folder
  bool partial = false;           // merge what is there: games still missing are no error
};

struct MergeResult {
  int merged = 0;      // games in the merged folder
  int total = 0;       // games in the schedule
  std::string tables;  // ratings, crosstable and faults as a finished run prints them
  std::string game;    // the game spec (for the report's title)
};

// Checks that the folders are shards of one configuration that together hold every game
// exactly once (partial: at most once), then writes `out`. Throws a UserError naming the
// folder or game at fault (a ConfigError for a folder that is not a tournament).
MergeResult merge_shards(const MergeRequest& request);

}  // namespace arena
