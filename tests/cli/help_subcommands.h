// The subcommands `arena --help` lists, for the tests that go through every one of them
// (help_docs_test.cpp, numeric_flags_test.cpp).
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace clitest {

// The names listed under "Subcommands:" of `help` (the text of `arena --help`).
inline std::vector<std::string> subcommands(const std::string& help) {
  std::vector<std::string> out;
  std::istringstream in(help);
  bool listing = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Subcommands:", 0) == 0)
      listing = true;
    else if (listing && line.empty())
      break;
    else if (listing)
      out.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return out;
}

}  // namespace clitest
