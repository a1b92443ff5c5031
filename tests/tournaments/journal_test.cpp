#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tournaments/journal.h"

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

TEST_CASE("journal: reopening continues; a torn last line is cut off", "[journal]") {
  auto path = temp_file("a");
  {
    Journal j(path.string());
    CHECK(j.entries().empty());
    j.append(entry(0));
    j.append(entry(1));
  }
  {
    std::ofstream out(path, std::ios::app);
    out << journal_line(entry(2)).substr(0, 20);  // killed mid-write
  }
  {
    Journal j(path.string());
    REQUIRE(j.entries().size() == 2);
    j.append(entry(2));
  }
  Journal j(path.string());
  REQUIRE(j.entries().size() == 3);
  CHECK(j.entries()[2].round == entry(2).round);
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
