// The report's data a game at a time (report/report_data_builder.h).
#include "report/report_data_builder.h"

#include <boost/json/array.hpp>

#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "ratings/head_to_head.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/move_times.h"
#include "records/repro_command.h"
#include "records/termination.h"
#include "records/timing_tags.h"
#include "report/page_keys.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// The referee's latency ([p50, p99, max] in µs) and a time forfeit's CPU-pressure warning,
// when the record has them (records/timing_tags.h).
void add_timing(json::object& entry, const GameRecord& r) {
  const RecordTiming t = record_timing(r);
  if (t.latency)
    entry[page_key::game::kLatency] = json::array{t.latency->p50_us, t.latency->p99_us, t.latency->max_us};
  if (!t.pressure_flag.empty()) entry[page_key::game::kCpuPressure] = t.pressure_flag;
}

// The game list's entry (report/page_keys.h); the game's number on the page is set when it is
// shown. A fault's `arena repro` command (records/repro_command.h) when it has one.
json::object game_entry(const GameRecord& r, const std::string& records_file) {
  json::array players, ranks, scores, teams;
  for (const std::string& p : r.players) players.push_back(json::value(p));
  for (const SeatResult& s : r.results) {
    ranks.push_back(s.rank);
    scores.push_back(s.score);
    teams.push_back(s.team);
  }
  namespace key = page_key::game;
  json::object entry{{key::kNumber, 0},
                     {key::kSpec, r.spec},
                     {key::kRound, r.round},
                     {key::kPlayers, std::move(players)},
                     {key::kRanks, std::move(ranks)},
                     {key::kScores, std::move(scores)},
                     {key::kTeams, std::move(teams)},
                     {key::kTermination, termination_name(r.termination)},
                     {key::kFaultSeat, r.fault_seat},
                     {key::kDetail, r.termination_detail},
                     {key::kLength, r.actions.size()},
                     {key::kOpeningPlies, r.opening_plies}};
  add_timing(entry, r);
  if (const std::string command = repro_command(r, records_file, r.round, ""); !command.empty())
    entry[page_key::game::kRepro] = command;
  return entry;
}

// What the page says of a game spec: its title, whether it hides information, its seats.
json::object spec_info(const GameRecord& r) {
  try {
    auto game = make_game(r.spec);
    return json::object{{"title", game->info().title},
                        {"hidden", game->hidden_information()},
                        {"players", game->num_players()}};
  } catch (const UserError&) {
    return json::object{{"title", r.spec}, {"hidden", false}, {"players", r.players.size()}};
  }
}

json::object ratings_json(const std::vector<RatedGame>& rated) {
  json::object out;
  if (rated.empty()) return out;
  try {
    const RatingTable t = compute_ratings(rated);
    json::array bots;
    for (const RatedBot& b : t.bots)
      bots.push_back(json::object{{"name", b.name},
                                  {"elo", b.elo},
                                  {"elo_text", rating_elo_text(b, 0)},
                                  {"error", b.error},
                                  {"games", b.games},
                                  {"score", b.score},
                                  {"draws", b.draws},
                                  {"rank", b.average_rank},
                                  {"los", b.los_next}});
    out["model"] = t.model;
    out["bots"] = std::move(bots);
    json::array warnings;
    for (const std::string& w : t.warnings) warnings.push_back(json::value(w));
    out["warnings"] = std::move(warnings);
    out["marks"] = rating_marks_legend(t);
  } catch (const UserError& e) {
    out["error"] = e.what();
  }
  if (auto h = head_to_head(rated)) {
    // With each Elo line's text: an infinite bound is null in JSON, "∞" in the text.
    json::object h2h = head_to_head_to_json(*h).as_object();
    h2h["trinomial"].as_object()["text"] = elo_interval_text(h->trinomial, 1);
    if (h->paired) h2h["pentanomial"].as_object()["text"] = elo_interval_text(*h->paired, 1);
    out["h2h"] = std::move(h2h);
  }
  return out;
}

}  // namespace

int ReportDataBuilder::bot_id(const std::string& name) {
  const auto [it, added] = bot_ids_.try_emplace(name, static_cast<int>(bots_.size()));
  if (added) bots_.push_back(name);
  return it->second;
}

// As records/bot_figures.h counts them: each timed action to its actor's seat, a time forfeit
// to the seat at fault.
void ReportDataBuilder::add(const GameRecord& r, const std::string& records_file) {
  Row row{r.round, r.spec, game_entry(r, records_file), rated_game_of(r), {}};
  std::vector<MoveTimes> times(r.players.size());
  for (const RecordedAction& a : r.actions)
    if (a.actor >= 1 && a.actor <= static_cast<int>(times.size())) times[a.actor - 1].add(a.micros);
  for (std::size_t seat = 0; seat < r.players.size(); ++seat)
    row.seats.push_back(
        SeatTimes{bot_id(r.players[seat]), times[seat].buckets(), times[seat].total_micros(),
                  times[seat].worst_micros(),
                  r.termination == Termination::kTimeForfeit && r.fault_seat == static_cast<int>(seat) + 1});
  if (!specs_.count(r.spec)) specs_.emplace(r.spec, spec_info(r));
  rows_.push_back(std::move(row));
}

// Per bot: time per move and time forfeits (the results page's "Time per move"), every bot
// seated in a shown game, by name.
json::object ReportDataBuilder::times_json(const std::vector<std::size_t>& shown) const {
  std::map<std::string, std::pair<MoveTimes, int>> bots;  // times, time forfeits
  for (std::size_t i : shown)
    for (const SeatTimes& s : rows_[i].seats) {
      auto& [times, forfeits] = bots[bots_[static_cast<std::size_t>(s.bot)]];
      for (const auto& [bucket, moves] : s.buckets) times.add_bucket(bucket, moves);
      times.add_totals(s.total, s.worst);
      forfeits += s.time_forfeit ? 1 : 0;
    }
  json::object out;
  for (const auto& [bot, figures] : bots) {
    const auto& [t, forfeits] = figures;
    out[bot] = json::object{{"moves", t.moves()},
                            {"mean_ms", t.mean_micros() / 1000},
                            {"p99_ms", static_cast<double>(t.percentile_micros(0.99)) / 1000},
                            {"worst_ms", static_cast<double>(t.worst_micros()) / 1000},
                            {"time_forfeits", forfeits}};
  }
  return out;
}

json::object ReportDataBuilder::data(const std::vector<std::size_t>& shown,
                                     const ReportOptions& options) const {
  json::array games;
  games.reserve(shown.size());
  json::object specs;
  std::vector<RatedGame> rated;
  for (std::size_t i : shown) {
    const Row& row = rows_[i];
    json::object entry = row.entry;
    entry[page_key::game::kNumber] = static_cast<std::int64_t>(games.size()) + 1;
    games.push_back(std::move(entry));
    if (!specs.contains(row.spec)) specs[row.spec] = specs_.at(row.spec);
    if (row.rated) rated.push_back(*row.rated);
  }
  json::object out{{"title", options.title}, {"games", std::move(games)}, {"specs", std::move(specs)}};
  out["ratings"] = ratings_json(rated);
  out["times"] = times_json(shown);
  out["replays"] = json::object();
  out["budget"] = options.games.empty() ? options.replay_budget : 0;
  if (!options.bracket.empty()) out["bracket"] = options.bracket;
  if (!options.league.empty()) out["league"] = options.league;
  if (!options.records_file_from_report.empty())
    out[page_key::data::kRecordsFile] = options.records_file_from_report;
  return out;
}

}  // namespace arena::report
