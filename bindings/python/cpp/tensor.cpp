// The learning view (engine/core/tensor.h, docs/learning.md) on Game and State, with the names
// an OpenSpiel user knows (observation_tensor_shape, num_distinct_actions, observation_tensor,
// legal_actions_mask): a seat's observation as a float32 NumPy array and the player's moves as
// indices of a fixed action space. The arrays may be the caller's (`out=`), so a training loop
// reuses its buffers.
#include "engine/core/tensor.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings/python/cpp/bindings.h"

namespace py = pybind11;

namespace arena::python {

namespace {

using FloatArray = py::array_t<float, py::array::c_style>;
using MaskArray = py::array_t<std::int8_t, py::array::c_style>;

py::tuple shape_of(const Game& game) {
  require_learning_view(game);
  return py::cast(game.observation_shape());
}

// `out`, checked (a float32 C-contiguous array of the observation's size, any shape), or a new
// array of the observation's shape.
FloatArray observation_buffer(const Game& game, const py::object& out) {
  require_learning_view(game);
  if (out.is_none()) {
    const std::vector<int> shape = game.observation_shape();
    return FloatArray(std::vector<py::ssize_t>(shape.begin(), shape.end()));
  }
  if (!py::isinstance<FloatArray>(out) || !(py::cast<py::array>(out).flags() & py::array::c_style))
    throw UserError(game.spec() + ": out must be a C-contiguous float32 NumPy array");
  return py::cast<FloatArray>(out);
}

MaskArray mask_buffer(const Game& game, const py::object& out) {
  require_learning_view(game);
  if (out.is_none()) return MaskArray(game.num_distinct_actions());
  if (!py::isinstance<MaskArray>(out) || !(py::cast<py::array>(out).flags() & py::array::c_style))
    throw UserError(game.spec() + ": out must be a C-contiguous int8 NumPy array");
  return py::cast<MaskArray>(out);
}

// The legal move an action index names here: ArenaError when it names none.
Move legal_move_of(const PyState& s, long long action) {
  s.require_live();
  const int actions = s.game().num_distinct_actions();
  const Move m = action >= 0 && action < actions ? s.state().action_move(static_cast<int>(action)) : -1;
  if (s.state().is_chance() || m < 0 || !s.is_legal(m))
    throw UserError("action " + std::to_string(action) + " is not legal here" +
                    legal_moves_hint(s.state(), s.legal()));
  return m;
}

void bind_game_sizes(GameClass& game) {
  game.def("observation_tensor_shape", &shape_of,
           "The shape of every seat's observation tensor (State.observation_tensor), e.g. (5, 8, 8)\n"
           "for clump:size=8. docs/learning.md lays out every game's.")
      .def(
          "observation_tensor_size",
          [](const Game& g) {
            require_learning_view(g);
            return observation_size(g);
          },
          "The number of floats of one observation tensor.")
      .def(
          "num_distinct_actions",
          [](const Game& g) {
            require_learning_view(g);
            return g.num_distinct_actions();
          },
          "The size of the fixed action space: every legal player move has an index below it\n"
          "(State.action_index). Chance outcomes are not actions.");
}

void bind_state_tensors(StateClass& state) {
  state
      .def(
          "observation_tensor",
          [](const PyState& s, int seat, const py::object& out) {
            require_seat(s.game(), seat);
            FloatArray buffer = observation_buffer(s.game(), out);
            s.state().write_observation(seat, std::span<float>(buffer.mutable_data(), buffer.size()));
            return buffer;
          },
          py::arg("seat"), py::arg("out") = py::none(),
          "What `seat` may know, never more, as a float32 array of the game's\n"
          "observation_tensor_shape(), at any state and for any seat. Written into `out` (a\n"
          "C-contiguous float32 array of that size) when given, which is then returned.")
      .def(
          "legal_actions_mask",
          [](const PyState& s, const py::object& out) {
            MaskArray buffer = mask_buffer(s.game(), out);
            std::vector<Move> scratch;
            write_legal_mask(s.state(),
                             std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(buffer.mutable_data()),
                                                     buffer.size()),
                             scratch);
            return buffer;
          },
          py::arg("out") = py::none(),
          "An int8 array over the action space: 1 at the index of every legal move of the seat to\n"
          "act, 0 elsewhere (all 0 at chance nodes and at the end). Written into `out` when given.")
      .def(
          "legal_actions",
          [](const PyState& s) {
            std::vector<int> actions;
            if (!s.state().is_chance())
              for (Move m : s.legal()) actions.push_back(s.state().action_index(m));
            return actions;
          },
          "The action index of every legal move, in legal_moves() order ([] at chance nodes and\n"
          "at the end).")
      .def(
          "action_index",
          [](const PyState& s, long long move) {
            s.require_legal(move);
            if (s.state().is_chance())
              throw UserError("move " + std::to_string(move) +
                              " is a chance outcome: it has no action index");
            return s.state().action_index(static_cast<Move>(move));
          },
          py::arg("move"), "The action index of a legal player move.")
      .def("action_move", &legal_move_of, py::arg("action"),
           "The legal move an action index names here; ArenaError when it names none.")
      .def(
          "apply_action", [](PyState& s, long long action) { s.apply(legal_move_of(s, action)); },
          py::arg("action"), "Plays the legal move an action index names (action_move, then apply).")
      .def(
          "returns",
          [](const PyState& s) {
            std::vector<float> out(s.game().num_players());
            write_rewards(s.state(), out);
            return out;
          },
          "Each seat's reward, seat 1 first: 0 before the end; at the end its team's rank among the\n"
          "teams, from +1 (ranked above every other team) to -1 (below every other), 0 for a tie of\n"
          "two sides (docs/learning.md).");
}

}  // namespace

void bind_tensor(py::module_& m) {
  GameClass game = game_class(m);
  bind_game_sizes(game);
  StateClass state = state_class(m);
  bind_state_tensors(state);
}

}  // namespace arena::python
