// A structured picture (engine/core/picture.h) as plain Python dicts and lists, keyed by the
// engine's own field names. Not the report's compact JSON (report/picture_json.h, short keys
// to keep a 10,000-game report small): that lives above the engine in report/, which this
// binding does not link, and Python readers want `picture["zones"]`, not `picture["z"]`.
#pragma once

#include <pybind11/pybind11.h>

#include "engine/core/picture.h"

namespace arena::python {

pybind11::dict picture_dict(const Picture& picture);

}  // namespace arena::python
