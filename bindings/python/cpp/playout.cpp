// The long calls on one position, run with the GIL released: random playouts and perft. The
// position must not be used by another thread meanwhile (each thread its own State).
#include "bindings/python/cpp/bindings.h"
#include "engine/core/perft.h"
#include "engine/core/random.h"

namespace py = pybind11;

namespace arena::python {

namespace {

// Random actions until the end or `max_actions` (0: no cap): moves uniform among the legal
// ones, chance outcomes by their probabilities. Returns how many were played.
long playout(PyState& s, std::uint64_t seed, long max_actions) {
  if (max_actions < 0) throw UserError("max_actions " + std::to_string(max_actions) + ": must be 0 or more");
  py::gil_scoped_release unlocked;
  State& state = s.mutable_state();
  Rng rng(seed);
  std::vector<Move> scratch;
  long played = 0;
  while (!state.is_terminal() && (max_actions == 0 || played < max_actions)) {
    state.apply(random_action(state, rng, scratch));
    ++played;
  }
  return played;
}

}  // namespace

void bind_playout(py::module_& m) {
  StateClass state = state_class(m);
  state
      .def("playout", &playout, py::arg("seed") = 0, py::arg("max_actions") = 0,
           "Plays random actions in place until the game ends (or `max_actions` were played, 0: no\n"
           "cap): moves uniformly among the legal ones, chance by its probabilities, from `seed`.\n"
           "Returns the number of actions played. The GIL is released meanwhile.")
      .def(
          "perft",
          [](const PyState& s, int depth) {
            if (depth < 0) throw UserError("depth " + std::to_string(depth) + ": must be 0 or more");
            py::gil_scoped_release unlocked;
            return perft(s.state(), depth);
          },
          py::arg("depth"),
          "The number of action sequences of exactly `depth` actions from here (each chance\n"
          "outcome one action; games ending sooner count 0), as `arena perft` counts them. The GIL\n"
          "is released meanwhile.");
}

}  // namespace arena::python
