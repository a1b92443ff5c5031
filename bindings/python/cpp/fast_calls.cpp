// The calls a Python loop makes at every action, as plain CPython methods: current_player,
// is_terminal, is_chance, legal_moves, apply, chance_outcomes. pybind11's general dispatcher
// (overloads, argument vectors, converters) costs several times the engine's own work on these;
// a METH_NOARGS / METH_O method costs a pointer read. They replace the pybind11 definitions of
// state.cpp (same names, same behaviour and errors; docs/python.md, "Speed").
#include <Python.h>

#include "bindings/python/cpp/bindings.h"

namespace py = pybind11;

namespace arena::python {

namespace {

PyObject* arena_error = nullptr;  // arena_games.ArenaError, set by bind_fast_calls

// The PyState of `self`, or nullptr with a TypeError for a State whose __init__ or
// __setstate__ never ran (State.__new__(State)).
PyState* state_of(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  if (inst->simple_layout && inst->simple_holder_constructed)
    return static_cast<PyState*>(inst->simple_value_holder[0]);
  PyErr_SetString(PyExc_TypeError,
                  "arena_games.State: not initialized (make states with Game.new_initial_state)");
  return nullptr;
}

PyObject* current_player(PyObject* self, PyObject*) {
  const PyState* s = state_of(self);
  return s ? PyLong_FromLong(s->state().current_player()) : nullptr;
}

PyObject* is_terminal(PyObject* self, PyObject*) {
  const PyState* s = state_of(self);
  return s ? PyBool_FromLong(s->state().is_terminal()) : nullptr;
}

PyObject* is_chance(PyObject* self, PyObject*) {
  const PyState* s = state_of(self);
  return s ? PyBool_FromLong(s->state().is_chance()) : nullptr;
}

PyObject* legal_moves(PyObject* self, PyObject*) {
  const PyState* s = state_of(self);
  if (!s) return nullptr;
  const std::vector<Move>& moves = s->legal();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(moves.size()));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    PyObject* item = PyLong_FromLong(moves[i]);
    if (!item) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), item);
  }
  return list;
}

PyObject* apply(PyObject* self, PyObject* arg) {
  PyState* s = state_of(self);
  if (!s) return nullptr;
  if (!PyLong_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "apply(): move must be an int, not %s", Py_TYPE(arg)->tp_name);
    return nullptr;
  }
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(arg, &overflow);
  if (value == -1 && PyErr_Occurred()) return nullptr;
  if (overflow) {
    PyErr_Format(arena_error, "move %S is not legal here (no move is that large)", arg);
    return nullptr;
  }
  try {
    s->apply(value);
  } catch (const UserError& e) {
    PyErr_SetString(arena_error, e.what());
    return nullptr;
  }
  Py_RETURN_NONE;
}

PyObject* chance_outcomes(PyObject* self, PyObject*) {
  const PyState* s = state_of(self);
  if (!s) return nullptr;
  if (!s->state().is_chance()) {
    PyErr_SetString(arena_error, (s->game().spec() + ": chance does not act here (seat " +
                                  std::to_string(s->state().current_player()) + " does)")
                                     .c_str());
    return nullptr;
  }
  const auto outcomes = s->state().chance_outcomes();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(outcomes.size()));
  if (!list) return nullptr;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    PyObject* move = PyLong_FromLong(outcomes[i].first);
    PyObject* probability = PyFloat_FromDouble(outcomes[i].second);
    PyObject* pair = move && probability ? PyTuple_New(2) : nullptr;
    if (!pair) {
      Py_XDECREF(move);
      Py_XDECREF(probability);
      Py_DECREF(list);
      return nullptr;
    }
    PyTuple_SET_ITEM(pair, 0, move);
    PyTuple_SET_ITEM(pair, 1, probability);
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), pair);
  }
  return list;
}

// The docstrings start with a text signature ("name($self, /)\n--\n\n"): help() and
// inspect.signature read it as they read pybind11's.
PyMethodDef fast_methods[] = {
    {"current_player", current_player, METH_NOARGS,
     "current_player($self, /)\n--\n\n"
     "The seat to act (1..players), CHANCE (0) at a chance node, or TERMINAL (-1) once over."},
    {"is_terminal", is_terminal, METH_NOARGS, "is_terminal($self, /)\n--\n\nWhether the game is over."},
    {"is_chance", is_chance, METH_NOARGS,
     "is_chance($self, /)\n--\n\nWhether chance acts next (a deal, a draw): see chance_outcomes()."},
    {"legal_moves", legal_moves, METH_NOARGS,
     "legal_moves($self, /)\n--\n\n"
     "The legal moves of the seat to act as ints, in the engine's order; at a chance node the\n"
     "chance outcomes (as chance_outcomes() orders them); [] once the game is over."},
    {"apply", apply, METH_O,
     "apply($self, move, /)\n--\n\n"
     "Plays a legal move (or chance outcome) of legal_moves(); ArenaError if it is not legal."},
    {"chance_outcomes", chance_outcomes, METH_NOARGS,
     "chance_outcomes($self, /)\n--\n\n"
     "At a chance node, every outcome as (move, probability), the probabilities summing to 1."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void bind_fast_calls(py::module_& m) {
  arena_error = m.attr("ArenaError").ptr();
  StateClass state = state_class(m);
  auto* type = reinterpret_cast<PyTypeObject*>(state.ptr());
  for (PyMethodDef* def = fast_methods; def->ml_name; ++def) {
    py::object method = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, def));
    if (!method) throw py::error_already_set();
    state.attr(def->ml_name) = method;
  }
}

}  // namespace arena::python
