#include "league/claims.h"

#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <random>

#include "engine/core/user_error.h"
#include "referee/log_file_name.h"

namespace arena {

namespace {

boost::json::array strings(const std::vector<std::string>& list) {
  boost::json::array out;
  for (const std::string& s : list) out.emplace_back(s);
  return out;
}

std::vector<std::string> strings(const boost::json::value& v) {
  std::vector<std::string> out;
  for (const boost::json::value& s : v.as_array()) out.emplace_back(s.as_string());
  return out;
}

}  // namespace

std::string encode_job(const LeagueJob& job) {
  // The seed as text: JSON numbers lose 64-bit integers in other readers. The game's id keeps
  // the key "round" (its record's Round tag) that stores written before already hold.
  return boost::json::serialize(boost::json::object{{"table", job.table},
                                                    {"seats", strings(job.seats)},
                                                    {"spec", job.spec},
                                                    {"seed", std::to_string(job.seed)},
                                                    {"round", job.game_id},
                                                    {"opening", strings(job.opening)}});
}

LeagueJob decode_job(const std::string& text, const std::string& where) {
  try {
    const boost::json::object o = boost::json::parse(text).as_object();
    LeagueJob job;
    job.table = o.at("table").as_string();
    job.seats = strings(o.at("seats"));
    job.spec = o.at("spec").as_string();
    job.seed = std::stoull(std::string(o.at("seed").as_string()));
    job.game_id = o.at("round").as_string();
    job.opening = strings(o.at("opening"));
    return job;
  } catch (const std::exception& e) {
    throw UserError(where + ": a game in play that cannot be read (the store is damaged): " + e.what());
  }
}

std::string this_worker() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  std::random_device random;
  char tag[16];
  std::snprintf(tag, sizeof tag, "%08x", static_cast<unsigned>(random()));
  return std::string(host) + ":" + std::to_string(::getpid()) + ":" + tag;
}

std::string worker_log_folder(const std::string& worker) {
  std::string tag = worker;
  std::replace(tag.begin(), tag.end(), ':', '-');
  return log_file_stem(tag);
}

}  // namespace arena
