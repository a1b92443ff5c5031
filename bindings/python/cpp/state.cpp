// State: one position (engine/core/game.h). The calls a plain Python loop makes at every
// action (current_player, legal_moves, apply) build no string and reuse the position's list
// of legal moves (PyState).
#include <pybind11/stl.h>

#include "bindings/python/cpp/bindings.h"
#include "engine/core/registry.h"

namespace py = pybind11;

namespace arena::python {

namespace {

py::list history_list(const State& s) {
  py::list out(s.history().size());
  for (std::size_t i = 0; i < s.history().size(); ++i)
    PyList_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i),
                    py::make_tuple(s.history()[i].actor, s.history()[i].move).release().ptr());
  return out;
}

// A state restored from a spec and the moves since the start, each checked as apply() checks
// it: a pickle is input like any other.
PyState replayed(const std::string& spec, const std::vector<Move>& moves) {
  auto game = GamePtr(make_game(spec));
  PyState state(game, game->new_initial_state());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    try {
      state.apply(moves[i]);
    } catch (const UserError& e) {
      throw UserError(spec + ", action " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return state;
}

void bind_results(py::module_& m) {
  py::class_<SeatResult>(m, "SeatResult", "One seat's standing at the end: rank 1 is best, equal ranks tie.")
      .def_readonly("rank", &SeatResult::rank, "1 is best; equal ranks are ties.")
      .def_readonly("score", &SeatResult::score, "The game's own score for the seat.")
      .def_readonly("team", &SeatResult::team, "The seat's 0-based team (Game.team_of).")
      .def(
          "__eq__", [](const SeatResult& a, const SeatResult& b) { return a == b; }, py::is_operator())
      .def("__repr__", [](const SeatResult& r) {
        return "SeatResult(rank=" + std::to_string(r.rank) +
               ", score=" + py::repr(py::float_(r.score)).cast<std::string>() +
               ", team=" + std::to_string(r.team) + ")";
      });
}

}  // namespace

namespace {

void bind_turn_queries(StateClass& state) {
  state
      .def_property_readonly(
          "game", [](const PyState& s) { return s.game_ptr(); }, "The Game this position belongs to.")
      .def(
          "legal_move_names",
          [](const PyState& s) {
            std::vector<std::string> names;
            for (Move m : s.legal()) names.push_back(s.state().move_to_string(m));
            return names;
          },
          "The notation of every legal move, in legal_moves() order: the `legal` line the referee\n"
          "sends the seat to act.")
      .def(
          "move_to_string",
          [](const PyState& s, Move m) {
            s.require_legal(m);
            return s.state().move_to_string(m);
          },
          py::arg("move"),
          "The notation of a move legal here (names depend on the position: ask before apply()).")
      .def(
          "parse_move",
          [](const PyState& s, std::string_view text) {
            s.require_live();
            return parse_or_throw(s.state(), text);
          },
          py::arg("text"),
          "The legal move that `text` names, as the referee reads a bot's answer; ArenaError with\n"
          "the engine's message (and a few legal moves) when it names none.");
}

void bind_changes(StateClass& state) {
  state
      .def(
          "apply_name", [](PyState& s, std::string_view text) { return s.apply_name(text); }, py::arg("text"),
          "Plays the move that `text` names (parse_move, then apply) and returns it.")
      .def(
          "clone", [](const PyState& s) { return PyState(s); }, "An independent copy of this position.")
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def(
          "__deepcopy__", [](const PyState& s, const py::object&) { return PyState(s); }, py::arg("memo"));
}

void bind_outcome(StateClass& state) {
  state
      .def(
          "history", [](const PyState& s) { return history_list(s.state()); },
          "Every action since the start, chance included, as (actor, move): actor a seat or CHANCE.")
      .def(
          "results",
          [](const PyState& s) {
            s.require_terminal();
            return s.state().results();
          },
          "Each seat's SeatResult (rank, score, team), seat 1 first; ArenaError before the end.")
      .def(
          "render", [](const PyState& s) { return s.state().render(); },
          "The whole position drawn for people (all of it: not what a seat may see).")
      .def("__str__", [](const PyState& s) { return s.state().render(); })
      .def("__repr__",
           [](const PyState& s) {
             const int p = s.state().current_player();
             const std::string who = p == kTerminal ? "over"
                                     : p == kChance ? "chance to act"
                                                    : "seat " + std::to_string(p) + " to move";
             return "<arena_games.State " + s.game().spec() + " after " +
                    std::to_string(s.state().history().size()) + " actions, " + who + ">";
           })
      .def(
          "heuristic_value",
          [](const PyState& s, int seat) {
            require_seat(s.game(), seat);
            return s.state().heuristic_value(seat);
          },
          py::arg("seat"),
          "How good the position looks to `seat` at a glance (greedy_bot's measure): higher is\n"
          "better, comparable only between positions of one game; 0 where the game gives none.")
      .def(
          "playout_hint",
          [](const PyState& s, Move m) {
            s.require_legal(m);
            return s.state().playout_hint(m);
          },
          py::arg("move"),
          "How good a legal move looks at a glance, from 0 (best avoided) up: the searching bots'\n"
          "playouts prefer the highest. 1 for every move where the game gives no hints.");
}

}  // namespace

void bind_state(py::module_& m) {
  bind_results(m);
  m.def("_replayed", &replayed, py::arg("spec"), py::arg("moves"),
        "The State after `moves` from the start of `spec`'s game, each checked as apply() checks\n"
        "it: how a pickled State is rebuilt (a pickle is input like any other).");
  StateClass state(m, "State",
                   "One position of a game, from Game.new_initial_state(). Seats are 1..players; moves are\n"
                   "ints, with their notation at the edges (move_to_string, parse_move). Independent of\n"
                   "every other State: threads may each work on their own.");
  bind_turn_queries(state);
  bind_changes(state);
  bind_outcome(state);
}

}  // namespace arena::python
