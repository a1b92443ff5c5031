// `arena match` as a user runs it: output, exit status, errors.
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace {

struct Run {
  int status = -1;
  std::string out;
};

Run arena(const std::string& args) {
  Run r;
  const std::string cmd = std::string(ARENA_BIN_DIR) + "/arena " + args + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

const std::string kRandom = std::string(ARENA_BIN_DIR) + "/random_bot";

}  // namespace

TEST_CASE("arena match: plays, rotates seats, prints lines and a summary", "[referee]") {
  auto r =
      arena("match clump:size=6 --bot a=" + kRandom + " --bot b=" + kRandom + " --games 4 --seed 3 -k 2");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("4 games, seed 3") != std::string::npos);
  CHECK(r.out.find("[4/4]") != std::string::npos);
  CHECK(r.out.find("a - b") != std::string::npos);
  CHECK(r.out.find("b - a") != std::string::npos);
  CHECK(r.out.find("wins losses  draws") != std::string::npos);
}

TEST_CASE("arena match: clear errors for bad input", "[referee]") {
  auto r = arena("match nosuchgame --bot a=" + kRandom);
  CHECK(r.status == 2);
  CHECK(r.out.find("nosuchgame") != std::string::npos);
  r = arena("match clump --bot a");
  CHECK(r.status == 2);
  CHECK(r.out.find("NAME=COMMAND") != std::string::npos);
  r = arena("match clump --bot a=x --bot a=y");
  CHECK(r.status == 2);
  CHECK(r.out.find("two bots are named 'a'") != std::string::npos);
  r = arena("match clump --bot a=" + kRandom + " --tc fast");
  CHECK(r.status == 2);
  CHECK(r.out.find("--tc") != std::string::npos);
  r = arena("match clump --bot a=" + kRandom + " --bot b=/no/such/bot --games 1");
  CHECK(r.status == 0);  // the missing bot loses its game; the match still ends normally
  CHECK(r.out.find("start-failure by b") != std::string::npos);
}
