// Reading the records a test's `arena` run wrote: every game of a PGN file (a parse error
// fails the test) and an extra tag's value.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "records/pgn.h"
#include "tests/shell_run.h"

namespace shelltest {

inline std::vector<arena::GameRecord> records(const std::filesystem::path& pgn) {
  std::vector<arena::PgnError> errors;
  auto games = arena::parse_pgn(slurp(pgn), errors);
  REQUIRE(errors.empty());
  return games;
}

// The value of the record's extra tag `name`; "" when it has none.
inline std::string tag(const arena::GameRecord& r, const std::string& name) {
  for (const auto& [n, v] : r.extra_tags)
    if (n == name) return v;
  return "";
}

}  // namespace shelltest
