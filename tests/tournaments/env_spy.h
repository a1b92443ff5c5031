// The spy bot of the sandbox tests (tests/bots/env_spy_bot.cpp): it reports in its log what
// it could see and write from where the referee started it.
#pragma once

#include <filesystem>
#include <string>

#include "tests/bin_path.h"
#include "tests/slurp.h"

namespace sandboxtest {

const std::string kSpy = shelltest::bin("env_spy_bot");

// Everything the spy bot's instances of the tournament in `out` wrote to their logs.
inline std::string spy_logs(const std::filesystem::path& out) {
  std::string all;
  for (const auto& e : std::filesystem::directory_iterator(out / "logs"))
    if (e.path().filename().string().rfind("spy", 0) == 0) all += shelltest::slurp(e.path());
  return all;
}

}  // namespace sandboxtest
