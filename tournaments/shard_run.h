// Running one shard of a tournament (docs/cluster.md). Apart from shard_folder.h, which
// tournament.cpp reads to play only a shard's games, so that includes run one way:
// shard_run -> tournament -> shard_folder.
#pragma once

#include <cstdio>

#include "tournaments/config.h"
#include "tournaments/shard.h"
#include "tournaments/tournament.h"

namespace arena {

// `arena tournament ... --shard I/N --out DIR`: starts the shard in config.out, or, when
// that folder already holds this shard of this configuration (a requeued job), continues it
// with the command's concurrency. Another shard or configuration there is an error.
TournamentRun run_shard(const TournamentConfig& config, const Shard& shard, bool quiet, std::FILE* out);

}  // namespace arena
