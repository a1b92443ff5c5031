#include "tournaments/results_store.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/pgn.h"
#include "tests/slurp.h"
#include "tests/temp_dir.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace results_store_test {

using namespace arena;
namespace fs = std::filesystem;

namespace {
GameRecord record(int i) {
  GameRecord r;
  r.spec = "test:size=1";
  r.round = "1." + std::to_string(i + 1) + ".1";
  r.seed = 100 + i;
  r.players = {"a", "b"};
  r.actions = {{1, "x" + std::to_string(i), 10}, {2, "y", 20}};
  r.results = {{1, 1, 0}, {2, 0, 1}};
  r.time_control = "1+0";
  return r;
}
using shelltest::slurp;

using shelltest::TempDir;

}  // namespace

TEST_CASE("results store: games commit in schedule order whatever order they finish", "[store]") {
  TempDir dir("store");
  auto pgn = dir.path / "games.pgn", journal = dir.path / "journal.jsonl";
  std::vector<int> committed;
  auto note = [&](const JournalEntry& e) { committed.push_back(e.index); };
  {
    ResultsStore store(pgn.string(), journal.string());
    store.finished(2, record(2), note);
    store.finished(1, record(1), note);
    CHECK(committed.empty());
    CHECK(store.waiting() == 2);
    store.finished(0, record(0), note);
    CHECK(committed == std::vector<int>{0, 1, 2});
    CHECK_THROWS(store.finished(1, record(1), note));
  }
  std::string expected = format_pgn(record(0)) + format_pgn(record(1)) + format_pgn(record(2));
  CHECK(slurp(pgn) == expected);
  ResultsStore again(pgn.string(), journal.string());
  CHECK(again.committed() == 3);
  CHECK(again.journal().pgn_end(2) == expected.size());
}

TEST_CASE("results store: a record without its journal line is cut off on reopen", "[store]") {
  TempDir dir("store");
  auto pgn = dir.path / "games.pgn", journal = dir.path / "journal.jsonl";
  {
    ResultsStore store(pgn.string(), journal.string());
    store.finished(0, record(0), [](const JournalEntry&) {});
  }
  { std::ofstream(pgn, std::ios::app) << format_pgn(record(1)).substr(0, 30); }  // killed mid-record
  {
    ResultsStore store(pgn.string(), journal.string());
    CHECK(store.committed() == 1);
    store.finished(1, record(1), [](const JournalEntry&) {});
  }
  CHECK(slurp(pgn) == format_pgn(record(0)) + format_pgn(record(1)));
}

TEST_CASE("results store: a PGN file shorter than the journal is refused", "[store]") {
  TempDir dir("store");
  auto pgn = dir.path / "games.pgn", journal = dir.path / "journal.jsonl";
  {
    ResultsStore store(pgn.string(), journal.string());
    store.finished(0, record(0), [](const JournalEntry&) {});
  }
  fs::resize_file(pgn, 10);
  CHECK_THROWS_WITH(ResultsStore(pgn.string(), journal.string()), Catch::Contains("records were lost"));
}

}  // namespace results_store_test
