// Reading a whole file back, as the tests that look at what a command wrote do: one home for
// the helper every such test file once had a copy of.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace shelltest {

// The bytes of file `p`; "" when it is missing or cannot be read (a test then fails on what it
// expected to find in it, which names the file better than an exception would).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace shelltest
