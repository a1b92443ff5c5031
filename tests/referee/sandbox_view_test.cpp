// Which paths a sandboxed bot's command names (process/sandbox_view.h): the rules on their
// own; tests/tournaments/sandbox_paths_test.cpp runs them through `arena`.
#include "process/sandbox_view.h"

#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace sandbox_view_test {

using namespace arena;
namespace fs = std::filesystem;

namespace {

using shelltest::TempDir;

bool has(const std::vector<std::string>& v, const fs::path& p) {
  return std::find(v.begin(), v.end(), p.string()) != v.end();
}

void touch(const fs::path& p, const std::string& text = "") {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

}  // namespace

TEST_CASE("sandbox view: a venv's interpreter link leads to its installation, both bound", "[sandbox]") {
  TempDir f("sbxview");
  touch(f.path / "py/bin/python3.12");
  fs::create_directories(f.path / "py/lib/python3.12");
  touch(f.path / "venv/pyvenv.cfg");
  fs::create_directories(f.path / "venv/bin");
  fs::create_symlink(f.path / "py/bin/python3.12", f.path / "venv/bin/python");
  touch(f.path / "kit/bot.py");
  SandboxRequest r;
  r.program = (f.path / "venv/bin/python").string();
  r.args = {"kit/bot.py", "-u", "--depth", "3"};
  r.working_dir = f.path.string();
  const SandboxView v = sandbox_view(r);
  CHECK(has(v.read_only, f.path / "venv"));  // pyvenv.cfg and site-packages
  CHECK(has(v.read_only, f.path / "py"));    // the interpreter with its lib/
  CHECK(has(v.read_only, f.path / "kit"));   // the script's folder, relative to the working directory
  CHECK(v.read_only.size() == 3);
  CHECK(v.make_working_dir);  // the working directory itself is not bound: an empty folder
}

TEST_CASE("sandbox view: a #! interpreter, a folder argument, shims, never / or system folders",
          "[sandbox]") {
  TempDir f("sbxview");
  touch(f.path / "opt/tool/bin/interp");
  fs::create_directories(f.path / "opt/tool/lib");
  touch(f.path / "bots/run", "#!" + (f.path / "opt/tool/bin/interp").string() + " -x\n");
  fs::create_directories(f.path / "classes");
  SandboxRequest r;
  r.program = (f.path / "bots/run").string();
  r.args = {"-cp", "classes", "/", "/usr/bin", "Bot"};
  r.working_dir = f.path.string();
  SandboxView v = sandbox_view(r);
  CHECK(has(v.read_only, f.path / "bots"));
  CHECK(has(v.read_only, f.path / "opt/tool"));
  CHECK(has(v.read_only, f.path / "classes"));
  CHECK(v.read_only.size() == 3);

  touch(f.path / "pyenv/shims/python3");
  touch(f.path / "pyenv/libexec/pyenv");
  r.program = (f.path / "pyenv/shims/python3").string();
  r.args = {};
  v = sandbox_view(r);
  CHECK(v.read_only == std::vector<std::string>{(f.path / "pyenv").string()});
}

TEST_CASE("sandbox view: the output folder inside a bound folder is masked, after the bind", "[sandbox]") {
  TempDir f("sbxview");
  touch(f.path / "bot");
  fs::create_directories(f.path / "out/logs");
  fs::create_directories(f.path / "elsewhere");
  SandboxRequest r;
  r.program = (f.path / "bot").string();  // its folder is the working directory: bound
  r.working_dir = f.path.string();
  r.scratch = (f.path / "scratch").string();
  r.hidden = {(f.path / "out").string(), (f.path / "out/logs").string(), "/nonexistent/out"};
  r.extra = {(f.path / "elsewhere").string()};
  const SandboxView v = sandbox_view(r);
  CHECK(v.read_only == std::vector<std::string>{f.path.string(), (f.path / "elsewhere").string()});
  CHECK(has(v.masked, f.path / "out"));
  CHECK_FALSE(v.make_working_dir);
  const std::vector<std::string> a = bwrap_arguments(r);
  auto at = [&](const std::string& s) { return std::find(a.begin(), a.end(), s) - a.begin(); };
  REQUIRE(at((f.path / "out").string()) < static_cast<long>(a.size()));
  CHECK(a[at((f.path / "out").string()) - 1] == "--tmpfs");
  CHECK(at(f.path.string()) < at((f.path / "out").string()));  // the bind, then the mask inside it
  CHECK(a[a.size() - 2] == "--");
  CHECK(a.back() == r.program);
  const std::vector<std::string> chdir = {"--chdir", f.path.string()};
  CHECK(std::search(a.begin(), a.end(), chdir.begin(), chdir.end()) != a.end());
}

TEST_CASE("sandbox view: a bot kept inside a hidden folder still sees its own folder", "[sandbox]") {
  TempDir f("sbxview");
  touch(f.path / "out/bots/mine");
  SandboxRequest r;
  r.program = (f.path / "out/bots/mine").string();
  r.args = {f.path.string()};  // names the folder that holds the output folder
  r.working_dir = f.path.string();
  r.hidden = {(f.path / "out").string()};
  const std::vector<std::string> a = bwrap_arguments(r);
  auto at = [&](const std::string& s) { return std::find(a.begin(), a.end(), s) - a.begin(); };
  const auto mask = at((f.path / "out").string());
  REQUIRE(mask < static_cast<long>(a.size()));
  CHECK(a[mask - 1] == "--tmpfs");
  CHECK(at(f.path.string()) < mask);                 // the folder, then the mask
  CHECK(mask < at((f.path / "out/bots").string()));  // then the bot's own folder again
}

TEST_CASE("sandbox view: a hidden file (arena match --out) is masked by /dev/null", "[sandbox]") {
  TempDir f("sbxview");
  touch(f.path / "bot");
  touch(f.path / "games.pgn");
  SandboxRequest r;
  r.program = (f.path / "bot").string();
  r.working_dir = f.path.string();
  r.hidden = {(f.path / "games.pgn").string()};
  const std::vector<std::string> a = bwrap_arguments(r);
  const auto at = std::find(a.begin(), a.end(), (f.path / "games.pgn").string()) - a.begin();
  REQUIRE(at >= 2);
  CHECK(a[at - 2] == "--ro-bind");
  CHECK(a[at - 1] == "/dev/null");
}

}  // namespace sandbox_view_test
