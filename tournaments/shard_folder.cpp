#include "tournaments/shard_folder.h"

#include <boost/json.hpp>
#include <boost/uuid/detail/sha1.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arena {

namespace fs = std::filesystem;

namespace {
const char* kShardFile = "shard.json";
}  // namespace

std::string config_fingerprint(const TournamentConfig& config) {
  TournamentConfig c = config;
  c.out.clear();
  c.started_in.clear();  // shards of one tournament may start in folders of different machines
  c.concurrency = 1;
  const std::string text = config_to_json(c);
  boost::uuids::detail::sha1 hash;
  hash.process_bytes(text.data(), text.size());
  boost::uuids::detail::sha1::digest_type digest;
  hash.get_digest(digest);
  char hex[41];
  for (int i = 0; i < 5; ++i) std::snprintf(hex + 8 * i, 9, "%08x", static_cast<unsigned>(digest[i]));
  return std::string(hex, 40);
}

std::optional<ShardInfo> read_shard_file(const std::string& dir) {
  const fs::path path = fs::path(dir) / kShardFile;
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  try {
    const boost::json::object o = boost::json::parse(text.str()).as_object();
    ShardInfo info;
    info.shard = parse_shard(std::string(o.at("shard").as_string()));
    info.fingerprint = std::string(o.at("fingerprint").as_string());
    return info;
  } catch (const std::exception& e) {
    throw ConfigError(path.string() + ": not a shard file (" + e.what() + ")");
  }
}

void write_shard_file(const std::string& dir, const ShardInfo& info) {
  boost::json::object o;
  o["shard"] = shard_text(info.shard);
  o["fingerprint"] = info.fingerprint;
  const fs::path path = fs::path(dir) / kShardFile;
  std::ofstream out(path);
  out << boost::json::serialize(o) << "\n";
  if (!out) throw ConfigError("cannot write " + path.string());
}

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
