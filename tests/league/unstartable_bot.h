// A league one of whose bots stops starting while it runs (docs/league.md, "A bot that cannot
// start"), played the same on either store (SQLite, PostgreSQL): the run suspends the bot at
// its first start failure and says so loudly, pairs no new table with it, keeps its failed
// games as records but rates none of them (league table, `arena ratings` of the export), and
// `arena league resume` pairs it again once it starts.
#pragma once

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "tests/shell_run.h"
#include "tests/text_count.h"

namespace leaguetest {

// The names of a ratings JSON's bots, with their Elo.
inline std::map<std::string, double> rated_bots(const boost::json::value& ratings) {
  std::map<std::string, double> out;
  for (const auto& b : ratings.at("bots").as_array())
    out[std::string(b.at("name").as_string())] = b.at("elo").to_number<double>();
  return out;
}

using shelltest::count;

// In `folder` (empty, removed by the caller): a league `lab` made with `new_args` after the
// game (`--db ...` for PostgreSQL), bots a, b and c, where c is a copy of random_bot that is
// deleted before the run.
inline void check_unstartable_bot(const std::filesystem::path& folder, const std::string& new_args) {
  namespace fs = std::filesystem;
  using shelltest::Run;
  using shelltest::run_arena;
  const std::string bin = ARENA_BIN_DIR;
  fs::create_directories(folder);
  const std::string dir = (folder / "lab").string();
  const fs::path c_bot = folder / "c_bot";
  fs::copy_file(bin + "/random_bot", c_bot);
  REQUIRE(run_arena("league new " + dir + " clump:size=6 --tc 5+0.05 " + new_args).status == 0);
  for (const std::string& bot :
       {"a=" + bin + "/random_bot", "b=" + bin + "/greedy_bot", "c=" + c_bot.string()})
    REQUIRE(run_arena("league add " + dir + " " + bot).status == 0);
  fs::remove(c_bot);  // a rebuild gone wrong: the league now cannot start c

  const Run run = run_arena("league run " + dir + " -j 2 --games 120");
  INFO(run.out);
  REQUIRE(run.status == 0);
  // Once, loudly, with the reason and the way back.
  CHECK(count(run.out, "league " + dir + ": SUSPENDED c: cannot start: '" + c_bot.string() +
                           "' does not exist\n") == 1);
  CHECK(run.out.find("once it starts again: arena league resume " + dir + " c\n") != std::string::npos);
  // What a line means, said once before the first; c's games say why they ended.
  CHECK(run.out.rfind("league " + dir + ": a line per game kept: ", 0) == 0);
  CHECK(count(run.out, "#1 best") == 1);
  int c_games = 0, lines = 0;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("game ", 0) != 0) continue;
    ++lines;
    if (line.find(" c #") == std::string::npos) continue;
    ++c_games;
    INFO(line);
    const std::string why = " (c: cannot start)";
    CHECK(line.size() > why.size());
    CHECK(line.substr(line.size() - why.size()) == why);
    // No new table for c once suspended: its games are of the tables paired before its first
    // failure ended, the first two batches (pairing is one batch ahead of the games).
    CHECK(std::stoi(line.substr(5, line.find('.') - 5)) <= 2);
  }
  CHECK(lines == 120);
  CHECK(c_games >= 1);
  CHECK(c_games <= 32);  // two batches of eight tables of two games, at most

  // The table: c suspended and how to resume it; its games kept but not rated.
  const auto table = boost::json::parse(run_arena("league table " + dir + " --json").out);
  CHECK(table.at("unrated_games").as_int64() == c_games);
  CHECK(table.at("games").as_int64() == 120 - c_games);
  for (const auto& b : table.at("bots").as_array()) {
    const std::string name(b.at("name").as_string());
    const std::string suspended(b.at("suspended").as_string());
    CHECK((name == "c") == !suspended.empty());
    if (name == "c") CHECK(suspended.rfind("cannot start: '" + c_bot.string() + "' does not exist", 0) == 0);
  }
  const auto league_elo = rated_bots(table.at("ratings"));
  CHECK(league_elo.size() == 2);  // a and b: c has no rated game
  CHECK(league_elo.count("c") == 0);
  const Run text = run_arena("league table " + dir);
  CHECK(text.out.find("suspended: cannot start: '" + c_bot.string() + "' does not exist (once it starts: " +
                      "arena league resume " + dir + " c)") != std::string::npos);
  CHECK(text.out.find(" more kept but not rated") != std::string::npos);

  // `arena ratings` of the export: the same two ratings, c's games counted apart.
  const fs::path pgn = folder / "export.pgn";
  REQUIRE(shelltest::run_shell(bin + "/arena league export " + dir + " > '" + pgn.string() + "'").status ==
          0);
  CHECK(count(shelltest::slurp(pgn), "[Termination \"start failure\"]") == static_cast<std::size_t>(c_games));
  const Run rated = run_arena("ratings " + pgn.string() + " --format json");
  REQUIRE(rated.status == 0);
  const auto exported_elo = rated_bots(boost::json::parse(rated.out).at("ratings"));
  REQUIRE(exported_elo.size() == 2);
  for (const auto& [name, elo] : exported_elo) CHECK(league_elo.at(name) == Approx(elo).margin(1e-6));
  CHECK(run_arena("ratings " + pgn.string())
            .out.find(std::to_string(c_games) + " game(s) whose bot never started were not rated") !=
        std::string::npos);

  // Resumed only once it starts: checked as add checks it.
  const Run early = run_arena("league resume " + dir + " c");
  CHECK(early.status == 2);
  CHECK(early.out.find("does not exist") != std::string::npos);
  CHECK(early.out.find("it stays suspended") != std::string::npos);
  fs::copy_file(bin + "/random_bot", c_bot);
  const Run resumed = run_arena("league resume " + dir + " c");
  INFO(resumed.out);
  REQUIRE(resumed.status == 0);
  CHECK(run_arena("league resume " + dir + " c").out.find("bot 'c' is not suspended") != std::string::npos);
  const auto after = boost::json::parse(run_arena("league table " + dir + " --json").out);
  for (const auto& b : after.at("bots").as_array()) CHECK(b.at("suspended").as_string().empty());
  REQUIRE(run_arena("league run " + dir + " -j 2 --games 40 --quiet").status == 0);
  const std::string all = run_arena("league export " + dir).out;
  CHECK(count(all, "[Termination \"start failure\"]") == static_cast<std::size_t>(c_games));  // no new one
  const auto last = boost::json::parse(run_arena("league table " + dir + " --json").out);
  CHECK(rated_bots(last.at("ratings")).count("c") == 1);  // it plays again, rated
}

}  // namespace leaguetest
