// Sharded tournaments through the real `arena` binary: three shards merged equal one
// unsharded run byte for byte apart from measured times (records, journal, ratings,
// crosstable, faults, report); a shard killed with kill -9 continues when its command runs
// again; --partial merges what is there; and every error of `arena merge`.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "../referee/referee_test_util.h"
#include "report/replay_pack.h"
#include "tests/killed_referee.h"
#include "tests/slurp.h"
#include "tests/spawn_program.h"
#include "tests/temp_dir.h"
#include "tests/text_scrub.h"

extern char** environ;

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace merge_test {

namespace fs = std::filesystem;

namespace {

using shelltest::slurp;

// Measured times: " 0.012s}" in records, [seat,"move",microseconds] and the go clocks in the report's
// replays, and the offsets of records in the journal, which move with the records' length; the
// records' path in the repro commands of faults.
// A report's replays and records are compressed, in base 85 (report/replay_pack.h): decoded, so
// that their times can be scrubbed like the rest.
std::string with_replays_unpacked(const std::string& html) {
  const std::string tag = "type=\"application/x-arena-re";  // -replay and -record
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = html.find(tag, from)) != std::string::npos;) {
    const std::size_t begin = html.find('>', at) + 1, end = html.find('<', begin);
    out.append(html, from, begin - from);
    out += arena::report::unpack_replay(html.substr(begin, end - begin));
    from = end;
  }
  out.append(html, from);
  return out;
}

std::string without_times(const std::string& text) {
  return scrub::without_repro_paths(
      scrub::without_replay_times(scrub::without_offsets(scrub::without_times(with_replays_unpacked(text)))));
}

// Empty at the start, unique to the test.
struct Dir : shelltest::TempDir {
  explicit Dir(const std::string& name) : TempDir("merge-" + name) {}
};

using shelltest::wait_exit;

// Runs arena; returns its exit status, and its output (stdout and stderr) in `output`.
int run_arena(const std::vector<std::string>& args, std::string* output = nullptr) {
  const fs::path file = fs::temp_directory_path() / ("arena-merge-" + std::to_string(::getpid()) + ".out");
  std::vector<std::string> argv{reftest::bin("arena")};
  argv.insert(argv.end(), args.begin(), args.end());
  const int status = shelltest::run(argv, file, file);
  if (output) *output = slurp(file);
  fs::remove(file);
  return status;
}

// One configuration: three bots, 2 rounds of 2 pairs per pairing (24 games, 12 pairs), with
// openings given out in order (so a shard must number them as the whole schedule does).
struct Setup {
  Dir dir{"setup"};
  std::string tag = reftest::new_tag();
  fs::path openings = dir.path / "openings.txt";
  Setup() {
    REQUIRE(run_arena({"openings", "clump:size=4", "--count", "5", "--plies", "2", "-o", openings}) == 0);
  }

  std::vector<std::string> tournament(const fs::path& out, const std::string& concurrency = "2",
                                      const std::string& seed = "11") const {
    std::vector<std::string> a{
        "tournament", "clump:size=4", "--games", "4",          "--rounds", "2",       "--seed",
        seed,         "--tc",         "20+1",    "--openings", openings,   "--quiet", "--concurrency",
        concurrency,  "--out",        out};
    for (const auto& [name, exe] : std::vector<std::pair<std::string, std::string>>{
             {"greedy", "greedy_bot"}, {"rand", "random_bot"}, {"first", "first_move_bot"}})
      a.insert(a.end(), {"--bot", name + "=" + reftest::bin(exe) + " " + tag});
    return a;
  }
  std::vector<std::string> shard(const fs::path& out, const std::string& shard,
                                 const std::string& concurrency = "1", const std::string& seed = "11") const {
    auto a = tournament(out, concurrency, seed);
    a.insert(a.end(), {"--shard", shard});
    return a;
  }
};

void expect_same_folder(const fs::path& a, const fs::path& b) {
  for (const char* file : {"games.pgn", "journal.jsonl", "ratings.txt", "ratings.csv", "ratings.json",
                           "crosstable.txt", "crosstable.csv", "faults.txt", "faults.csv", "report.html"}) {
    INFO(file);
    REQUIRE(fs::exists(a / file));
    REQUIRE(fs::exists(b / file));
    CHECK(without_times(slurp(a / file)) == without_times(slurp(b / file)));
  }
}

std::size_t lines(const fs::path& file) {
  const std::string text = slurp(file);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("merge: three shards merged equal one unsharded run apart from times", "[merge]") {
  Setup s;
  Dir d("three");
  const fs::path whole = d.path / "whole", merged = d.path / "merged";
  REQUIRE(run_arena(s.tournament(whole)) == 0);
  REQUIRE(lines(whole / "journal.jsonl") == 24);
  std::vector<std::string> merge{"merge"};
  for (int i = 0; i < 3; ++i) {
    const fs::path shard = d.path / ("shard-" + std::to_string(i));
    REQUIRE(run_arena(s.shard(shard, std::to_string(i) + "/3")) == 0);
    CHECK(lines(shard / "journal.jsonl") == 8);  // 12 pairs, 4 per shard
    CHECK_THAT(slurp(shard / "shard.json"), Catch::Contains("\"shard\":\"" + std::to_string(i) + "/3\""));
    merge.push_back(shard);
  }
  merge.insert(merge.end(), {"--out", merged});
  std::string out;
  REQUIRE(run_arena(merge, &out) == 0);
  CHECK_THAT(out, Catch::Contains("merged 24 of 24 games") && Catch::Contains("Crosstable"));
  expect_same_folder(whole, merged);
  CHECK(fs::exists(merged / "tournament.json"));
  // The merged folder is a finished tournament: --resume finds nothing left to play.
  REQUIRE(run_arena({"tournament", "--resume", merged, "--quiet"}) == 0);
  expect_same_folder(whole, merged);
}

TEST_CASE("merge: a shard killed with kill -9 continues when its command runs again", "[merge]") {
  Setup s;
  Dir d("kill");
  const fs::path whole = d.path / "whole", merged = d.path / "merged";
  REQUIRE(run_arena(s.tournament(whole)) == 0);
  const fs::path zero = d.path / "shard-0", one = d.path / "shard-1";
  REQUIRE(run_arena(s.shard(zero, "0/2")) == 0);
  std::vector<std::string> argv{reftest::bin("arena")};
  const auto shard_one = s.shard(one, "1/2");
  argv.insert(argv.end(), shard_one.begin(), shard_one.end());
  const fs::path killed_out = d.path / "killed.out";  // its output and errors
  const pid_t pid = shelltest::spawn(argv, killed_out, killed_out);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines(one / "journal.jsonl") < 3 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ::kill(pid, SIGKILL);
  wait_exit(pid);
  reftest::remove_run_folder_of(pid);
  const std::size_t before = lines(one / "journal.jsonl");
  CHECK(before >= 3);
  // Partial: the games so far, labelled so.
  std::string out;
  REQUIRE(run_arena({"merge", zero, one, "--out", merged, "--partial"}, &out) == 0);
  if (before < 12) {
    CHECK_THAT(out, Catch::Contains("partial: " + std::to_string(12 + before) + " of 24 games"));
    CHECK_FALSE(fs::exists(merged / "tournament.json"));  // gaps: nothing to resume from
    CHECK_THAT(slurp(merged / "merge.json"), Catch::Contains("\"partial\":true"));
    CHECK_THAT(slurp(merged / "report.html"), Catch::Contains("partial: "));
    CHECK(lines(merged / "journal.jsonl") == 12 + before);
    // Without --partial the missing games are an error.
    REQUIRE(run_arena({"merge", zero, one, "--out", merged}, &out) == 2);
    CHECK_THAT(out, Catch::Contains("is missing") &&
                        Catch::Contains("it belongs to shard 1/2, whose folder " + one.string() +
                                        " has played " + std::to_string(before) + " of its 12 games"));
  }
  // The same command again continues the shard (with another concurrency: not part of the fingerprint).
  REQUIRE(run_arena(s.shard(one, "1/2", "3")) == 0);
  CHECK(lines(one / "journal.jsonl") == 12);
  REQUIRE(run_arena({"merge", zero, one, "--out", merged}) == 0);
  expect_same_folder(whole, merged);
  CHECK_THAT(slurp(merged / "merge.json"), Catch::Contains("\"partial\":false"));
}

TEST_CASE("merge: every error names the folder or the game at fault", "[merge]") {
  Setup s;
  Dir d("errors");
  const fs::path zero = d.path / "shard-0", one = d.path / "shard-1", out = d.path / "merged";
  REQUIRE(run_arena(s.shard(zero, "0/2")) == 0);
  REQUIRE(run_arena(s.shard(one, "1/2")) == 0);
  std::string msg;
  auto fails = [&](const std::vector<std::string>& args, const std::string& expected) {
    std::vector<std::string> a{"merge"};
    a.insert(a.end(), args.begin(), args.end());
    INFO(expected);
    CHECK(run_arena(a, &msg) == 2);
    CHECK_THAT(msg, Catch::Contains(expected));
  };
  auto copy = [&](const fs::path& from, const std::string& name) {
    const fs::path to = d.path / name;
    fs::copy(from, to, fs::copy_options::recursive);
    return to;
  };
  // A shard missing: its games are named.
  fails({zero, "--out", out},
        "game 2 (round 1.2.1: greedy vs rand) is missing (and 11 more): it belongs to shard 1/2, "
        "whose folder was not given");
  // A shard given twice.
  fails({zero, one, copy(one, "again"), "--out", out},
        "game 2 (round 1.2.1: greedy vs rand) is in both " + one.string());
  // Not a shard; not a tournament folder.
  const fs::path whole = d.path / "whole";
  REQUIRE(run_arena(s.tournament(whole)) == 0);
  fails({zero, whole, "--out", out}, whole.string() + " is not a shard (no shard.json)");
  fails({zero, d.path / "nothing", "--out", out},
        "is " + (d.path / "nothing").string() + " a tournament folder?");
  // A shard of another configuration: the differing setting is named.
  REQUIRE(run_arena(s.shard(d.path / "other", "1/2", "1", "12")) == 0);
  fails({zero, d.path / "other", "--out", out}, "are shards of different configurations");
  CHECK_THAT(msg, Catch::Contains("they differ in: seed)"));
  // tournament.json edited after the shard started.
  const fs::path edited = copy(one, "edited");
  std::string config = slurp(edited / "tournament.json");
  config.replace(config.find("\"tc\":\"20+1\""), 11, "\"tc\":\"30+1\"");
  std::ofstream(edited / "tournament.json") << config;
  fails({zero, edited, "--out", out},
        (edited / "tournament.json").string() + " was changed after the shard started");
  // A journal line that is not the shard's game.
  const fs::path swapped = copy(one, "swapped");
  std::string journal = slurp(swapped / "journal.jsonl");
  journal.replace(journal.find("\"round\":\"1.2.1\""), 15, "\"round\":\"1.9.1\"");
  std::ofstream(swapped / "journal.jsonl") << journal;
  fails({zero, swapped, "--out", out}, swapped.string() +
                                           ": journal line 1 is not game 2 (round 1.2.1: greedy vs rand) "
                                           "of shard 1/2 (was the folder edited?)");
  // A broken journal line.
  const fs::path broken = copy(one, "broken");
  std::ofstream(broken / "journal.jsonl", std::ios::app) << "{not json\n";
  fails({zero, broken, "--out", out}, (broken / "journal.jsonl").string() + ": line 13: not a JSON object");
  // Records lost (games.pgn shorter than the journal says); --partial merges those still there.
  const fs::path lost = copy(one, "lost");
  fs::resize_file(lost / "games.pgn", fs::file_size(lost / "games.pgn") - 10);
  fails({zero, lost, "--out", out}, (lost / "games.pgn").string() + " has ");
  CHECK_THAT(msg, Catch::Contains("records were lost"));
  CHECK(run_arena({"merge", zero, lost, "--out", out, "--partial"}, &msg) == 0);
  CHECK_THAT(msg, Catch::Contains("partial: 23 of 24 games"));
  // --out a shard, or another tournament.
  fails({zero, one, "--out", one}, "--out " + one.string() + " is one of the shards");
  fails({zero, one, "--out", whole}, whole.string() + " already holds a tournament that is not a merge");
  // An earlier merge is replaced.
  CHECK(run_arena({"merge", zero, one, "--out", out}) == 0);
  CHECK(run_arena({"merge", zero, one, "--out", out, "--quiet"}, &msg) == 0);
  CHECK(msg.empty());
}

TEST_CASE("merge: --shard refuses formats paired from results, and folders of another shard", "[merge]") {
  Setup s;
  Dir d("refuse");
  std::string msg;
  auto swiss = s.shard(d.path / "swiss", "0/2");
  swiss.insert(swiss.end(), {"--format", "swiss"});
  CHECK(run_arena(swiss, &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("a swiss tournament cannot be split"));
  CHECK_FALSE(fs::exists(d.path / "swiss"));
  auto knockout = s.shard(d.path / "ko", "0/2");
  knockout.insert(knockout.end(), {"--format", "knockout"});
  CHECK(run_arena(knockout, &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("a knockout tournament cannot be split"));
  CHECK(run_arena(s.shard(d.path / "x", "2/2"), &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("shard: 2 is not a shard of 2"));
  const fs::path zero = d.path / "zero";
  REQUIRE(run_arena(s.shard(zero, "0/4")) == 0);
  CHECK(run_arena(s.shard(zero, "1/4"), &msg) == 2);
  CHECK_THAT(msg, Catch::Contains(zero.string() + " holds shard 0/4, not 1/4"));
  CHECK(run_arena(s.shard(zero, "0/4", "1", "99"), &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("of another configuration"));
  const fs::path whole = d.path / "whole";
  REQUIRE(run_arena(s.tournament(whole)) == 0);
  CHECK(run_arena(s.shard(whole, "0/4"), &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("already holds a tournament that is not a shard"));
  // The finished shard run again: nothing left to play, still fine.
  CHECK(run_arena(s.shard(zero, "0/4")) == 0);
  CHECK(run_arena({"tournament", "--resume", zero.string(), "--quiet"}) == 0);
}

TEST_CASE("slurm: arena slurm writes the job scripts for a checked, frozen configuration", "[merge][slurm]") {
  Dir d("slurm");
  const fs::path config = d.path / "t.json";
  std::ofstream(config) << R"({"game": "clump:size=4", "bots": [{"name": "a", "command": "bots/a"},
    {"name": "b", "command": "python3 b.py"}], "games": 2, "rounds": 2, "concurrency": 3, "out": "results"})";
  std::string msg;
  REQUIRE(run_arena({"slurm", config, "--shards", "2", "--time", "1:00:00", "--sbatch-arg=--account=lab"},
                    &msg) == 0);
  const fs::path out = d.path / "results", slurm = out / "slurm";
  CHECK_THAT(msg, Catch::Contains("submit with: " + (slurm / "submit.sh").string()));
  // The frozen configuration: paths resolved from the file's folder, the shards' concurrency.
  const std::string frozen = slurp(slurm / "tournament.json");
  CHECK_THAT(frozen, Catch::Contains("\"command\":\"'" + (d.path / "bots/a").string() + "'\""));
  CHECK_THAT(frozen,
             Catch::Contains("\"out\":\"" + out.string() + "\"") && Catch::Contains("\"concurrency\":3"));
  const std::string shards = slurp(slurm / "shards.sbatch");
  CHECK_THAT(shards,
             Catch::Contains("#SBATCH --array=0-1\n") && Catch::Contains("#SBATCH --cpus-per-task=3\n") &&
                 Catch::Contains("#SBATCH --time=1:00:00\n") && Catch::Contains("#SBATCH --account=lab\n"));
  CHECK_THAT(
      shards,
      Catch::Contains(reftest::bin("arena") + " tournament --config " + (slurm / "tournament.json").string() +
                      " --shard \"$SLURM_ARRAY_TASK_ID/2\" --out " + out.string() + "/shard-"));
  CHECK_THAT(slurp(slurm / "merge.sbatch"), Catch::Contains("--out " + out.string() + "/merged"));
  for (const char* script : {"submit.sh", "requeue.sh"})
    CHECK((fs::status(slurm / script).permissions() & fs::perms::owner_exec) != fs::perms::none);
  // -c overrides the configuration's concurrency.
  REQUIRE(run_arena({"slurm", config, "--shards", "2", "-c", "4", "--out", d.path / "four"}) == 0);
  CHECK_THAT(slurp(d.path / "four/slurm/shards.sbatch"), Catch::Contains("#SBATCH --cpus-per-task=4\n"));
  // Refused before anything is written: a format paired from results, more shards than games.
  std::ofstream(d.path / "swiss.json") << R"({"game": "clump:size=4", "bots": [{"name": "a", "command": "a"},
    {"name": "b", "command": "b"}], "format": "swiss", "rounds": 2, "out": "swiss"})";
  CHECK(run_arena({"slurm", d.path / "swiss.json", "--shards", "2"}, &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("a swiss tournament cannot be split"));
  CHECK_FALSE(fs::exists(d.path / "swiss"));
  CHECK(run_arena({"slurm", config, "--shards", "5", "--out", d.path / "five"}, &msg) == 2);
  CHECK_THAT(msg, Catch::Contains("--shards 5: the schedule has only 4 games"));
}

}  // namespace merge_test
