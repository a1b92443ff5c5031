// Game: an immutable rule set from a canonical spec (engine/core/game.h), shared by its states.
#include <pybind11/stl.h>

#include "bindings/python/cpp/bindings.h"
#include "engine/core/registry.h"

namespace py = pybind11;

namespace arena::python {

void bind_game(py::module_& m) {
  GameClass game(m, "Game",
                 "A game's rules for one spec, from load(spec): immutable, shared by its states and\n"
                 "safe to use from several threads. Seats are numbered 1..players.");
  game.def_property_readonly(
          "id", [](const Game& g) { return g.id(); }, "The game's id, e.g. \"clump\".")
      .def_property_readonly(
          "title", [](const Game& g) { return g.info().title; },
          "The game's title, e.g. \"Clump (Mark Steere)\".")
      .def_property_readonly(
          "spec", [](const Game& g) { return g.spec(); },
          "The canonical spec: id and every parameter, defaults filled in, in declared order\n"
          "(what records and the protocol carry).")
      .def_property_readonly(
          "params",
          [](const Game& g) {
            py::dict d;
            for (const auto& [name, value] : g.params().values) d[py::str(name)] = value;
            return d;
          },
          "Every parameter as {name: value}, values as a spec writes them (\"8\", \"true\").")
      .def_property_readonly(
          "players", [](const Game& g) { return g.num_players(); }, "The number of seats.")
      .def_property_readonly(
          "hidden_information", [](const Game& g) { return g.hidden_information(); },
          "Whether some seat ever lacks information another has (cards, tile draws).")
      .def_property_readonly(
          "max_game_length", [](const Game& g) { return g.max_game_length(); },
          "An upper bound on the actions (chance included) a game can last.")
      .def_property_readonly(
          "playout_hints", [](const Game& g) { return g.playout_hints(); },
          "Whether the states give State.playout_hint (else every move's hint is 1).")
      .def(
          "team_of",
          [](const Game& g, int seat) {
            require_seat(g, seat);
            return g.team_of(seat);
          },
          py::arg("seat"),
          "The 0-based team of a seat (1..players), as results() and records give it; seats of one\n"
          "team share results. Every seat is its own team unless the game has partnerships.")
      .def(
          "new_initial_state", [](const GamePtr& g) { return PyState(g, g->new_initial_state()); },
          "A new State at the start of the game.")
      .def("__repr__", [](const Game& g) { return "arena_games.load('" + g.spec() + "')"; })
      .def(
          "__eq__", [](const Game& a, const Game& b) { return a.spec() == b.spec(); }, py::is_operator())
      .def("__hash__", [](const Game& g) { return py::hash(py::str(g.spec())); });
}

}  // namespace arena::python
