// A bot that cannot start stops the run before its first game, loudly (issue 14): the
// bot's name, its command, the reason and the end of its standard error, exit status 2, for
// every way a command can be wrong; in match and in tournament; relative paths in a JSON
// configuration are taken from the configuration's folder.
#include <sys/stat.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace start_check_test {

namespace {

using shelltest::Run;
using shelltest::run_arena;
using shelltest::run_arena_in;

using shelltest::kRandom;

}  // namespace

TEST_CASE("start check: every kind of broken command stops the match before any game", "[cli]") {
  const shelltest::TempDir tmp("start");
  const std::string dir = tmp.str();
  std::ofstream(dir + "/noexec") << "#!/bin/sh\necho ready\n";
  std::ofstream(dir + "/crlf.sh") << "#!/bin/sh\r\necho hi\r\n";
  ::chmod((dir + "/crlf.sh").c_str(), 0755);
  std::filesystem::create_directories(dir + "/folder");
  struct Case {
    std::string command, expect;
  };
  const Case cases[] = {
      {"/nonexistent/bot", "does not exist"},
      {dir + "/noexec", "not an executable file"},
      {"no-such-program-anywhere", "not found in PATH"},
      {dir + "/folder", "not an executable file"},
      {dir + "/crlf.sh", "Windows line endings"},
      {"python3 " + dir + "/nosuch.py", "can't open file"},
  };
  for (const Case& c : cases) {
    const Run r = run_arena("match clump:size=4 --games 40 --bot \"a=" + c.command + "\" --bot b=" + kRandom);
    INFO(c.command << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find("arena: error: bot 'a' could not start") != std::string::npos);
    CHECK(r.out.find(c.expect) != std::string::npos);
    CHECK(r.out.find("[1/40]") == std::string::npos);  // no game was played
  }
}

TEST_CASE("start check: tournaments too, relative paths of a config are the config's own", "[cli]") {
  const shelltest::TempDir tmp("start");
  const std::string dir = tmp.str();
  std::filesystem::create_directories(dir + "/cfg/bots");
  std::filesystem::copy_file(kRandom, dir + "/cfg/bots/rnd");
  std::ofstream(dir + "/cfg/t.json") << R"({"game": "clump:size=4", "games": 2, "out": "out",
    "bots": [{"name": "a", "command": "bots/rnd"}, {"name": "b", "command": "./bots/rnd"}]})";
  // Run from another folder: the paths are found from the configuration's folder.
  Run r = run_arena_in(dir, "tournament --config cfg/t.json -q");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(std::filesystem::exists(dir + "/cfg/out/games.pgn"));
  std::ifstream saved(dir + "/cfg/out/tournament.json");
  std::string json((std::istreambuf_iterator<char>(saved)), std::istreambuf_iterator<char>());
  CHECK(json.find(dir + "/cfg/bots/rnd") != std::string::npos);  // what it ran, resolved
  r = run_arena("tournament clump:size=4 --out " + dir + "/t2 --bot a=/nonexistent/bot --bot b=" + kRandom);
  CHECK(r.status == 2);
  CHECK(r.out.find("bot 'a' could not start") != std::string::npos);
}

TEST_CASE(
    "config paths: a program found in PATH and the arguments stay as written, the bot runs in the "
    "config's folder",
    "[cli]") {
  const shelltest::TempDir tmp("start");
  const std::string dir = tmp.str();
  std::filesystem::create_directories(dir + "/cfg/bots");
  std::filesystem::copy_file(kRandom, dir + "/cfg/bots/rnd");
  // `env bots/rnd`: `env` is looked up in PATH, and its argument, a relative path, is found
  // because the bot starts in the configuration's folder (its default workdir).
  std::ofstream(dir + "/cfg/t.json") << R"({"game": "clump:size=4", "games": 2, "out": "out",
    "bots": [{"name": "a", "command": "env bots/rnd"}, {"name": "b", "command": "bots/rnd"}]})";
  const Run r = run_arena_in(dir, "tournament --config cfg/t.json -q");
  INFO(r.out);
  CHECK(r.status == 0);
  std::ifstream saved(dir + "/cfg/out/tournament.json");
  const std::string json((std::istreambuf_iterator<char>(saved)), std::istreambuf_iterator<char>());
  CHECK(json.find(R"("command":"env bots/rnd")") != std::string::npos);
  CHECK(json.find(R"("workdir":")" + dir + R"(/cfg")") != std::string::npos);
}

}  // namespace start_check_test
