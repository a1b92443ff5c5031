// Bad input from Python (a spec, a move, a seat) is the engine's UserError, raised in Python as
// arena_games.ArenaError, a ValueError, with the engine's own message. A std::logic_error from
// the engine would be a bug in Arena: pybind11 raises it as RuntimeError, never a crash.
#include <pybind11/pybind11.h>

#include "bindings/python/cpp/bindings.h"
#include "engine/core/user_error.h"

namespace arena::python {

void bind_errors(pybind11::module_& m) {
  auto& error = pybind11::register_exception<UserError>(m, "ArenaError", PyExc_ValueError);
  error.attr("__doc__") =
      "Bad input to the engine: an unknown game or parameter, an illegal move, a seat that is not\n"
      "one of the game's, a question the position cannot answer (results before the end).\n"
      "A ValueError; its message is the engine's own.";
}

}  // namespace arena::python
