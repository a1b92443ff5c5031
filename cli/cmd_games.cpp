// `arena games`: every game with its player counts and parameters; `--json` gives the same
// for scripts and tests, so nothing outside the registry keeps its own list of games.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "engine/core/registry.h"

namespace arena::cli {
namespace {

namespace json = boost::json;

// Values stay in their spec text ("8", "false"), as a spec writes them.
json::object param_json(const ParamSpec& p) {
  json::object o{
      {"name", p.name}, {"kind", param_kind_name(p.kind)}, {"default", p.default_value}, {"help", p.help}};
  if (p.kind == ParamSpec::Kind::kInt) {
    o["min"] = p.min;
    o["max"] = p.max;
  }
  if (p.kind == ParamSpec::Kind::kChoice) o["choices"] = json::array(p.choices.begin(), p.choices.end());
  if (!p.constraint.empty()) o["constraint"] = p.constraint;
  return o;
}

// One entry per player count: the canonical specs (defaults, quick) and each seat's team.
json::array player_counts_json(const GameInfo& info) {
  json::array counts;
  for (int n = info.min_players; n <= info.max_players; ++n) {
    const auto game = make_game(spec_for(info, n, false));
    json::array teams;
    for (int seat = 1; seat <= n; ++seat) teams.push_back(game->team_number(seat));
    counts.push_back(json::object{{"players", n},
                                  {"spec", game->spec()},
                                  {"quick_spec", make_game(spec_for(info, n, true))->spec()},
                                  {"teams", std::move(teams)},
                                  {"hidden_information", game->hidden_information()}});
  }
  return counts;
}

json::object game_json(const GameInfo& info) {
  json::array params;
  for (const ParamSpec& p : info.params) params.push_back(param_json(p));
  return {{"id", info.id},
          {"title", info.title},
          {"min_players", info.min_players},
          {"max_players", info.max_players},
          {"hidden_information", make_game(info.id)->hidden_information()},
          {"params", std::move(params)},
          {"quick_params", info.quick_params},
          {"player_counts", player_counts_json(info)}};
}

void print_json() {
  json::array games;
  for (const GameEntry* g : all_games()) games.push_back(game_json(g->info));
  std::cout << json::serialize(json::object{{"games", std::move(games)}}) << "\n";
}

void print_text() {
  for (const GameEntry* g : all_games()) {
    const GameInfo& info = g->info;
    std::cout << info.id << " - " << info.title << "\n  players: " << info.min_players;
    if (info.max_players != info.min_players) std::cout << ".." << info.max_players;
    std::cout << "\n" << (info.params.empty() ? "  (no parameters)\n" : describe_params(info)) << "\n";
  }
}

}  // namespace

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "List the games, their player counts and parameters");
  auto json_flag = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json_flag, "One JSON object for scripts (docs/rules/README.md)");
  cmd->callback([json_flag] { *json_flag ? print_json() : print_text(); });
}

}  // namespace arena::cli
