// What a bot process can see and keep: a clean environment, only stdin/stdout/stderr,
// an empty scratch folder of its own (removed afterwards), resource limits, nothing
// about the deal; under --sandbox bwrap also no view of the referee's folders or /tmp.
#include <fcntl.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "process/launch_request.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace containment_test {

using namespace arena;
using namespace reftest;
namespace fs = std::filesystem;

namespace {

struct Seen {
  std::vector<std::string> env, args, entries, fds;
  std::map<std::string, std::string> probes;
  std::map<std::string, unsigned long long> limits;
  std::string text;  // the whole log
  std::string spy;   // only what the bot itself reported
  bool done = false;
};

Seen read_spy_log(const std::string& dir) {
  Seen seen;
  for (const auto& f : fs::directory_iterator(dir)) {
    if (f.path().filename().string().rfind("spy", 0) != 0) continue;
    std::ifstream in(f.path());
    for (std::string line; std::getline(in, line);) {
      seen.text += line + "\n";
      std::istringstream ss(line);
      std::string tag, kind, value;
      ss >> tag >> kind;
      if (tag != "spy") continue;
      seen.spy += line + "\n";
      std::getline(ss >> std::ws, value);
      if (kind == "env") seen.env.push_back(value);
      if (kind == "arg") seen.args.push_back(value);
      if (kind == "entry") seen.entries.push_back(value);
      if (kind == "fd") seen.fds.push_back(value);
      if (kind == "done") seen.done = true;
      if (kind == "probe")
        seen.probes[value.substr(0, value.rfind(' '))] = value.substr(value.rfind(' ') + 1);
      if (kind == "limit")
        seen.limits[value.substr(0, value.find(' '))] = std::stoull(value.substr(value.find(' ') + 1));
    }
  }
  return seen;
}

std::string temp_folder(const std::string& name) {
  fs::path p = fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p.string();
}

// Plays one game of `spec` between the spy (seat 1) and a random bot; returns what the spy saw.
Seen spy_on(const std::string& spec, std::uint64_t seed, RunnerOptions opt,
            const std::vector<std::string>& extra, GameRecord& record) {
  const std::string tag = new_tag();
  const std::string logs = temp_folder("arena-spy-logs");
  opt.log_dir = logs;
  opt.time.move_time_ms = 5000;
  BotSpec spy = bot("spy", "env_spy_bot", tag);
  for (const auto& e : extra) spy.command.argv.push_back(e);
  auto records = play({spy, bot("other", "random_bot", tag)}, {{spec, {0, 1}, seed, "1"}}, opt);
  record = records[0];
  Seen seen = read_spy_log(logs);
  CHECK(processes_left(tag).empty());
  fs::remove_all(logs);
  return seen;
}

std::string env_value(const Seen& s, const std::string& key) {
  for (const auto& e : s.env)
    if (e.rfind(key + "=", 0) == 0) return e.substr(key.size() + 1);
  return "";
}

}  // namespace

TEST_CASE(
    "containment: a bot sees a clean environment, its own empty scratch folder, no inherited fds, limits",
    "[containment]") {
  // A descriptor and an environment variable of the referee that must not reach the bot.
  const int leaked = ::open("/dev/null", O_RDONLY);  // not close-on-exec
  ::setenv("ARENA_TEST_SECRET", "the-deal-is-AS-KS", 1);
  RunnerOptions opt;
  opt.process_limits.file_size_bytes = 8 << 20;
  GameRecord r;
  // A file named relative to the referee's working directory, as a bot's script would be.
  const std::string relative =
      fs::relative(fs::path(ARENA_SOURCE_DIR) / "CMakeLists.txt", fs::current_path()).string();
  Seen s = spy_on("flush:players=2", 4242, opt, {"--probe=" + relative}, r);
  ::close(leaked);
  ::unsetenv("ARENA_TEST_SECRET");
  INFO(s.text);
  REQUIRE(s.done);
  CHECK((r.termination == Termination::kNormal || r.termination == Termination::kLengthCap));
  std::set<std::string> keys;
  for (const auto& e : s.env) keys.insert(e.substr(0, e.find('=')));
  // ARENA_BOT_ID is the marker by which the referee finds every process the bot starts
  // (process/bot_tree.h); it names no secret of the referee (its pid and a counter).
  CHECK(keys == std::set<std::string>{"ARENA_BOT_ID", "HOME", "LANG", "PATH", "TMPDIR"});
  for (const auto& e : s.env)
    if (e.rfind("ARENA_BOT_ID=", 0) == 0) CHECK(e.find("the-deal") == std::string::npos);
  CHECK(s.fds == std::vector<std::string>{"0", "1", "2"});
  REQUIRE(s.args.size() == 3);  // the program, the test's tag and the probe, nothing else
  CHECK(s.args[1].rfind("--arena-test-tag=", 0) == 0);
  CHECK(s.probes[relative] == "yes");
  // HOME = TMPDIR = a fresh, empty folder, removed after the game; the working directory is
  // the referee's, so relative paths in a bot's command work as from the same shell.
  const std::string home = env_value(s, "HOME");
  CHECK(home.find("arena-bot-") != std::string::npos);
  CHECK(env_value(s, "TMPDIR") == home);
  CHECK(s.text.find("spy dir " + home + "\n") != std::string::npos);
  CHECK(s.text.find("spy dir " + fs::current_path().string() + "\n") != std::string::npos);
  CHECK(std::none_of(s.entries.begin(), s.entries.end(),
                     [&](const std::string& e) { return e.rfind(home + "/", 0) == 0; }));
  CHECK_FALSE(fs::exists(home));
  CHECK(s.limits["core"] == 0);
  if (!s.limits.empty() && s.limits["as"] != ~0ULL) CHECK(s.limits["as"] == 2ULL << 30);
  CHECK(s.limits["fsize"] == 8ULL << 20);
  CHECK(s.limits["cpu"] == 3600);
  // Nothing about the deal: the seed of chance appears nowhere in what the bot saw
  // beyond the protocol (the spy logs only its environment, not the protocol lines).
  CHECK(s.spy.find("4242") == std::string::npos);
  CHECK(s.spy.find("the-deal") == std::string::npos);
}

TEST_CASE("containment: --sandbox bwrap hides the referee's folders and /tmp, keeps the environment clean",
          "[containment][sandbox]") {
  if (const std::string why = check_sandbox(Sandbox::kBwrap); !why.empty()) {
    WARN("skipped: " << why);
    return;
  }
  const std::string marker = temp_folder("arena-sandbox-marker") + "/visible";
  std::ofstream(marker) << "secret";
  RunnerOptions opt;
  opt.sandbox = Sandbox::kBwrap;
  GameRecord r;
  Seen s = spy_on("flush:players=2", 77, opt,
                  {"--probe=" + marker, "--probe=/usr/bin",
                   "--probe=" + std::string(ARENA_SOURCE_DIR) + "/CMakeLists.txt"},
                  r);
  INFO(s.text);
  REQUIRE(s.done);
  CHECK((r.termination == Termination::kNormal || r.termination == Termination::kLengthCap));
  CHECK(s.probes[marker] == "no");  // private /tmp
  CHECK(s.probes[std::string(ARENA_SOURCE_DIR) + "/CMakeLists.txt"] == "no");
  CHECK(s.probes["/usr/bin"] == "yes");
  // The same working directory as without the sandbox, but nothing of it that the command
  // does not name: at most the way to the bot's own folder.
  CHECK(s.text.find("spy dir " + fs::current_path().string() + "\n") != std::string::npos);
  for (const auto& e : s.entries) CHECK(std::string(ARENA_BIN_DIR).rfind(e, 0) == 0);
  CHECK(s.fds == std::vector<std::string>{"0", "1", "2"});
  // Without the sandbox the same marker is visible: the probe itself works.
  RunnerOptions plain;
  Seen p = spy_on("clump", 78, plain, {"--probe=" + marker}, r);
  CHECK(p.probes[marker] == "yes");
  fs::remove_all(fs::path(marker).parent_path());
}

}  // namespace containment_test
