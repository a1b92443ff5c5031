// The list of games and load(spec): the registry (engine/core/registry.h) in the shape of
// `arena games --json` (cli/cmd_games.cpp), so scripts read one description either way.
#include "engine/core/registry.h"

#include <pybind11/stl.h>

#include "bindings/python/cpp/bindings.h"
#include "bindings/python/cpp/py_state.h"

namespace py = pybind11;

namespace arena::python {

namespace {

py::dict param_dict(const ParamSpec& p) {
  py::dict d;
  d["name"] = p.name;
  d["kind"] = param_kind_name(p.kind);
  d["default"] = p.default_value;
  d["help"] = p.help;
  if (p.kind == ParamSpec::Kind::kInt) {
    d["min"] = p.min;
    d["max"] = p.max;
  }
  if (p.kind == ParamSpec::Kind::kChoice) d["choices"] = p.choices;
  if (!p.constraint.empty()) d["constraint"] = p.constraint;
  return d;
}

py::list player_counts(const GameInfo& info) {
  py::list counts;
  for (int n = info.min_players; n <= info.max_players; ++n) {
    const auto game = make_game(spec_for(info, n, false));
    std::vector<int> teams;
    for (int seat = 1; seat <= n; ++seat) teams.push_back(game->team_number(seat));
    py::dict d;
    d["players"] = n;
    d["spec"] = game->spec();
    d["quick_spec"] = make_game(spec_for(info, n, true))->spec();
    d["teams"] = teams;
    d["hidden_information"] = game->hidden_information();
    counts.append(d);
  }
  return counts;
}

py::dict game_dict(const GameInfo& info) {
  py::list params;
  for (const ParamSpec& p : info.params) params.append(param_dict(p));
  py::dict d;
  d["id"] = info.id;
  d["title"] = info.title;
  d["min_players"] = info.min_players;
  d["max_players"] = info.max_players;
  d["hidden_information"] = make_game(info.id)->hidden_information();
  d["params"] = params;
  d["quick_params"] = info.quick_params;
  d["player_counts"] = player_counts(info);
  return d;
}

}  // namespace

void bind_registry(py::module_& m) {
  m.attr("CHANCE") = kChance;
  m.attr("TERMINAL") = kTerminal;
  m.def(
      "games",
      [] {
        py::list out;
        for (const GameEntry* g : all_games()) out.append(game_dict(g->info));
        return out;
      },
      "Every registered game as a dict, the entries of `arena games --json`: id, title,\n"
      "min_players, max_players, hidden_information, params (name, kind, default, help, and\n"
      "min/max, choices or constraint), quick_params (a short game that shows every rule) and\n"
      "player_counts (per count: players, spec, quick_spec, teams, hidden_information).");
  m.def(
      "load", [](std::string_view spec) { return GamePtr(make_game(spec)); }, py::arg("spec"),
      "The game of a spec, \"ID[:key=value,...]\" (e.g. \"clump:size=6\", \"flush:players=4\").\n"
      "Raises ArenaError naming what is wrong with an unknown game, key or value.");
}

}  // namespace arena::python
