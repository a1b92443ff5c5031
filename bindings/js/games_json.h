// The registry as the JavaScript engine's games() gives it (bindings/js/games_json.cpp).
#pragma once

#include <string>

namespace arena::js {

// Every registered game as a JSON array: the "games" of `arena games --json`, entry for entry.
std::string games_json();

}  // namespace arena::js
