// The report's data a game at a time (report/report_data_builder.h).
#include "report/report_data_builder.h"

#include <boost/json/array.hpp>

#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "ratings/head_to_head.h"
#include "ratings/rated_game.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/move_times.h"
#include "records/repro_command.h"
#include "records/termination.h"
#include "report/page_keys.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// The game list's entry (report/page_keys.h); the game's number on the page is set when it is
// shown. The referee's latency ([p50, p99, max] in µs) and a time forfeit's CPU-pressure
// warning when the record had them (records/timing_tags.h); a fault's `arena repro` command
// (records/repro_command.h) when it has one.
json::object game_entry(const GameSummary& s, const std::string& records_file) {
  auto [players, ranks, scores, teams] = seat_columns(s);
  namespace key = page_key::game;
  json::object entry{{key::kNumber, 0},
                     {key::kSpec, s.spec},
                     {key::kRound, s.round},
                     {key::kPlayers, std::move(players)},
                     {key::kRanks, std::move(ranks)},
                     {key::kScores, std::move(scores)},
                     {key::kTeams, std::move(teams)},
                     {key::kTermination, termination_name(s.termination)},
                     {key::kFaultSeat, s.fault_seat},
                     {key::kDetail, s.termination_detail},
                     {key::kLength, s.length},
                     {key::kOpeningPlies, s.opening_plies}};
  if (s.latency) entry[key::kLatency] = json::array{s.latency->p50_us, s.latency->p99_us, s.latency->max_us};
  if (!s.pressure_flag.empty()) entry[key::kCpuPressure] = s.pressure_flag;
  if (s.fault_seat != 0 && reproducible_fault(s.termination))
    entry[key::kRepro] = repro_command(records_file, s.round, s.fault_seat, faulting_ply(s), "");
  return entry;
}

// The rated game of a summary: rated_game_of (ratings/rated_game.h, the one rule of which
// games count) given the parts of the record it reads.
std::optional<RatedGame> rated_game(const GameSummary& s) {
  GameRecord head;
  head.spec = s.spec;
  head.seed = s.seed;
  head.players = s.players;
  head.results = s.results;
  head.termination = s.termination;
  return rated_game_of(head);
}

// What the page says of a game spec: its title, whether it hides information, its seats.
json::object spec_info(const GameSummary& r) {
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

void ReportDataBuilder::add(const GameRecord& record, const std::string& records_file) {
  add(summarize(record), records_file);
}

void ReportDataBuilder::add(const GameSummary& s, const std::string& records_file) {
  Row row{s.round, s.spec, game_entry(s, records_file), rated_game(s), {}};
  for (std::size_t seat = 0; seat < s.players.size(); ++seat) {
    const GameSummary::SeatTimes& t = s.seat_times.at(seat);
    row.seats.push_back(
        SeatTimes{bot_id(s.players[seat]), t.buckets, t.total_micros, t.worst_micros,
                  s.termination == Termination::kTimeForfeit && s.fault_seat == static_cast<int>(seat) + 1});
  }
  if (!specs_.count(s.spec)) specs_.emplace(s.spec, spec_info(s));
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
