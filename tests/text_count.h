// How many times a piece of text occurs in a command's output or a file: the tests count
// records ("[Game "), log headers and prompts with it.
#pragma once

#include <cstddef>
#include <string>

namespace shelltest {

// The occurrences of `what` in `text` that do not overlap (the same as overlapping ones for
// every piece the tests count: none can overlap itself).
inline std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace shelltest
