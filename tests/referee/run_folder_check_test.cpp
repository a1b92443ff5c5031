// Under --sandbox bwrap a bot never sees the run's own folder (docs/security.md, "What a
// sandboxed bot sees"), through the real binary: a command that names the output folder, a
// path inside it (there or not yet), a link to it, or a league's folder, or a --sandbox-bind of
// one, is refused before game 1 with a message naming the path; and the sandbox's loopback is
// its own: up for the bot, the host's unreachable.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "tests/bin_path.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace run_folder_check_test {

namespace fs = std::filesystem;
using shelltest::run_arena;
using shelltest::run_shell;

namespace {

using shelltest::kBin;

// Every file under `dir`, one after another.
std::string all_text(const fs::path& dir) {
  std::string text;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file()) text += shelltest::slurp(it->path());
  return text;
}

}  // namespace

TEST_CASE("sandbox: a bot command naming the output folder or a path inside it is refused before game 1",
          "[sandbox][cli]") {
  shelltest::TempFolder tmp("arena-runfolder", "tournament");
  fs::create_directories(tmp.path / "elsewhere");
  const std::string out = (tmp.path / "out").string();
  fs::create_directory_symlink(out, tmp.path / "elsewhere" / "link");
  const std::string random = kBin + "/random_bot";
  struct Case {
    std::string spy, extra, named;
  };
  const std::vector<Case> cases = {
      {random + " " + out, "", out},
      {random + " " + out + "/games.pgn", "", out + "/games.pgn"},  // not there yet at game 1
      {random + " " + out + "/live", "", out + "/live"},
      {random + " " + (tmp.path / "elsewhere" / "link").string(), "",
       (tmp.path / "elsewhere" / "link").string()},
      {random, " --sandbox-bind " + out, out},
  };
  for (const Case& c : cases) {
    fs::remove_all(out);
    if (!c.extra.empty()) fs::create_directories(out);  // a path to bind must exist
    const shelltest::Run run =
        run_arena("tournament clump:size=6 --sandbox bwrap --bot 'spy=" + c.spy + "' --bot b=" + random +
                  " --games 2 --quiet --out '" + out + "'" + c.extra);
    INFO(c.spy << c.extra << "\n" << run.out);
    CHECK(run.status == 2);
    CHECK(run.out.find("bot 'spy': under --sandbox bwrap its command names '" + c.named + "'") !=
          std::string::npos);
    CHECK(run.out.find("the run's own folder " + out) != std::string::npos);
    CHECK(run.out.find("no game was played") != std::string::npos);
    CHECK(shelltest::slurp(out + "/journal.jsonl").empty());
  }
  // The output folder as the working folder's own (`--out .`), the bot kept there.
  fs::remove_all(out);
  fs::create_directories(out);
  fs::copy_file(random, out + "/mybot");
  const shelltest::Run inside = shelltest::run_arena_in(
      out, "tournament clump:size=6 --sandbox bwrap --bot spy=./mybot --bot b=" + random +
               " --games 2 --quiet --out .");
  INFO(inside.out);
  CHECK(inside.status == 2);
  CHECK(inside.out.find("its command names '" + out + "/mybot'") != std::string::npos);
  // A bot in a folder that holds the output folder is not refused: the output folder is masked.
  fs::remove_all(out);
  fs::copy_file(random, tmp.path / "mybot");
  const shelltest::Run beside = shelltest::run_arena_in(
      tmp.path, "tournament clump:size=6 --sandbox bwrap --bot spy=./mybot --bot b=" + random +
                    " --games 2 --quiet --out out");
  INFO(beside.out);
  CHECK(beside.status == 0);
}

TEST_CASE("sandbox: a bot command naming its league's folder is refused before the league's first game",
          "[sandbox][cli]") {
  shelltest::TempFolder tmp("arena-runfolder", "league");
  const std::string dir = (tmp.path / "league").string(), random = kBin + "/random_bot";
  REQUIRE(run_arena("league new '" + dir + "' clump:size=6 --sandbox bwrap").status == 0);
  REQUIRE(run_arena("league add '" + dir + "' 'spy=" + random + " " + dir + "/league.db'").status == 0);
  REQUIRE(run_arena("league add '" + dir + "' b=" + random).status == 0);
  const shelltest::Run run = run_arena("league run '" + dir + "' --games 2 --quiet");
  INFO(run.out);
  CHECK(run.status == 2);
  CHECK(run.out.find("its command names '" + dir + "/league.db'") != std::string::npos);
  CHECK(run.out.find("the run's own folder " + dir) != std::string::npos);
  CHECK(run_arena("league export '" + dir + "'").out.find("[Round") == std::string::npos);  // no game
}

TEST_CASE("sandbox: a bot's loopback is its own (up for itself) and the host's is out of reach",
          "[sandbox][cli]") {
  shelltest::TempFolder tmp("arena-runfolder", "loopback");
  // Something of the host listening on 127.0.0.1, as `arena serve` would.
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  REQUIRE(listener >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof addr;
  REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  REQUIRE(::listen(listener, 8) == 0);
  REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &size) == 0);
  const std::string bot = "'probe=" + kBin + "/loopback_bot " + std::to_string(ntohs(addr.sin_port)) + "'";
  for (const bool sandbox : {true, false}) {
    const fs::path logs = tmp.path / (sandbox ? "sandboxed" : "plain");
    const shelltest::Run run = run_arena("match clump:size=6 --bot " + bot + " --bot b=" + kBin +
                                         "/random_bot --games 1 --seed 3 --log-dir '" + logs.string() + "'" +
                                         (sandbox ? " --sandbox bwrap" : ""));
    INFO(run.out);
    REQUIRE(run.status == 0);
    const std::string said = all_text(logs);
    INFO(said);
    CHECK(said.find(sandbox ? "loopback: own=ok host=unreachable" : "loopback: own=ok host=reached") !=
          std::string::npos);
  }
  ::close(listener);
}

}  // namespace run_folder_check_test
