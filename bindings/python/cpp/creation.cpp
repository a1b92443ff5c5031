// Every object of arena_games is made by the module (load(), Game.new_initial_state(), ...),
// never by calling its class: an instance that pybind11 made without running a constructor
// (State.__new__(State)) would crash the first method called on it. So every class's __new__
// raises TypeError, and pickles are rebuilt by functions (__reduce__, arena_games/__init__.py),
// not by __setstate__ on such an instance.
#include "bindings/python/cpp/bindings.h"

namespace py = pybind11;

namespace arena::python {

namespace {

PyObject* refuse_new(PyTypeObject* type, PyObject*, PyObject*) {
  PyErr_Format(PyExc_TypeError,
               "%s objects are made by arena_games (load(), Game.new_initial_state(), ...), not by "
               "calling the class",
               type->tp_name);
  return nullptr;
}

}  // namespace

void bind_creation(py::module_& m) {
  for (const auto& [name, value] : m.attr("__dict__").cast<py::dict>()) {
    if (!PyType_Check(value.ptr()) || PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(value.ptr()),
                                                       reinterpret_cast<PyTypeObject*>(PyExc_BaseException)))
      continue;
    reinterpret_cast<PyTypeObject*>(value.ptr())->tp_new = refuse_new;
  }
}

}  // namespace arena::python
