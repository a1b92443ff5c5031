// Under `--sandbox bwrap` a bot's command means what it means without the sandbox: it runs
// in the same working directory, the paths its command names are there (read-only), and
// relative paths resolve as in the shell; the output folder stays hidden even inside a
// folder the command names. A bot that still cannot start is told what the sandbox showed
// and how to bind more (--sandbox-bind, the tournament key sandbox_binds). Through the real
// `arena` binary (process/sandbox_view.h, docs/security.md).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "process/launch_request.h"
#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/tournaments/env_spy.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace sandbox_paths_test {

namespace fs = std::filesystem;

namespace {

using shelltest::Run;
using shelltest::run_shell;
using shelltest::slurp;

using sandboxtest::kSpy;
using sandboxtest::spy_logs;
using shelltest::kArena;
using shelltest::kRandom;

bool have_sandbox() {
  if (const std::string why = arena::check_sandbox(arena::Sandbox::kBwrap); !why.empty()) {
    WARN("skipped: " << why);
    return false;
  }
  return true;
}

}  // namespace

TEST_CASE(
    "sandbox paths: a bot named relative to the working directory runs there, the output folder stays hidden",
    "[tournament][sandbox]") {
  if (!have_sandbox()) return;
  for (const bool sandboxed : {true, false}) {
    // The referee's folder holds the bot, its data file, another bot's folder and the
    // tournament's output folder.
    const shelltest::TempDir tmp("sbxwd");
    const fs::path dir = tmp.path;
    fs::copy_file(kSpy, dir / "env_spy_bot");
    std::ofstream(dir / "data.txt") << "weights";
    fs::create_directories(dir / "other");  // another bot's folder, inside the spy's
    fs::copy_file(kRandom, dir / "other" / "random_bot");
    const std::string spy =
        "'spy=./env_spy_bot --probe=data.txt --probe=out/tournament.json --probe=other/random_bot "
        "--write-probe=planted.txt'";
    const Run r =
        run_shell("cd '" + dir.string() + "' && " + kArena + " tournament clump:size=6 --bot " + spy +
                  " --bot r=" + kRandom + " --bot o=other/random_bot --games 2 --seed 9 --quiet --out out" +
                  (sandboxed ? " --sandbox bwrap" : ""));
    INFO("sandboxed " << sandboxed << "\n" << r.out);
    CHECK(r.status == 0);
    const std::string logs = spy_logs(dir / "out");
    INFO(logs);
    REQUIRE(logs.find("spy done") != std::string::npos);
    // Same working directory, relative paths work, inside the sandbox as outside.
    CHECK(logs.find("spy dir " + dir.string() + "\n") != std::string::npos);
    CHECK(logs.find("spy probe data.txt yes") != std::string::npos);
    // The output folder inside the bot's own folder: masked under the sandbox.
    const std::string seen = sandboxed ? "no" : "yes";
    CHECK(logs.find("spy probe out/tournament.json " + seen) != std::string::npos);
    // Another bot's folder inside the spy's own: masked as well.
    CHECK(logs.find("spy probe other/random_bot " + seen) != std::string::npos);
    // The bot's folder is read-only under the sandbox.
    CHECK(logs.find("spy write planted.txt " + seen) != std::string::npos);
    CHECK(fs::exists(dir / "planted.txt") == !sandboxed);
  }
}

TEST_CASE("sandbox paths: a bot needing a file its command does not name is told how to bind it",
          "[tournament][sandbox]") {
  if (!have_sandbox()) return;
  const shelltest::TempDir tmp("sbxbind");
  const fs::path dir = tmp.path;
  fs::create_directories(dir / "bot");
  fs::create_directories(dir / "data");
  std::ofstream(dir / "data" / "weights") << "1";
  fs::copy_file(kRandom, dir / "bot" / "random_bot");
  // Reads a file of another folder, then plays as random_bot (in its own folder, so visible).
  std::ofstream(dir / "bot" / "bot.sh") << "[ -r data/weights ] || { echo 'no weights here' >&2; exit 3; }\n"
                                           "exec bot/random_bot \"$@\"\n";
  const std::string match = "cd '" + dir.string() + "' && " + kArena +
                            " match clump:size=6 --bot 'a=sh bot/bot.sh' --bot b=bot/random_bot --games 1 ";
  const Run hidden = run_shell(match + "--sandbox bwrap");
  INFO(hidden.out);
  CHECK(hidden.status != 0);
  CHECK(hidden.out.find("no weights here") != std::string::npos);
  CHECK(hidden.out.find("under --sandbox bwrap the bot sees only") != std::string::npos);
  CHECK(hidden.out.find(dir.string() + "/bot") != std::string::npos);  // what it saw
  CHECK(hidden.out.find("--sandbox-bind PATH") != std::string::npos);

  const Run bound = run_shell(match + "--sandbox bwrap --sandbox-bind data");
  INFO(bound.out);
  CHECK(bound.status == 0);

  const Run missing = run_shell(match + "--sandbox bwrap --sandbox-bind nowhere");
  CHECK(missing.status != 0);
  CHECK(missing.out.find("--sandbox-bind: 'nowhere' does not exist") != std::string::npos);
  const Run unsandboxed = run_shell(match + "--sandbox-bind data");
  CHECK(unsandboxed.status != 0);
  CHECK(unsandboxed.out.find("--sandbox-bind: only meaningful with --sandbox bwrap") != std::string::npos);

  // The tournament key: relative to the configuration's folder, kept absolute in tournament.json.
  std::ofstream(dir / "t.json") << R"({"game": "clump:size=6", "out": "out", "games": 2, "sandbox": "bwrap",
    "sandbox_binds": ["data"], "bots": [{"name": "a", "command": "sh bot/bot.sh"},
    {"name": "b", "command": "bot/random_bot"}]})";
  const Run t = run_shell(kArena + " tournament --config '" + (dir / "t.json").string() + "' --quiet");
  INFO(t.out);
  CHECK(t.status == 0);
  CHECK(slurp(dir / "out" / "tournament.json")
            .find("\"sandbox_binds\":[\"" + (dir / "data").string() + "\"]") != std::string::npos);
  std::ofstream(dir / "bad.json") << R"({"game": "clump", "out": "out2", "sandbox": "bwrap",
    "sandbox_binds": ["nowhere"], "bots": [{"name": "a", "command": "a"}, {"name": "b", "command": "b"}]})";
  const Run bad = run_shell(kArena + " tournament --config '" + (dir / "bad.json").string() + "' --quiet");
  CHECK(bad.status != 0);
  CHECK(bad.out.find("sandbox_binds: '" + (dir / "nowhere").string() + "' does not exist") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out2"));
}

TEST_CASE("sandbox paths: an interpreter outside /usr, reached by a link or a #! line, is there",
          "[tournament][sandbox]") {
  if (!have_sandbox()) return;
  const shelltest::TempDir tmp("sbxinterp");
  const fs::path dir = tmp.path;
  // A shell installed outside the system folders (bin/ beside lib/, like /opt/python3.12),
  // reached through a venv-like link and through a script's "#!" line.
  fs::create_directories(dir / "tools/bin");
  fs::create_directories(dir / "tools/lib");
  fs::copy_file("/bin/sh", dir / "tools/bin/mysh");
  fs::create_directories(dir / "env/bin");
  std::ofstream(dir / "env/pyvenv.cfg") << "home = " << (dir / "tools/bin").string() << "\n";
  fs::create_symlink(dir / "tools/bin/mysh", dir / "env/bin/sh");
  fs::create_directories(dir / "bot");
  fs::copy_file(kRandom, dir / "bot/random_bot");
  std::ofstream(dir / "bot/play.sh") << "exec \"$(dirname \"$0\")/random_bot\" \"$@\"\n";
  std::ofstream(dir / "bot/run") << "#!" << (dir / "tools/bin/mysh").string()
                                 << "\nexec \"$(dirname \"$0\")/random_bot\"\n";
  fs::permissions(dir / "bot/run", fs::perms::owner_all, fs::perm_options::add);
  const shelltest::TempDir tmp_elsewhere("sbxcwd");
  const fs::path elsewhere = tmp_elsewhere.path;
  const Run r = run_shell("cd '" + elsewhere.string() + "' && " + kArena + " match clump:size=6 --bot 'a=" +
                          (dir / "env/bin/sh").string() + " " + (dir / "bot/play.sh").string() +
                          "' --bot b=" + (dir / "bot/run").string() + " --games 2 --sandbox bwrap");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("could not start") == std::string::npos);
}

}  // namespace sandbox_paths_test
