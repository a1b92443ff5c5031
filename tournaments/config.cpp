#include "tournaments/config.h"

#include <boost/json.hpp>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "process/bot_name.h"
#include "process/command_line.h"
#include "tournaments/option_table.h"
#include "tournaments/value_check.h"

namespace arena {

namespace json = boost::json;

namespace {

// A tournament.json value of `row` as the text a flag would give, or why it cannot be one.
// Whole numbers must be integers in JSON, switches booleans, lists arrays.
std::vector<std::string> value_texts(const OptionRow& row, const json::value& v, const std::string& at) {
  auto fail = [&](const std::string& what) -> std::vector<std::string> {
    throw ConfigError(at + ": " + what);
  };
  switch (row.kind) {
    case OptionKind::kWhole:
      if (v.is_int64()) return {std::to_string(v.as_int64())};
      if (v.is_uint64()) return {std::to_string(v.as_uint64())};
      return fail("expected an integer (" + row.value_name().substr(4) + ")");
    case OptionKind::kSeed:
      if (v.is_uint64()) return {std::to_string(v.as_uint64())};
      if (v.is_int64() && v.as_int64() >= 0) return {std::to_string(v.as_int64())};
      return fail("expected a non-negative integer");
    case OptionKind::kDecimal:
    case OptionKind::kSeconds:
      if (!v.is_number()) return fail("expected a number");
      return {plain_number(v.to_number<double>())};
    case OptionKind::kSwitch:
    case OptionKind::kNoSwitch:
      if (!v.is_bool()) return fail("expected true or false");
      return {v.as_bool() ? "true" : "false"};
    case OptionKind::kTexts:
    case OptionKind::kPaths: {
      if (!v.is_array()) return fail("expected an array of strings");
      std::vector<std::string> out;
      for (const auto& item : v.as_array()) {
        if (!item.is_string())
          throw ConfigError(at + "[" + std::to_string(out.size()) + "]: expected a string");
        out.emplace_back(item.as_string());
      }
      return out;
    }
    default:
      if (!v.is_string()) return fail("expected a string");
      return {std::string(v.as_string())};
  }
}

json::value value_json(const OptionRow& row, const std::vector<std::string>& texts) {
  switch (row.kind) {
    case OptionKind::kWhole:
      return json::value(std::stoll(texts.at(0)));
    case OptionKind::kSeed:
      return json::value(std::stoull(texts.at(0)));
    case OptionKind::kDecimal:
    case OptionKind::kSeconds:
      return json::value(std::stod(texts.at(0)));
    case OptionKind::kSwitch:
    case OptionKind::kNoSwitch:
      return json::value(texts.at(0) == "true");
    case OptionKind::kTexts:
    case OptionKind::kPaths: {
      json::array a;
      for (const auto& t : texts) a.emplace_back(t);
      return a;
    }
    default:
      return json::value(texts.empty() ? "" : texts[0]);
  }
}

BotConfig read_bot(const json::value& b, const std::string& path) {
  if (!b.is_object()) throw ConfigError(path + ": expected an object with name and command");
  BotConfig bot;
  for (const auto& kv : b.as_object()) {
    const std::string at = path + "." + std::string(kv.key());
    auto text = [&] {
      if (!kv.value().is_string()) throw ConfigError(at + ": expected a string");
      return std::string(kv.value().as_string());
    };
    if (kv.key() == "name") {
      bot.name = text();
    } else if (kv.key() == "command") {
      bot.command = text();
    } else if (kv.key() == "workdir") {
      bot.workdir = text();
    } else if (kv.key() == "args") {
      if (!kv.value().is_array()) throw ConfigError(at + ": expected an array of strings");
      for (const auto& a : kv.value().as_array()) {
        if (!a.is_string())
          throw ConfigError(at + "[" + std::to_string(bot.args.size()) + "]: expected a string");
        bot.args.emplace_back(a.as_string());
      }
    } else {
      throw ConfigError(at + ": unknown key (expected one of name, command, args, workdir)");
    }
  }
  if (bot.name.empty()) throw ConfigError(path + ".name: missing or empty");
  if (bot.command.empty()) throw ConfigError(path + ".command: missing or empty");
  return bot;
}

std::vector<BotConfig> read_bots(const json::value& v) {
  if (!v.is_array()) throw ConfigError("bots: expected an array of bot objects");
  std::vector<BotConfig> bots;
  for (const auto& b : v.as_array()) bots.push_back(read_bot(b, "bots[" + std::to_string(bots.size()) + "]"));
  return bots;
}

json::array write_bots(const std::vector<BotConfig>& bots) {
  json::array out;
  for (const auto& b : bots) {
    json::array args;
    for (const auto& a : b.args) args.emplace_back(a);
    out.emplace_back(json::object{
        {"name", b.name}, {"command", b.command}, {"args", std::move(args)}, {"workdir", b.workdir}});
  }
  return out;
}

std::string known_keys(RunCommand command) {
  std::string list;
  for (const OptionRow& row : option_table())
    if (row.takes(command) && !row.key.empty())
      list += (list.empty() ? "" : ", ") + std::string(row.key);
  return list;
}

// One key of the file into `c`, by its row of the option table.
void read_key(std::string_view key, const json::value& v, TournamentConfig& c, RunCommand command) {
  const OptionRow* row = find_option(command, key);
  if (!row || row->key != key)
    throw ConfigError(std::string(key) + ": unknown key (expected one of " + known_keys(command) + ")");
  if (row->kind == OptionKind::kBot) {
    c.bots = read_bots(v);
    return;
  }
  const std::string at(key);
  row->field.clear(c);
  for (const std::string& text : value_texts(*row, v, at)) {
    if (const std::string why = option_problem(*row, text); !why.empty()) throw ConfigError(at + ": " + why);
    row->field.add(c, text);
  }
}

}  // namespace

TournamentConfig parse_config(const std::string& text, const std::string& origin, RunCommand command) {
  json::error_code ec;
  json::value root = json::parse(text, ec);
  if (ec) throw ConfigError(origin + ": not valid JSON: " + ec.message());
  if (!root.is_object()) throw ConfigError(origin + ": expected a JSON object at the top level");
  TournamentConfig c = default_settings(command);
  try {
    for (const auto& kv : root.as_object()) read_key(kv.key(), kv.value(), c, command);
  } catch (const ConfigError& e) {
    throw ConfigError(origin + ": " + e.what());
  }
  return c;
}

std::string config_to_json(const TournamentConfig& c, RunCommand command) {
  json::object o;
  for (const OptionRow& row : option_table()) {
    if (!row.takes(command) || row.key.empty()) continue;
    const std::string key(row.key);
    if (row.kind == OptionKind::kBot)
      o[key] = write_bots(c.bots);
    else
      o[key] = value_json(row, row.field.values(c));
  }
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
    } catch (const UserError&) {
      continue;  // reported by bot_argv with the bot's name
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
  // The same splitting as `arena match --bot`.
  std::vector<std::string> argv = split_command_line(bot.command, "bot '" + bot.name + "'");
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
      throw ConfigError("bots[" + std::to_string(i) + "].name: two bots are named '" + b.name + "'");
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
}

}  // namespace arena
