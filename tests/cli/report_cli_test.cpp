// `arena report` and the tournament's report.html through the real binary: the page is one
// self-contained file (no network, no external script, style or font), a tournament writes it at
// the end and again after a kill -9 and --resume, --games chooses the embedded replays, and bad
// input is a clear error with exit status 2 that leaves no half-written file.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "report/json_patch.h"
#include "report/replay_pack.h"
#include "tests/bin_path.h"
#include "tests/killed_referee.h"
#include "tests/shell_run.h"
#include "tests/slurp.h"
#include "tests/spawn_program.h"
#include "tests/temp_dir.h"

extern char** environ;

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace report_cli_test {

namespace fs = std::filesystem;

namespace {

using shelltest::kArena;
using shelltest::kRandom;

using shelltest::Run;
using shelltest::run_arena;

using shelltest::slurp;

using shelltest::TempDir;

// The text of the page's <script type="application/json" id=ID> element, parsed.
boost::json::value script_json(const std::string& html, const std::string& id) {
  const std::string open = "id=\"" + id + "\">";
  const std::size_t start = html.find(open);
  REQUIRE(start != std::string::npos);
  const std::size_t from = start + open.size();
  const std::size_t end = html.find("</script>", from);
  REQUIRE(end != std::string::npos);
  std::string text = html.substr(from, end - from);
  for (std::size_t p; (p = text.find("<\\/")) != std::string::npos;) text.erase(p + 1, 1);
  return boost::json::parse(text);
}

std::size_t report_games(const fs::path& file) {
  return script_json(slurp(file), "arena-data").as_object().at("games").as_array().size();
}

std::size_t journal_lines(const fs::path& dir) {
  const std::string j = slurp(dir / "journal.jsonl");
  return static_cast<std::size_t>(std::count(j.begin(), j.end(), '\n'));
}

using shelltest::spawn;

}  // namespace

TEST_CASE("report: a tournament's report.html is one self-contained page of every game", "[cli][report]") {
  TempDir t("report");
  const fs::path out = t.path / "run";
  const Run r = run_arena("tournament clump:size=6 --bot a=" + kRandom + " --bot b=" + kRandom +
                          " --bot c=" + kRandom + " --games 2 --seed 3 --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("report: " + (out / "report.html").string()) != std::string::npos);
  std::string html = slurp(out / "report.html");
  CHECK(report_games(out / "report.html") == 6);
  // The SVG namespace is a name, not an address the page fetches.
  const std::string svg_ns = "http://www.w3.org/2000/svg";
  for (std::size_t p; (p = html.find(svg_ns)) != std::string::npos;) html.erase(p, svg_ns.size());
  // Nothing fetched from anywhere: no external script, style sheet, font, image or frame.
  for (const char* outside :
       {"<script src", "<link", "@import", "url(", "<iframe", "<img", "http://", "https://"})
    CHECK(html.find(outside) == std::string::npos);
  CHECK(html.find("id=\"replay-1\"") != std::string::npos);
}

// The page's decoding (report/page/frames.js) in C++: what the report embeds, decoded and its
// patches applied, is every picture `arena report --dump-pictures` prints (the engine's picture
// at each ply, as `arena show` draws it), in every view of a hidden-information game.
TEST_CASE("report: the embedded replays decode to the engine's picture of every ply and view",
          "[cli][report]") {
  TempDir t("report");
  const fs::path out = t.path / "run";
  const Run played =
      run_arena("tournament flush:players=3 --bot a=" + kRandom + " --bot b=" + kRandom +
                " --bot c=" + kRandom + " --games 1 --max-tables 1 --seed 5 --quiet --out " + out.string());
  INFO(played.out);
  REQUIRE(played.status == 0);
  // As pictures: the page's engine writes the same from the record (tests/report/page_engine_test.mjs).
  REQUIRE(
      run_arena("report " + out.string() + " --frames --out " + (t.path / "frames.html").string()).status ==
      0);
  const std::string html = slurp(t.path / "frames.html");
  const std::string open = "<script type=\"application/x-arena-replay\" id=\"replay-1\">";
  const std::size_t at = html.find(open);
  REQUIRE(at != std::string::npos);
  const std::size_t begin = at + open.size();
  const boost::json::value replay =
      boost::json::parse(arena::report::unpack_replay(html.substr(begin, html.find('<', begin) - begin)));
  const Run dump = run_arena("report " + out.string() + " --dump-pictures 1");
  REQUIRE(dump.status == 0);
  const boost::json::value dumped = boost::json::parse(dump.out);
  const boost::json::array& want = dumped.at("f").as_array();
  const boost::json::array& views = replay.at("f").as_array();
  REQUIRE(views.size() == 4);  // the full table and three seats
  REQUIRE(want.size() == views.size());
  for (std::size_t v = 0; v < views.size(); ++v) {
    const boost::json::array& frames = views[v].as_array();
    REQUIRE(frames.size() == want[v].as_array().size());
    boost::json::value picture = frames[0];
    for (std::size_t ply = 0; ply < frames.size(); ++ply) {
      const boost::json::value& stored = frames[ply];
      const boost::json::value& patch =
          stored.is_number() ? views.at(static_cast<std::size_t>(stored.to_number<std::int64_t>())).at(ply)
                             : stored;
      if (ply > 0 && !patch.is_null()) picture = arena::report::apply_json_patch(picture, patch);
      INFO("view " << v << " ply " << ply);
      REQUIRE(picture == want[v].at(ply));
    }
  }
}

TEST_CASE("report: written again after kill -9 and --resume, with every game", "[cli][report]") {
  TempDir t("report");
  const fs::path out = t.path / "run";
  const std::string slow = std::string(ARENA_BIN_DIR) + "/deliberate_bot";
  const pid_t pid = spawn({kArena, "tournament", "clump:size=4", "--bot", "a=" + slow, "--bot", "b=" + slow,
                           "--games", "4", "--seed", "1", "--concurrency", "1", "--out", out.string()});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (journal_lines(out) < 1 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  reftest::remove_run_folder_of(pid);
  REQUIRE(WIFSIGNALED(status));  // killed mid-run: four games of 200 ms moves take seconds
  CHECK(!fs::exists(out / "report.html"));
  const Run resumed = run_arena("tournament --resume " + out.string());
  INFO(resumed.out);
  REQUIRE(resumed.status == 0);
  REQUIRE(fs::exists(out / "report.html"));
  CHECK(report_games(out / "report.html") == 4);
}

TEST_CASE("report: --games chooses the embedded replays of PGN inputs", "[cli][report]") {
  TempDir t("report");
  const fs::path pgn = t.path / "m.pgn";
  REQUIRE(run_arena("match flume:size=5 --bot a=" + kRandom + " --bot b=" + kRandom +
                    " --games 4 --seed 2 --out " + pgn.string())
              .status == 0);
  const fs::path page = t.path / "r.html";
  const Run r = run_arena("report " + pgn.string() + " --games 2,4 --out " + page.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  const std::string html = slurp(page);
  const auto data = script_json(html, "arena-data").as_object();
  CHECK(data.at("games").as_array().size() == 4);
  CHECK(boost::json::serialize(data.at("embedded")) == "[2,4]");
  CHECK(html.find("id=\"replay-1\"") == std::string::npos);
  CHECK(html.find("id=\"replay-4\"") != std::string::npos);
}

TEST_CASE("report: bad input is a clear error and leaves no file behind", "[cli][report]") {
  TempDir t("report");
  const std::string dir = t.path.string();
  std::ofstream(t.path / "bad.pgn") << "[Game \"clump:size=4\"]\n[Result \"1-0\"]\n\n1. zz9-zz8 1-0\n";
  fs::create_directory(t.path / "empty");
  struct Case {
    std::string args, says;
  };
  for (const Case& c : std::vector<Case>{
           {"report " + dir + "/missing.pgn --out " + dir + "/r.html", "missing.pgn: cannot read"},
           {"report " + dir + "/bad.pgn --out " + dir + "/r.html", "bad.pgn:"},
           {"report " + dir + "/empty --out " + dir + "/r.html", "no games.pgn and no .pgn files"},
           {"report " + dir + "/bad.pgn --games 3-x --out " + dir + "/r.html", "--games: '3-x'"},
           {"report " + dir + "/bad.pgn --budget -1 --out " + dir + "/r.html", "--budget"},
       }) {
    const Run r = run_arena(c.args);
    INFO(c.args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find(c.says) != std::string::npos);
    CHECK(r.out.find("internal error") == std::string::npos);
  }
  // A folder that cannot be written: the error names the file; no .tmp stays behind.
  const fs::path pgn = t.path / "m.pgn";
  REQUIRE(run_arena("match clump:size=4 --bot a=" + kRandom + " --bot b=" + kRandom + " --games 1 --out " +
                    pgn.string())
              .status == 0);
  const Run r = run_arena("report " + pgn.string() + " --out " + dir + "/nofolder/r.html");
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("nofolder/r.html: cannot write the report") != std::string::npos);
  for (const auto& e : fs::recursive_directory_iterator(t.path)) CHECK(e.path().extension() != ".tmp");
}

}  // namespace report_cli_test
