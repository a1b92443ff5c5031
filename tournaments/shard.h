// Shards: a fixed schedule (round-robin, gauntlet) split into N independent parts that
// separate machines play and `arena merge` puts back together (docs/cluster.md). Pure: no
// processes, no files.
#pragma once

#include <string>
#include <vector>

#include "tournaments/config.h"
#include "tournaments/schedule.h"

namespace arena {

struct Shard {
  int index = 0;  // 0-based: shards 0..count-1
  int count = 1;
  bool operator==(const Shard&) const = default;
};

// "I/N" with 0 <= I < N; throws ConfigError naming what is wrong.
Shard parse_shard(const std::string& text);
std::string shard_text(const Shard& shard);

// The games of `shard`, in schedule order. The unit of the split is a set of seat
// arrangements on one seed (a pair of games with the seats swapped, or every rotation of a
// table: the games whose labels share "R.T"), so what cancels luck is never torn apart.
// Sets are dealt in schedule order: set k goes to shard k mod N, so every shard gets an
// even share (within one set) of every round and every bot. N may exceed the number of
// sets: the shards past it are empty.
std::vector<ScheduledGame> shard_games(const std::vector<ScheduledGame>& schedule, const Shard& shard);

// Refuses (ConfigError) a configuration whose games depend on results: Swiss, knockout and
// SPRT gauntlets pair each stage from the stages before, so no shard could know its games.
void check_shardable(const TournamentConfig& config);

}  // namespace arena
