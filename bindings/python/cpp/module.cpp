// The extension module arena_games._core; the package arena_games (arena_games/__init__.py)
// re-exports it. Every binding translates between Python and the engine and holds no rule.
#include <pybind11/pybind11.h>

#include "arena_version.h"
#include "bindings/python/cpp/bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "Arena's game engine (engine/core/game.h) for Python: see arena_games.";
  m.attr("__version__") = ARENA_VERSION;
  using namespace arena::python;
  bind_errors(m);
  bind_registry(m);
  bind_game(m);
  bind_state(m);
  bind_fast_calls(m);
  bind_views(m);
  bind_sampling(m);
  bind_playout(m);
  bind_search(m);
  bind_tensor(m);
  bind_batch(m);
  // More parts register here (one bind_* per file, declared in bindings.h).
  bind_creation(m);  // last: it covers every class registered above
}
