// The parts of the arena_games module, one concept per file, each adding its names to the
// module in a bind_* function. module.cpp calls them in order: a new part is one file and one
// line there (the order matters only where a part's signatures name another part's classes).
#pragma once

#include <pybind11/pybind11.h>

#include "bindings/python/cpp/py_state.h"

namespace arena::python {

// The classes bound once (game.cpp, state.cpp), for the parts that add methods to them.
using GameClass = pybind11::class_<Game, GamePtr>;
using StateClass = pybind11::class_<PyState>;
inline GameClass game_class(pybind11::module_& m) { return GameClass(pybind11::object(m.attr("Game"))); }
inline StateClass state_class(pybind11::module_& m) { return StateClass(pybind11::object(m.attr("State"))); }

void bind_errors(pybind11::module_& m);      // errors.cpp: ArenaError, the engine's UserError
void bind_registry(pybind11::module_& m);    // registry.cpp: games(), load(), the constants
void bind_game(pybind11::module_& m);        // game.cpp: Game
void bind_state(pybind11::module_& m);       // state.cpp: State, SeatResult
void bind_fast_calls(pybind11::module_& m);  // fast_calls.cpp: State's per-action calls, in plain CPython
void bind_views(pybind11::module_& m);       // views.cpp: observation, picture, seen actions
void bind_sampling(pybind11::module_& m);    // sampling.cpp: states from a seat's view
void bind_playout(pybind11::module_& m);     // playout.cpp: random playouts, perft
void bind_search(pybind11::module_& m);      // search.cpp: the baseline search (bots/search)
void bind_tensor(pybind11::module_& m);      // tensor.cpp: observation tensors, action indices, masks
void bind_batch(pybind11::module_& m);       // batch.cpp: Batch, N games stepped together
void bind_creation(pybind11::module_& m);    // creation.cpp: no class is called directly (called last)

}  // namespace arena::python
