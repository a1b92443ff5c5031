// arena_games.Batch: N games of one spec stepped together in C++ (bindings/batch/game_batch.h),
// their observations, masks, rewards, done flags and seats in NumPy arrays the batch owns and
// rewrites in place at every step. The long calls release the GIL, and the batch may step its
// rows on several threads.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings/batch/game_batch.h"
#include "bindings/python/cpp/bindings.h"
#include "engine/core/registry.h"
#include "engine/core/tensor.h"

namespace py = pybind11;

namespace arena::python {

namespace {

// The batch and the arrays it writes, which live as long as it does.
class PyBatch {
 public:
  PyBatch(GamePtr game, int size, std::uint64_t seed, int threads)
      : batch_(game, size, seed, threads), game_(std::move(game)) {
    std::vector<py::ssize_t> shape{size};
    for (int d : game_->observation_shape()) shape.push_back(d);
    observations_ = py::array_t<float>(shape);
    masks_ = py::array_t<std::int8_t>(std::vector<py::ssize_t>{size, batch_.num_actions()});
    rewards_ = py::array_t<float>(std::vector<py::ssize_t>{size, batch_.players()});
    dones_ = py::array(py::dtype::of<bool>(), std::vector<py::ssize_t>{size});
    seats_ = py::array_t<std::int32_t>(std::vector<py::ssize_t>{size});
    batch_.bind(
        {{observations_.mutable_data(), static_cast<std::size_t>(observations_.size())},
         {reinterpret_cast<std::uint8_t*>(masks_.mutable_data()), static_cast<std::size_t>(masks_.size())},
         {rewards_.mutable_data(), static_cast<std::size_t>(rewards_.size())},
         {static_cast<std::uint8_t*>(dones_.mutable_data()), static_cast<std::size_t>(dones_.size())},
         {seats_.mutable_data(), static_cast<std::size_t>(seats_.size())}});
    py::gil_scoped_release unlocked;
    batch_.reset();
  }

  GameBatch& batch() { return batch_; }
  const GamePtr& game() const { return game_; }
  py::array observations() const { return observations_; }
  py::array masks() const { return masks_; }
  py::array rewards() const { return rewards_; }
  py::array dones() const { return dones_; }
  py::array seats() const { return seats_; }

  void step(const py::object& actions) {
    // Any integer array or sequence of the batch's length; copied as int32 once.
    auto as_int32 = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>::ensure(actions);
    if (!as_int32 || as_int32.ndim() != 1)
      throw UserError(game_->spec() + ": actions must be a one-dimensional array of integers, one per game");
    std::span<const std::int32_t> span(as_int32.data(), static_cast<std::size_t>(as_int32.size()));
    py::gil_scoped_release unlocked;
    batch_.step(span);
  }

  py::array_t<std::int32_t> sample_actions() {
    py::array_t<std::int32_t> out(batch_.size());
    std::span<std::int32_t> span(out.mutable_data(), static_cast<std::size_t>(out.size()));
    py::gil_scoped_release unlocked;
    batch_.sample_actions(span);
    return out;
  }

 private:
  GameBatch batch_;
  GamePtr game_;
  py::array_t<float> observations_;
  py::array_t<std::int8_t> masks_;
  py::array_t<float> rewards_;
  py::array dones_;
  py::array_t<std::int32_t> seats_;
};

GamePtr game_of(const py::object& game_or_spec) {
  if (py::isinstance<py::str>(game_or_spec)) return GamePtr(make_game(game_or_spec.cast<std::string>()));
  return game_or_spec.cast<GamePtr>();
}

}  // namespace

void bind_batch(py::module_& m) {
  // Made by _batch() (arena_games.batch.Batch wraps it in a Python class): no class of the
  // module is called directly (creation.cpp).
  py::class_<PyBatch>(m, "_Batch", "The C++ batch behind arena_games.batch.Batch (docs/learning.md).")
      .def_property_readonly(
          "game", [](const PyBatch& b) { return b.game(); }, "The Game every row plays.")
      .def_property_readonly(
          "size", [](PyBatch& b) { return b.batch().size(); }, "The number of games (rows).")
      .def("__len__", [](PyBatch& b) { return b.batch().size(); })
      .def_property_readonly(
          "threads", [](PyBatch& b) { return b.batch().threads(); }, "The threads that step the rows.")
      .def_property_readonly("observations", &PyBatch::observations,
                             "float32 [size, *observation_tensor_shape]: each row's seat's observation.")
      .def_property_readonly("masks", &PyBatch::masks,
                             "int8 [size, num_distinct_actions]: 1 where an action is legal in the row.")
      .def_property_readonly("rewards", &PyBatch::rewards,
                             "float32 [size, players]: every seat's reward in the rows whose game ended\n"
                             "at the last step, 0 elsewhere.")
      .def_property_readonly("dones", &PyBatch::dones,
                             "bool [size]: the row's game ended at the last step (the row shows the next).")
      .def_property_readonly("seats", &PyBatch::seats, "int32 [size]: the seat (1..players) each row shows.")
      .def_property_readonly(
          "finished_games", [](PyBatch& b) { return b.batch().finished_games(); },
          "Games ended in all rows since the batch was made.")
      .def_property_readonly(
          "actions_played", [](PyBatch& b) { return b.batch().actions_played(); },
          "Actions applied in all rows since the batch was made, chance outcomes included.")
      .def(
          "reset",
          [](PyBatch& b) {
            py::gil_scoped_release unlocked;
            b.batch().reset();
          },
          "Starts a new game in every row.")
      .def("step", &PyBatch::step, py::arg("actions"),
           "Plays actions[i] (an action index legal in row i) in every row. ArenaError naming the\n"
           "first row whose action is not legal there, before any row moves.")
      .def("sample_actions", &PyBatch::sample_actions,
           "A uniformly random legal action for every row (int32 [size]), from the rows' own\n"
           "generators.")
      .def(
          "state",
          [](PyBatch& b, int row) {
            if (row < 0 || row >= b.batch().size())
              throw UserError("row " + std::to_string(row) + ": the batch has rows 0 to " +
                              std::to_string(b.batch().size() - 1));
            return PyState(b.game(), b.batch().state(row).clone());
          },
          py::arg("row"), "A copy of the game a row is playing, at its current decision.")
      .def("__repr__", [](PyBatch& b) {
        return "<arena_games._Batch of " + std::to_string(b.batch().size()) + " games of " +
               b.game()->spec() + ">";
      });
  m.def(
      "_batch",
      [](const py::object& game, int size, std::uint64_t seed, int threads) {
        return std::make_unique<PyBatch>(game_of(game), size, seed, threads);
      },
      py::arg("game"), py::arg("size"), py::arg("seed") = 0, py::arg("threads") = 1,
      "`size` new games of `game` (a Game or a spec), the first decision of each written: the C++\n"
      "batch that arena_games.batch.Batch wraps.");
}

}  // namespace arena::python
