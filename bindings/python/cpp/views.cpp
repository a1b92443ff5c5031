// What one seat may know: its observation (the referee's `obs` lines), its picture, the views of
// the actions it was sent. Never more than the engine gives that seat.
#include <pybind11/stl.h>

#include "bindings/python/cpp/bindings.h"
#include "bindings/python/cpp/picture_dict.h"
#include "engine/core/picture.h"
#include "engine/core/sampled_state.h"

namespace py = pybind11;

namespace arena::python {

namespace {

// The lines the referee sends before a decision, each after "obs " (referee/seat_messages.cpp):
// the engine's observation text, empty lines left out.
std::vector<std::string> observation_lines(const State& s, int seat) {
  std::string text;
  s.append_observation_lines(seat, {}, text);
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

py::list seen_list(const std::vector<SeenAction>& seen) {
  py::list out;
  for (const SeenAction& a : seen) out.append(py::make_tuple(a.actor, a.view));
  return out;
}

}  // namespace

void bind_views(py::module_& m) {
  StateClass state = state_class(m);
  state
      .def(
          "observation",
          [](const PyState& s, int seat) {
            require_seat(s.game(), seat);
            return observation_lines(s.state(), seat);
          },
          py::arg("seat"),
          "Everything `seat` may know, as the lines the referee sends it before a decision (each\n"
          "`obs` line without its \"obs \"): what arena_bot's Turn.observation holds.")
      .def(
          "observation_string",
          [](const PyState& s, int seat) {
            require_seat(s.game(), seat);
            return s.state().observation(seat);
          },
          py::arg("seat"), "observation(seat) as the engine's one text (lines joined by newlines).")
      .def(
          "render_for",
          [](const PyState& s, int seat) {
            require_seat(s.game(), seat);
            return s.state().render_for(seat);
          },
          py::arg("seat"), "The position as `seat` may see it, laid out for a person (arena's human seat).")
      .def(
          "picture",
          [](const PyState& s, int seat) {
            require_seat(s.game(), seat, true);
            return picture_dict(s.state().picture(seat));
          },
          py::arg("seat") = 0,
          "The structured picture the report draws, as a dict (engine/core/picture.h): seat 0 the\n"
          "full table, 1..players only what that seat may know. Keys: seat, players, to_move,\n"
          "caption, boards (shape, width, height, edge_seats, walls, cells), zones (name, seat,\n"
          "cards, played_by, hidden, faces), values (key, value, seat), parts, highlights.")
      .def(
          "action_view",
          [](const PyState& s, int seat, Move m) {
            require_seat(s.game(), seat);
            s.require_legal(m);
            return s.state().action_view(seat, m);
          },
          py::arg("seat"), py::arg("move"),
          "What `seat` would learn of `move` (legal here) being played: the notation, a redacted\n"
          "token such as \"?\", or \"\" when it learns nothing (the `event` line it is sent).")
      .def(
          "seen_by",
          [](const PyState& s, int seat) {
            require_seat(s.game(), seat);
            return seen_list(seen_by(s.game(), seat, s.state().history()));
          },
          py::arg("seat"),
          "The actions so far as `seat` saw them, oldest first, as (actor, view): the `event` lines\n"
          "it was sent (actions it learnt nothing of left out). What Game.sample_state takes.");
}

}  // namespace arena::python
