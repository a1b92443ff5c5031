// What makes a tournament folder a shard (docs/cluster.md): shard.json next to
// tournament.json names the shard and the configuration's fingerprint, so `arena merge`
// can tell that shards belong together, and re-running a shard's command continues it.
#pragma once

#include <cstdio>
#include <optional>
#include <string>

#include "tournaments/config.h"
#include "tournaments/shard.h"
#include "tournaments/tournament.h"

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

// `arena tournament ... --shard I/N --out DIR`: starts the shard in config.out, or, when
// that folder already holds this shard of this configuration (a requeued job), continues it
// with the command's concurrency. Another shard or configuration there is an error.
TournamentRun run_shard(const TournamentConfig& config, const Shard& shard, bool quiet, std::FILE* out);

}  // namespace arena
