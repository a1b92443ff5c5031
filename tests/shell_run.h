// Running a command or the build's `arena` through the shell, as a person would: the helpers
// of the integration tests that look at a command's output. Reading files back (slurp.h) and
// temporary folders (temp_dir.h) come with it, for those tests use all three.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/slurp.h"
#include "tests/temp_dir.h"

namespace shelltest {

struct Run {
  int status = -1;  // the exit status, or -1 when killed by a signal
  std::string out;  // standard output and standard error together
};

// `cmd` through /bin/sh, its standard error joined to its output.
inline Run run_shell(const std::string& cmd) {
  Run r;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// `arena ARGS` of this build.
inline Run run_arena(const std::string& args) {
  return run_shell(std::string(ARENA_BIN_DIR) + "/arena " + args);
}

// The same, started in folder `cwd`.
inline Run run_arena_in(const std::filesystem::path& cwd, const std::string& args) {
  return run_shell("cd '" + cwd.string() + "' && " + ARENA_BIN_DIR + "/arena " + args);
}

}  // namespace shelltest
