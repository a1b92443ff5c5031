#include "tournaments/seeds_from.h"

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arena {

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

// A folder means its ratings.json (what every finished tournament writes); a file is read as is,
// so `arena ratings --json` output works too.
fs::path ratings_file(const std::string& from) {
  const fs::path p(from);
  if (!fs::is_directory(p)) return p;
  if (!fs::exists(p / "ratings.json"))
    throw ConfigError("seeds_from: " + from +
                      " has no ratings.json (is it the folder of a tournament that finished games?)");
  return p / "ratings.json";
}

// The rated names in the file's order (its table is sorted by Elo, best first), re-sorted by
// Elo so that a hand-written file need not be sorted; bots without a measured Elo keep their
// place after the measured ones.
std::vector<std::string> rated_names(const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError("seeds_from: cannot read " + path.string());
  std::stringstream text;
  text << in.rdbuf();
  std::vector<std::pair<double, std::string>> rated;
  try {
    const json::value table = json::parse(text.str());  // kept: the array below points into it
    const json::array& bots = table.as_object().at("bots").as_array();
    for (const json::value& b : bots) {
      const json::object& o = b.as_object();
      const json::value& elo = o.at("elo");
      rated.emplace_back(elo.is_number() ? elo.to_number<double>() : -1e300,
                         std::string(o.at("name").as_string()));
    }
  } catch (const std::exception& e) {
    throw ConfigError("seeds_from: " + path.string() + " is not a ratings table (" + e.what() +
                      "); expected the ratings.json of a tournament folder");
  }
  std::stable_sort(rated.begin(), rated.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> names;
  for (auto& r : rated) names.push_back(std::move(r.second));
  return names;
}

}  // namespace

std::vector<std::string> seeds_from_ratings(const TournamentConfig& c) {
  // The order without ratings: --seeds first, then the bots as given.
  std::vector<std::string> given = c.seeds;
  for (const BotConfig& b : c.bots)
    if (std::find(given.begin(), given.end(), b.name) == given.end()) given.push_back(b.name);
  const fs::path path = ratings_file(c.seeds_from);
  const std::vector<std::string> rated = rated_names(path);
  std::vector<std::string> order;
  for (const std::string& name : rated)
    if (std::find(given.begin(), given.end(), name) != given.end()) order.push_back(name);
  if (order.empty()) {
    std::string listed;
    for (const std::string& name : rated) listed += (listed.empty() ? "" : ", ") + name;
    throw ConfigError("seeds_from: " + path.string() + " rates none of this event's bots (it rates " +
                      (listed.empty() ? std::string("no bot") : listed) + ")");
  }
  for (const std::string& name : given)
    if (std::find(order.begin(), order.end(), name) == order.end()) order.push_back(name);
  return order;
}

}  // namespace arena
