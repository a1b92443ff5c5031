#include "tournaments/shard_run.h"

#include <filesystem>
#include <optional>

#include "tournaments/shard_folder.h"

namespace arena {

namespace fs = std::filesystem;

TournamentRun run_shard(const TournamentConfig& config, const Shard& shard, bool quiet, std::FILE* out) {
  check_shardable(config);
  if (config.out.empty()) throw ConfigError("--shard needs --out: each shard plays into a folder of its own");
  if (!fs::exists(fs::path(config.out) / "tournament.json"))
    return start_tournament(config, quiet, out, &shard);
  // The folder holds a tournament: continue it if it is this very shard.
  const std::optional<ShardInfo> there = read_shard_file(config.out);
  if (!there)
    throw ConfigError(config.out + " already holds a tournament that is not a shard; choose another --out");
  if (there->shard != shard)
    throw ConfigError(config.out + " holds shard " + shard_text(there->shard) + ", not " + shard_text(shard) +
                      "; choose another --out");
  TournamentConfig folder = load_tournament_config(config.out);
  if (config_fingerprint(folder) != config_fingerprint(config) ||
      there->fingerprint != config_fingerprint(config))
    throw ConfigError(config.out + " holds shard " + shard_text(shard) +
                      " of another configuration (its tournament.json differs from this command's); "
                      "choose another --out");
  folder.concurrency = config.concurrency;  // a requeued job may have other CPUs
  return continue_tournament(folder, quiet, out);
}

}  // namespace arena
