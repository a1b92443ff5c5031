#include "tournaments/config.h"

#include <boost/json.hpp>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "process/bot_name.h"
#include "process/command_line.h"

namespace arena {

namespace json = boost::json;

bool operator==(const BotConfig& a, const BotConfig& b) {
  return a.name == b.name && a.command == b.command && a.args == b.args && a.workdir == b.workdir;
}

const char* format_name(Format f) {
  switch (f) {
    case Format::kGauntlet:
      return "gauntlet";
    case Format::kSwiss:
      return "swiss";
    case Format::kKnockout:
      return "knockout";
    case Format::kAdaptive:
      return "adaptive";
    default:
      return "round-robin";
  }
}

namespace {

// Reads one object, remembering its path for messages and rejecting unknown keys.
class Reader {
 public:
  Reader(const json::object& o, std::string path, std::vector<std::string> known)
      : o_(o), path_(std::move(path)), known_(std::move(known)) {
    for (const auto& kv : o_) {
      bool ok = false;
      for (const auto& k : known_) ok = ok || kv.key() == k;
      if (!ok) {
        std::string list;
        for (const auto& k : known_) list += (list.empty() ? "" : ", ") + k;
        throw ConfigError(at(kv.key()) + ": unknown key (expected one of " + list + ")");
      }
    }
  }

  std::string at(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }
  const json::value* find(const char* key) const { return o_.if_contains(key); }

  void get(const char* key, std::string& out) const {
    if (auto* v = find(key)) {
      if (!v->is_string()) throw ConfigError(at(key) + ": expected a string");
      out = std::string(v->as_string());
    }
  }
  void get(const char* key, bool& out) const {
    if (auto* v = find(key)) {
      if (!v->is_bool()) throw ConfigError(at(key) + ": expected true or false");
      out = v->as_bool();
    }
  }
  void get(const char* key, int& out, long min, long max) const {
    if (auto* v = find(key)) {
      if (!v->is_int64() && !v->is_uint64())
        throw ConfigError(at(key) + ": expected an integer from " + std::to_string(min) + " to " +
                          std::to_string(max));
      long long n = v->is_int64() ? v->as_int64() : static_cast<long long>(v->as_uint64());
      if (n < min || n > max)
        throw ConfigError(at(key) + ": " + std::to_string(n) + " is out of range (expected " +
                          std::to_string(min) + " to " + std::to_string(max) + ")");
      out = static_cast<int>(n);
    }
  }
  void get(const char* key, double& out, double min, double max) const {
    if (auto* v = find(key)) {
      if (!v->is_number()) throw ConfigError(at(key) + ": expected a number");
      double d = v->to_number<double>();
      if (d < min || d > max)
        throw ConfigError(at(key) + ": " + json::serialize(*v) + " is out of range (expected " +
                          json::serialize(json::value(min)) + " to " + json::serialize(json::value(max)) +
                          ")");
      out = d;
    }
  }
  void get(const char* key, std::uint64_t& out) const {
    if (auto* v = find(key)) {
      if (v->is_uint64())
        out = v->as_uint64();
      else if (v->is_int64() && v->as_int64() >= 0)
        out = static_cast<std::uint64_t>(v->as_int64());
      else
        throw ConfigError(at(key) + ": expected a non-negative integer");
    }
  }
  void get(const char* key, std::vector<std::string>& out) const {
    if (auto* v = find(key)) {
      if (!v->is_array()) throw ConfigError(at(key) + ": expected an array of strings");
      out.clear();
      size_t i = 0;
      for (const auto& item : v->as_array()) {
        if (!item.is_string()) throw ConfigError(at(key) + "[" + std::to_string(i) + "]: expected a string");
        out.emplace_back(item.as_string());
        ++i;
      }
    }
  }

 private:
  const json::object& o_;
  std::string path_;
  std::vector<std::string> known_;
};

// The value of `key`, one of `choices` by its name; `given` when the key is absent. `what`
// and `expected` word the error: "format: 'x' is not a format (expected ...)".
template <typename E>
E read_choice(Reader& r, const char* key, E given, std::initializer_list<E> choices, const char* (*name)(E),
              const char* what, const char* expected) {
  std::string text = name(given);
  r.get(key, text);
  for (E e : choices)
    if (text == name(e)) return e;
  throw ConfigError(std::string(key) + ": '" + text + "' is not " + what + " (expected " + expected + ")");
}

Format read_format(Reader& r, Format given) {
  return read_choice(
      r, "format", given,
      {Format::kRoundRobin, Format::kGauntlet, Format::kSwiss, Format::kKnockout, Format::kAdaptive},
      format_name, "a format", "round-robin, gauntlet, swiss, knockout or adaptive");
}

// The settings of one format or another: knockout, SPRT gauntlet, adaptive.
void read_format_settings(Reader& r, TournamentConfig& c) {
  r.get("seeds", c.seeds);
  r.get("seeds_from", c.seeds_from);
  r.get("advance", c.advance, 0, 1000);
  r.get("extra_pairs", c.extra_pairs, 0, 1000);
  r.get("sprt", c.sprt);
  r.get("target_ci", c.target_ci, 0, 10000);
  r.get("top", c.top, 0, 1000000);
  r.get("batch", c.batch, 0, 10000000);
  r.get("confidence", c.confidence, 0.5, 0.999999);
  r.get("min_share", c.min_share, 0, 1);
}

void read_bots(Reader& r, TournamentConfig& c) {
  if (auto* bots = r.find("bots")) {
    if (!bots->is_array()) throw ConfigError("bots: expected an array of bot objects");
    size_t i = 0;
    for (const auto& b : bots->as_array()) {
      std::string path = "bots[" + std::to_string(i++) + "]";
      if (!b.is_object()) throw ConfigError(path + ": expected an object with name and command");
      Reader br(b.as_object(), path, {"name", "command", "args", "workdir"});
      BotConfig bot;
      br.get("name", bot.name);
      br.get("command", bot.command);
      br.get("args", bot.args);
      br.get("workdir", bot.workdir);
      if (bot.name.empty()) throw ConfigError(path + ".name: missing or empty");
      if (bot.command.empty()) throw ConfigError(path + ".command: missing or empty");
      c.bots.push_back(std::move(bot));
    }
  }
}

}  // namespace

TournamentConfig parse_config(const std::string& text, const std::string& origin) {
  json::error_code ec;
  json::value root = json::parse(text, ec);
  if (ec) throw ConfigError(origin + ": not valid JSON: " + ec.message());
  if (!root.is_object()) throw ConfigError(origin + ": expected a JSON object at the top level");
  TournamentConfig c;
  try {
    Reader r(root.as_object(), "", {"game",        "bots",           "format",
                                    "gauntlet",    "games",          "rounds",
                                    "tc",          "move_time",      "startup_time",
                                    "margin_ms",   "concurrency",    "seed",
                                    "out",         "legal_moves",    "max_tables",
                                    "sandbox",     "sandbox_binds",  "max_memory_mib",
                                    "openings",    "openings_order", "random_opening_plies",
                                    "seeds",       "seeds_from",     "advance",
                                    "extra_pairs", "sprt",           "target_ci",
                                    "top",         "batch",          "confidence",
                                    "min_share",   "started_in"});
    r.get("game", c.game);
    c.format = read_format(r, c.format);
    r.get("gauntlet", c.gauntlet);
    r.get("games", c.games, 0, 1000000);
    r.get("rounds", c.rounds, 1, 1000000);
    r.get("tc", c.tc);
    r.get("move_time", c.move_time, 0, 86400);
    r.get("startup_time", c.startup_time, 0.001, 3600);
    r.get("margin_ms", c.margin_ms, 0, 60000);
    r.get("concurrency", c.concurrency, 1, 1024);
    r.get("seed", c.seed);
    r.get("out", c.out);
    r.get("started_in", c.started_in);
    r.get("legal_moves", c.legal_moves);
    r.get("max_tables", c.max_tables, 0, 10000000);
    c.sandbox = read_choice(r, "sandbox", c.sandbox, {Sandbox::kNone, Sandbox::kBwrap}, sandbox_name,
                            "a sandbox", "none or bwrap");
    r.get("sandbox_binds", c.sandbox_binds);
    r.get("max_memory_mib", c.max_memory_mib, 0, 1 << 20);
    r.get("openings", c.openings);
    c.openings_order = read_choice(r, "openings_order", c.openings_order,
                                   {OpeningsOrder::kSequential, OpeningsOrder::kRandom}, openings_order_name,
                                   "an order", "sequential or random");
    r.get("random_opening_plies", c.random_opening_plies, 0, 10000);
    read_format_settings(r, c);
    read_bots(r, c);
  } catch (const ConfigError& e) {
    throw ConfigError(origin + ": " + e.what());
  }
  return c;
}

std::string config_to_json(const TournamentConfig& c) {
  json::object o;
  o["game"] = c.game;
  json::array bots;
  for (const auto& b : c.bots) {
    json::object bo;
    bo["name"] = b.name;
    bo["command"] = b.command;
    json::array args;
    for (const auto& a : b.args) args.emplace_back(a);
    bo["args"] = std::move(args);
    bo["workdir"] = b.workdir;
    bots.emplace_back(std::move(bo));
  }
  o["bots"] = std::move(bots);
  o["format"] = format_name(c.format);
  json::array g;
  for (const auto& n : c.gauntlet) g.emplace_back(n);
  o["gauntlet"] = std::move(g);
  o["games"] = c.games;
  o["rounds"] = c.rounds;
  o["tc"] = c.tc;
  o["move_time"] = c.move_time;
  o["startup_time"] = c.startup_time;
  o["margin_ms"] = c.margin_ms;
  o["concurrency"] = c.concurrency;
  o["seed"] = c.seed;
  o["out"] = c.out;
  if (!c.started_in.empty()) o["started_in"] = c.started_in;
  o["legal_moves"] = c.legal_moves;
  o["max_tables"] = c.max_tables;
  o["sandbox"] = sandbox_name(c.sandbox);
  json::array binds;
  for (const auto& b : c.sandbox_binds) binds.emplace_back(b);
  o["sandbox_binds"] = std::move(binds);
  o["max_memory_mib"] = c.max_memory_mib;
  o["openings"] = c.openings;
  o["openings_order"] = openings_order_name(c.openings_order);
  o["random_opening_plies"] = c.random_opening_plies;
  json::array seeds;
  for (const auto& n : c.seeds) seeds.emplace_back(n);
  o["seeds"] = std::move(seeds);
  o["seeds_from"] = c.seeds_from;
  o["advance"] = c.advance;
  o["extra_pairs"] = c.extra_pairs;
  o["sprt"] = c.sprt;
  o["target_ci"] = c.target_ci;
  o["top"] = c.top;
  o["batch"] = c.batch;
  o["confidence"] = c.confidence;
  o["min_share"] = c.min_share;
  return json::serialize(o) + "\n";
}

void resolve_config_paths(TournamentConfig& c, const std::string& base_dir) {
  namespace fs = std::filesystem;
  const fs::path base =
      fs::absolute(base_dir.empty() ? fs::path(".") : fs::path(base_dir)).lexically_normal();
  auto from_base = [&](const std::string& p) {
    return p.empty() || fs::path(p).is_absolute() ? p : (base / p).lexically_normal().string();
  };
  for (BotConfig& b : c.bots) {
    std::vector<std::string> argv;
    try {
      argv = split_command_line(b.command);
    } catch (const std::invalid_argument&) {
      continue;  // reported by validation with the bot's name
    }
    if (argv[0].find('/') != std::string::npos && !fs::path(argv[0]).is_absolute()) {
      // The command's first word is replaced; quoting keeps a path with spaces one word.
      const std::size_t start = b.command.find_first_not_of(" \t");
      const std::size_t end = b.command.find_first_of(" \t", start);
      const std::string rest = end == std::string::npos ? "" : b.command.substr(end);
      b.command = "'" + from_base(argv[0]) + "'" + rest;
    }
    b.workdir = b.workdir.empty() ? base.string() : from_base(b.workdir);
  }
  for (auto& b : c.sandbox_binds) b = from_base(b);
  c.openings = from_base(c.openings);
  c.seeds_from = from_base(c.seeds_from);
  c.out = from_base(c.out);
}

std::vector<std::string> bot_argv(const BotConfig& bot) {
  std::vector<std::string> argv;
  try {
    argv = split_command_line(bot.command);  // the same splitting as `arena match --bot`
  } catch (const std::invalid_argument& e) {
    throw ConfigError("bot '" + bot.name + "': " + e.what());
  }
  argv.insert(argv.end(), bot.args.begin(), bot.args.end());
  return argv;
}

void validate_config(const TournamentConfig& c) {
  if (c.game.empty()) throw ConfigError("game: missing (a game spec such as clump:size=8)");
  if (c.bots.size() < 2) throw ConfigError("bots: a tournament needs at least two bots");
  std::set<std::string> names;
  for (size_t i = 0; i < c.bots.size(); ++i) {
    const auto& b = c.bots[i];
    if (const std::string why = bot_name_problem(b.name); !why.empty())
      throw ConfigError("bots[" + std::to_string(i) + "].name: " + why);
    if (!names.insert(b.name).second)
      throw ConfigError("bots[" + std::to_string(i) + "].name: '" + b.name + "' is used twice");
  }
  if (c.format == Format::kGauntlet) {
    if (c.gauntlet.empty()) throw ConfigError("gauntlet: name at least one bot to meet all others");
    for (const auto& g : c.gauntlet)
      if (!names.count(g)) throw ConfigError("gauntlet: '" + g + "' is not one of the bots");
  } else if (!c.gauntlet.empty()) {
    throw ConfigError("gauntlet: only meaningful with format gauntlet");
  }
  std::set<std::string> seeded;
  for (const auto& s : c.seeds) {
    if (c.format != Format::kKnockout) throw ConfigError("seeds: only meaningful with format knockout");
    if (!names.count(s)) throw ConfigError("seeds: '" + s + "' is not one of the bots");
    if (!seeded.insert(s).second) throw ConfigError("seeds: '" + s + "' is named twice");
  }
  if (!c.seeds_from.empty() && c.format != Format::kKnockout)
    throw ConfigError("seeds_from: only meaningful with format knockout");
  if (!c.sprt.empty() && c.format != Format::kGauntlet)
    throw ConfigError("sprt: only meaningful with format gauntlet (arena match has its own --sprt)");
  if (c.format == Format::kAdaptive) {
    if (c.games <= 0)
      throw ConfigError("games: an adaptive tournament needs --games, the most games it may play in all");
    if (c.top >= static_cast<int>(c.bots.size()))
      throw ConfigError("top: " + std::to_string(c.top) + " must be below the number of bots (" +
                        std::to_string(c.bots.size()) + ")");
  } else if (c.target_ci != 0 || c.top != 0 || c.batch != 0) {
    throw ConfigError("target_ci, top and batch: only meaningful with format adaptive");
  }
  if (c.out.empty()) throw ConfigError("out: missing (the output folder)");
  if (!c.sandbox_binds.empty() && c.sandbox != Sandbox::kBwrap)
    throw ConfigError(
        "sandbox_binds: only meaningful with sandbox bwrap (without it a bot sees every file you can)");
  for (const auto& b : c.sandbox_binds)
    if (b.empty() || !std::filesystem::exists(b))
      throw ConfigError("sandbox_binds: '" + b + "' does not exist");
}

}  // namespace arena
