// Where the programs of this build are: `arena`, the sample bots and the test bots
// (tests/bots/) all land in the build's bin/ folder, ARENA_BIN_DIR (tests/CMakeLists.txt).
#pragma once

#include <string>

namespace shelltest {

// The path of this build's program `name`.
inline std::string bin(const std::string& name) { return std::string(ARENA_BIN_DIR) + "/" + name; }

// The folder, and the two programs most tests run. Constants of each file that includes this
// (const: internal linkage), so they are made before any constant of that file built from them.
const std::string kBin = ARENA_BIN_DIR;
const std::string kArena = bin("arena");
const std::string kRandom = bin("random_bot");

}  // namespace shelltest
