#include "tournaments/journal.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace journal_test {

using namespace arena;
namespace fs = std::filesystem;

namespace {
JournalEntry entry(int i) {
  JournalEntry e;
  e.index = i;
  e.round = "1." + std::to_string(i + 1) + ".1";
  e.seed = 0xfedcba9876543210ULL + i;
  e.players = {"a \"quoted\" bot", "b"};
  e.ranks = {1, 2};
  e.scores = {12.5, 3};
  e.teams = {0, 1};
  e.termination = "normal";
  e.pgn_end = 100u * (i + 1);
  return e;
}
fs::path temp_file(const char* name) {
  auto p = fs::temp_directory_path() / (std::string("arena-journal-") + std::to_string(::getpid()) + name);
  fs::remove(p);
  return p;
}
}  // namespace

TEST_CASE("journal: lines round-trip every field", "[journal]") {
  auto e = entry(3);
  auto back = parse_journal_line(journal_line(e));
  CHECK(back.index == 3);
  CHECK(back.seed == e.seed);
  CHECK(back.players == e.players);
  CHECK(back.ranks == e.ranks);
  CHECK(back.scores == e.scores);
  CHECK(back.teams == e.teams);
  CHECK(back.pgn_end == e.pgn_end);
  CHECK_THROWS_WITH(parse_journal_line("{\"index\":1}"), Catch::Contains("missing"));
  CHECK_THROWS_WITH(parse_journal_line("garbage"), Catch::Contains("not a JSON object"));
}

TEST_CASE("journal: reopening continues, a torn last line is cut off", "[journal]") {
  auto path = temp_file("a");
  {
    Journal j(path.string());
    CHECK(j.size() == 0);
    j.append(entry(0));
    j.append(entry(1));
  }
  {
    std::ofstream out(path, std::ios::app);
    out << journal_line(entry(2)).substr(0, 20);  // killed mid-write
  }
  {
    Journal j(path.string());
    REQUIRE(j.size() == 2);
    j.append(entry(2));
  }
  Journal j(path.string());
  REQUIRE(j.size() == 3);
  CHECK(j.entry(2).round == entry(2).round);
  fs::remove(path);
}

TEST_CASE("journal: out-of-order or corrupt lines are reported with their line", "[journal]") {
  auto path = temp_file("b");
  {
    std::ofstream out(path);
    out << journal_line(entry(0)) << journal_line(entry(2));
  }
  CHECK_THROWS_WITH(Journal(path.string()), Catch::Contains(":2:") && Catch::Contains("out of order"));
  {
    std::ofstream out(path);
    out << journal_line(entry(0)) << "{not json\n";
  }
  CHECK_THROWS_WITH(Journal(path.string()), Catch::Contains(":2:"));
  fs::remove(path);
}

TEST_CASE("journal: a file of several read blocks comes back line for line", "[journal]") {
  auto path = temp_file("c");
  std::vector<std::string> lines;
  std::vector<JournalEntry> entries;
  {
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 30000; ++i) {  // about 6 MB: lines straddle the 4 MB blocks
      JournalEntry e = entry(i);
      e.players = {i % 7 ? "b" + std::to_string(i % 50) : "a \"quoted\" bot", "b"};
      e.ranks = i % 5 ? std::vector<int>{2, 1} : std::vector<int>{};
      e.scores = i % 5 ? std::vector<double>{0, 1.0 / (1 + i % 3)} : std::vector<double>{};
      e.teams = i % 5 ? std::vector<int>{0, 1} : std::vector<int>{};
      e.termination = i % 5 ? "normal" : "aborted";
      e.fault_seat = i % 11 == 0 ? 2 : 0;
      entries.push_back(e);
      lines.push_back(journal_line(e));
      out << lines.back();
    }
    out << lines.back().substr(0, 30);  // torn
  }
  const auto torn_size = fs::file_size(path);
  Journal j(path.string());
  REQUIRE(j.size() == lines.size());
  CHECK(fs::file_size(path) == torn_size - 30);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const JournalEntry a = j.entry(i), &b = entries[i];
    REQUIRE(journal_line(a) == lines[i]);  // every field, byte for byte
    CHECK(a.players == b.players);
    CHECK(a.scores == b.scores);
  }
  fs::remove(path);
}

}  // namespace journal_test
