// Starting one of the build's programs directly (posix_spawn, no shell in between), for the
// tests that signal or kill it while it runs (a shell's pid would not be the program's), and
// waiting for its exit.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

extern char** environ;

namespace shelltest {

// Starts `args[0]` (a path) with `args`; its standard output goes to `stdout_file` (made or
// emptied), its standard error to `stderr_file` when one is given, else to the test's own.
// The same file for both joins them: one open file, so neither overwrites the other's lines.
inline pid_t spawn(const std::vector<std::string>& args,
                   const std::filesystem::path& stdout_file = "/dev/null",
                   const std::filesystem::path& stderr_file = "") {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!stderr_file.empty() && stderr_file == stdout_file)
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
  else if (!stderr_file.empty())
    posix_spawn_file_actions_addopen(&fa, 2, stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  REQUIRE(rc == 0);
  return pid;
}

// The exit status of `pid`, or 128 + the signal that ended it (as a shell reports it).
inline int wait_exit(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// spawn, then wait_exit.
inline int run(const std::vector<std::string>& args, const std::filesystem::path& stdout_file = "/dev/null",
               const std::filesystem::path& stderr_file = "") {
  return wait_exit(spawn(args, stdout_file, stderr_file));
}

}  // namespace shelltest
