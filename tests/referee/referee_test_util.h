// Helpers of the referee integration tests: bot paths, a unique tag per test run so
// the tests can find (and count) exactly their own bot processes in /proc.
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "referee/match_runner.h"

namespace reftest {

inline std::string bin(const std::string& name) { return std::string(ARENA_BIN_DIR) + "/" + name; }

// A fresh marker to append to bot command lines (bots ignore extra arguments).
inline std::string new_tag() {
  static std::atomic<int> counter{0};
  return "--arena-test-tag=" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
         std::to_string(std::random_device{}());
}

inline arena::BotSpec bot(const std::string& name, const std::string& exe, const std::string& tag) {
  arena::BotSpec b;
  b.name = name;
  b.command.argv = {bin(exe), tag};
  return b;
}

// Live (non-zombie) processes whose command line contains `tag`.
inline std::vector<int> live_processes_with(const std::string& tag) {
  std::vector<int> pids;
  DIR* d = ::opendir("/proc");
  if (!d) return pids;
  while (dirent* e = ::readdir(d)) {
    const int pid = std::atoi(e->d_name);
    if (pid <= 0) continue;
    std::ifstream cmd("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
    if (text.find(tag) == std::string::npos) continue;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z') continue;
    pids.push_back(pid);
  }
  ::closedir(d);
  return pids;
}

// Runs the jobs and returns the records in job order.
inline std::vector<arena::GameRecord> play(std::vector<arena::BotSpec> bots,
                                           const std::vector<arena::GameJob>& jobs,
                                           arena::RunnerOptions options) {
  options.stop_on_signals = false;
  std::vector<arena::GameRecord> records(jobs.size());
  arena::MatchRunner runner(std::move(bots), options);
  runner.run(jobs, [&](std::size_t job, const arena::GameRecord& r) { records[job] = r; });
  return records;
}

inline std::vector<std::string> actions_text(const arena::GameRecord& r) {
  std::vector<std::string> v;
  for (const auto& a : r.actions) v.push_back(std::to_string(a.actor) + ":" + a.text);
  return v;
}

}  // namespace reftest
