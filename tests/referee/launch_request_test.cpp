// What is executed to start a bot (process/launch_request.h), built without starting anything:
// the program found, the working folder, the argument list, the whole environment and, under
// the sandbox, bubblewrap's arguments around the bot's own.
#include "process/launch_request.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace launch_request_test {

using namespace arena;
namespace fs = std::filesystem;

namespace {

// A temporary folder by its canonical path, as the launch request resolves the paths in it.
struct Folder : shelltest::TempDir {
  Folder() : TempDir("launch") { path = fs::canonical(path); }
  fs::path file(const std::string& name, const std::string& text, bool executable) const {
    const fs::path p = path / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    ::chmod(p.c_str(), executable ? 0755 : 0644);
    return p;
  }
};

// The index of `word` in `v`, or -1.
long index_of(const std::vector<std::string>& v, const std::string& word) {
  const auto it = std::find(v.begin(), v.end(), word);
  return it == v.end() ? -1 : static_cast<long>(it - v.begin());
}

// Sets an environment variable for one test, then puts back what was there.
struct EnvVar {
  std::string name;
  bool had = false;
  std::string old;
  EnvVar(std::string n, const std::string& value) : name(std::move(n)) {
    if (const char* v = std::getenv(name.c_str())) {
      had = true;
      old = v;
    }
    ::setenv(name.c_str(), value.c_str(), 1);
  }
  ~EnvVar() {
    if (had)
      ::setenv(name.c_str(), old.c_str(), 1);
    else
      ::unsetenv(name.c_str());
  }
};

}  // namespace

TEST_CASE("launch request: a bare name is found in PATH, a relative path in the bot's folder", "[process]") {
  Folder f;
  const fs::path bot = f.file("bin/bot", "#!/bin/sh\n", true);
  LaunchRequest request;
  std::string error;
  REQUIRE(locate_bot(BotCommand{{"./bin/bot", "--fast", "x y"}, f.path.string()}, request, error));
  CHECK(request.program == (f.path / "./bin/bot").string());
  CHECK(request.working_dir == f.path.string());
  CHECK(request.exe == request.program);
  CHECK(request.argv == std::vector<std::string>{request.program, "--fast", "x y"});

  LaunchRequest sh;
  REQUIRE(locate_bot(BotCommand{{"sh", "-c", "true"}, ""}, sh, error));
  CHECK(fs::path(sh.program).is_absolute());
  CHECK(fs::path(sh.program).filename() == "sh");
  CHECK(sh.working_dir == fs::current_path().string());
}

TEST_CASE("launch request: what is wrong with a command is named before anything starts", "[process]") {
  Folder f;
  f.file("script.py", "print(1)\n", false);
  f.file("mybot", "#!/bin/sh\n", true);
  LaunchRequest request;
  std::string error;
  CHECK_FALSE(locate_bot(BotCommand{{}, ""}, request, error));
  CHECK(error == "empty bot command");
  CHECK_FALSE(locate_bot(BotCommand{{"./missing"}, f.path.string()}, request, error));
  CHECK(error == "'./missing' does not exist (in the bot's folder " + f.path.string() + ")");
  CHECK_FALSE(locate_bot(BotCommand{{"./script.py"}, f.path.string()}, request, error));
  CHECK(error == "'./script.py' is not an executable file (in the bot's folder " + f.path.string() + ")");
  CHECK_FALSE(locate_bot(BotCommand{{"mybot"}, f.path.string()}, request, error));
  CHECK(error ==
        "'mybot' not found in PATH (a file of that name is in the bot's folder: run it as './mybot')");
  CHECK_FALSE(locate_bot(BotCommand{{"sh"}, (f.path / "nowhere").string()}, request, error));
  CHECK(error == "working directory '" + (f.path / "nowhere").string() + "' does not exist");
}

TEST_CASE("launch request: the bot's whole environment is its own, with its scratch folder and marker",
          "[process]") {
  Folder f;
  f.file("bot", "#!/bin/sh\n", true);
  LaunchRequest request;
  std::string error;
  REQUIRE(locate_bot(BotCommand{{"./bot", "a"}, f.path.string()}, request, error));
  BotProcessOptions options;  // no sandbox: `bwrap` is not used
  REQUIRE(prepare_launch(options, "/unused/bwrap", "/tmp/arena-scratch-1", "ARENA_BOT_ID=7", request, error));
  CHECK(request.env == std::vector<std::string>{"PATH=/usr/local/bin:/usr/bin:/bin",
                                                "HOME=/tmp/arena-scratch-1", "TMPDIR=/tmp/arena-scratch-1",
                                                "LANG=C.UTF-8", "ARENA_BOT_ID=7"});
  CHECK(request.exe == (f.path / "./bot").string());
  CHECK(request.argv == std::vector<std::string>{request.exe, "a"});
  CHECK(request.sandbox_note.empty());
}

TEST_CASE("launch request: under the sandbox bwrap runs the bot, its folder bound read-only",
          "[process][sandbox]") {
  Folder f;
  f.file("bots/bot", "#!/bin/sh\n", true);
  const fs::path extra = f.file("data/book.txt", "", false);
  LaunchRequest request;
  std::string error;
  REQUIRE(locate_bot(BotCommand{{"./bots/bot", "--depth", "3"}, f.path.string()}, request, error));
  BotProcessOptions options;
  options.sandbox = Sandbox::kBwrap;
  options.sandbox_binds = {extra.string()};
  const std::string scratch = (f.path / "scratch").string();
  REQUIRE(prepare_launch(options, "/opt/bwrap", scratch, "ARENA_BOT_ID=9", request, error));
  CHECK(request.exe == "/opt/bwrap");
  REQUIRE(request.argv.size() > 6);
  CHECK(request.argv[0] == "/opt/bwrap");
  CHECK(index_of(request.argv, "--unshare-net") > 0);
  // The bot's own command comes last, after "--", unchanged.
  const long end = index_of(request.argv, "--");
  REQUIRE(end > 0);
  CHECK(std::vector<std::string>(request.argv.begin() + end + 1, request.argv.end()) ==
        std::vector<std::string>{(f.path / "./bots/bot").string(), "--depth", "3"});
  // Its folder read-only, the extra file, its scratch folder writable, started where it runs.
  const long bind = index_of(request.argv, (f.path / "bots").string());
  REQUIRE(bind > 0);
  CHECK(request.argv[bind - 1] == "--ro-bind");
  CHECK(index_of(request.argv, extra.string()) > 0);
  const long writable = index_of(request.argv, "--bind");
  REQUIRE(writable > 0);
  CHECK(request.argv[writable + 1] == scratch);
  const long chdir = index_of(request.argv, "--chdir");
  REQUIRE(chdir > 0);
  CHECK(request.argv[chdir + 1] == f.path.string());
  CHECK(request.env.back() == "ARENA_BOT_ID=9");
  CHECK(request.sandbox_note.find("--sandbox-bind") != std::string::npos);

  options.sandbox_binds.push_back((f.path / "no-such-file").string());
  LaunchRequest again;
  REQUIRE(locate_bot(BotCommand{{"./bots/bot"}, f.path.string()}, again, error));
  CHECK_FALSE(prepare_launch(options, "/opt/bwrap", scratch, "ARENA_BOT_ID=9", again, error));
  CHECK(error == "--sandbox-bind: '" + (f.path / "no-such-file").string() + "' does not exist");
}

TEST_CASE("launch request: a failed exec is explained by the script's first line", "[process]") {
  Folder f;
  const fs::path crlf = f.file("crlf.sh", "#!/bin/sh\r\necho hi\r\n", true);
  const fs::path gone = f.file("gone.py", "#!/opt/no-such-python -u\nprint(1)\n", true);
  const fs::path fine = f.file("fine.sh", "#!/bin/sh\necho hi\n", true);
  CHECK(exec_failure_hint(crlf.string()) ==
        " (its first line '#!/bin/sh' ends in a carriage return: the script has Windows line endings; "
        "convert it, e.g. with dos2unix)");
  CHECK(exec_failure_hint(gone.string()) ==
        " (its interpreter '/opt/no-such-python', named on its first line, does not exist)");
  CHECK(exec_failure_hint(fine.string()).empty());
  CHECK(exec_failure_hint((f.path / "absent").string()).empty());
}

TEST_CASE("launch request: a bwrap named by ARENA_BWRAP that is not there is reported as such",
          "[process][sandbox]") {
  Folder f;
  const std::string missing = (f.path / "no-bwrap").string();
  EnvVar chosen("ARENA_BWRAP", missing);
  CHECK(find_bwrap().empty());
  CHECK(probe_bwrap() == "--sandbox bwrap: ARENA_BWRAP='" + missing + "' is not an executable file");
  CHECK(check_sandbox(Sandbox::kNone).empty());
}

}  // namespace launch_request_test
