// From a seat's view: full states that agree with everything the seat was sent
// (Game::sample_state, engine/core/sampled_state.h), the hidden parts drawn at random. In a
// game without hidden information the one state there is.
#include <pybind11/stl.h>

#include "bindings/python/cpp/bindings.h"
#include "engine/core/random.h"
#include "engine/core/sampled_state.h"

namespace py = pybind11;

namespace arena::python {

namespace {

std::vector<PyState> sample(const GamePtr& g, int seat, const std::vector<std::pair<int, std::string>>& seen,
                            int count, std::uint64_t seed) {
  require_seat(*g, seat);
  if (count < 0) throw UserError("count " + std::to_string(count) + ": must be 0 or more");
  const std::vector<SeenAction> actions = seen_actions(*g, seen);
  std::vector<PyState> out;
  py::gil_scoped_release unlocked;
  Rng rng(seed);
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) out.emplace_back(g, g->sample_state(seat, actions, rng));
  return out;
}

}  // namespace

void bind_sampling(py::module_& m) {
  GameClass game = game_class(m);
  game.def(
          "sample_state",
          [](const GamePtr& g, int seat, const std::vector<std::pair<int, std::string>>& seen,
             std::uint64_t seed) { return std::move(sample(g, seat, seen, 1, seed).front()); },
          py::arg("seat"), py::arg("seen"), py::arg("seed") = 0,
          "A full State that shows `seat` exactly what it saw: `seen` lists the actions as the seat\n"
          "was sent them, oldest first, as (actor, view) pairs (actor a seat or CHANCE; the `event`\n"
          "lines; State.seen_by gives them). Hidden parts (other hands, face-down draws) are drawn\n"
          "at random from `seed` among those consistent with it; without hidden information this\n"
          "is the one real state. ArenaError when no state shows the seat these views.")
      .def("sample_states", &sample, py::arg("seat"), py::arg("seen"), py::arg("count"), py::arg("seed") = 0,
           "`count` states as sample_state gives them, from one random stream seeded by `seed`\n"
           "(the GIL is released while they are drawn).");
}

}  // namespace arena::python
