// The report's data a game at a time (report/report_data_builder.h): the data of any subset of
// the rows is the data report_data() gives for those records alone, and the time per move
// merged from the rows' buckets is what records/bot_figures.h reads from the whole records.
#include "report/report_data_builder.h"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "records/bot_figures.h"
#include "records/game_summary.h"
#include "records/termination.h"
#include "records/timing_tags.h"
#include "report/report_data.h"

namespace report_data_builder_test {

using namespace arena;
namespace json = boost::json;

namespace {

// A random game of `spec` between `a` and `b` whose moves took random times.
GameRecord timed_record(const std::string& spec, std::uint64_t seed, const std::string& a,
                        const std::string& b) {
  auto game = make_game(spec);
  Rng rng(seed);
  std::vector<Move> scratch;
  GameRecord r;
  r.spec = game->spec();
  r.round = "1." + std::to_string(seed);
  r.seed = seed;
  for (int s = 1; s <= game->num_players(); ++s) r.players.push_back(s % 2 ? a : b);
  auto state = game->new_initial_state();
  while (!state->is_terminal() && r.actions.size() < 60) {
    const Move m = random_action(*state, rng, scratch);
    const bool chance = state->is_chance();
    r.actions.push_back({chance ? kChance : state->current_player(), state->move_to_string(m),
                         chance ? -1 : static_cast<std::int64_t>(rng.below(2'000'000))});
    state->apply(m);
  }
  r.results = {{seed % 2 ? 1 : 2, seed % 2 ? 1.0 : 0.0, 0}, {seed % 2 ? 2 : 1, seed % 2 ? 0.0 : 1.0, 1}};
  if (seed % 5 == 0) {  // a time forfeit by seat 2
    r.termination = Termination::kTimeForfeit;
    r.fault_seat = 2;
  }
  return r;
}

}  // namespace

TEST_CASE("report: the data built a game at a time is the data of the records shown", "[report]") {
  std::vector<GameRecord> records;
  const char* names[] = {"alpha", "beta", "gamma"};
  for (std::uint64_t seed = 1; seed <= 24; ++seed)
    records.push_back(timed_record(seed % 4 ? "clump:size=6" : "clump:size=4", seed, names[seed % 3],
                                   names[(seed + 1) % 3]));
  report::ReportDataBuilder rows;
  for (const GameRecord& r : records) rows.add(r);
  REQUIRE(rows.size() == records.size());
  CHECK(rows.round(4) == records[4].round);

  for (const std::vector<std::size_t>& shown :
       {std::vector<std::size_t>{}, std::vector<std::size_t>{0, 1, 2, 5, 9, 10, 14, 19, 23},
        std::vector<std::size_t>{3, 7, 11, 15, 19, 23}}) {
    std::vector<GameRecord> subset;
    for (std::size_t i : shown) subset.push_back(records[i]);
    report::ReportOptions options;
    options.replay_budget = 0;
    json::object expected = report::report_data(subset, options);
    expected["replays"] = json::object();
    const json::object got = rows.data(shown, options);
    INFO(shown.size() << " games shown");
    CHECK(json::serialize(got) == json::serialize(expected));
    // Time per move against records/bot_figures.h over the whole records.
    const json::object& times = got.at("times").as_object();
    const auto figures = bot_figures(subset);
    REQUIRE(times.size() == figures.size());
    for (const auto& [bot, f] : figures) {
      const json::object& t = times.at(bot).as_object();
      CHECK(t.at("moves").to_number<std::int64_t>() == f.times.moves());
      CHECK(t.at("worst_ms").to_number<double>() == static_cast<double>(f.times.worst_micros()) / 1000);
      CHECK(t.at("p99_ms").to_number<double>() ==
            static_cast<double>(f.times.percentile_micros(0.99)) / 1000);
      const auto forfeits = f.faults.find(termination_name(Termination::kTimeForfeit));
      CHECK(t.at("time_forfeits").to_number<int>() == (forfeits == f.faults.end() ? 0 : forfeits->second));
    }
    // Games numbered 1.. in the order shown, whichever rows they are.
    const json::array& games = got.at("games").as_array();
    for (std::size_t n = 0; n < games.size(); ++n) {
      CHECK(games[n].at("n").to_number<std::size_t>() == n + 1);
      CHECK(games[n].at("r").as_string() == records[shown[n]].round);
    }
  }
}

// The rows a league's server makes from the summaries its store keeps (records/game_summary.h,
// as text and back) are the rows of the records: every key of the game list, the ratings and
// the time per move.
TEST_CASE("report: rows from game summaries' text are the rows of their records", "[report]") {
  std::vector<GameRecord> records;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    GameRecord r = timed_record("clump:size=6", seed, seed % 2 ? "alpha" : "beta", "gamma");
    if (seed % 3 == 0) r.extra_tags.push_back({kRefereeLatencyTag, "p50=14us p99=52us max=310us n=57"});
    if (seed % 5 == 0) r.extra_tags.push_back({kPressureFlagTag, pressure_flag_text(41)});
    if (seed == 4) {  // a reproducible fault: the repro command from the summary too
      r.termination = Termination::kIllegalMove;
      r.fault_seat = 1;
      r.termination_detail = "'zz' is not legal (12 legal moves)";
    }
    if (seed == 7) r.opening_plies = 2;
    if (seed == 8) r.seed = 18'000'000'000'000'000'000ULL;  // above the largest int64
    records.push_back(r);
  }
  report::ReportDataBuilder from_records, from_summaries;
  for (const GameRecord& r : records) {
    from_records.add(r, "league.pgn");
    from_summaries.add(summary_from_text(summary_text(summarize(r))), "league.pgn");
  }
  std::vector<std::size_t> all(records.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  const json::object expected = from_records.data(all, {});
  CHECK(json::serialize(from_summaries.data(all, {})) == json::serialize(expected));
  const json::array& games = expected.at("games").as_array();
  CHECK(games[2].as_object().contains("lat"));
  CHECK(games[4].as_object().contains("cp"));
  CHECK(games[3].as_object().at("rp").as_string().find("--ply") != json::string::npos);
}

}  // namespace report_data_builder_test
