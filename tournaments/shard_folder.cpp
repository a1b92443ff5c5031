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

}  // namespace arena
