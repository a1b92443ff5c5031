// A backwards include: the layer check must reject it (tests/CMakeLists.txt).
#pragma once
#include "referee/match_runner.h"
