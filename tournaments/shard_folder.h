// What makes a tournament folder a shard (docs/cluster.md): shard.json next to
// tournament.json names the shard and the configuration's fingerprint, so `arena merge`
// can tell that shards belong together, and re-running a shard's command continues it.
#pragma once

#include <optional>
#include <string>

#include "tournaments/config.h"
#include "tournaments/shard.h"

namespace arena {

// SHA-1 (hex) of the resolved configuration without the settings that do not change which
// games are played or how: the output folder and the concurrency.
std::string config_fingerprint(const TournamentConfig& config);

struct ShardInfo {
  Shard shard;
  std::string fingerprint;
};

// DIR/shard.json, or nothing when DIR is not a shard. Throws ConfigError on a broken file.
std::optional<ShardInfo> read_shard_file(const std::string& dir);
void write_shard_file(const std::string& dir, const ShardInfo& info);

}  // namespace arena
