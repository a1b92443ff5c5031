// The report's data (report/report_data.h).
#include "report/report_data.h"

#include <algorithm>
#include <boost/json/array.hpp>
#include <set>

#include "engine/core/registry.h"
#include "ratings/head_to_head.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/bot_figures.h"
#include "records/json_text.h"
#include "records/repro_command.h"
#include "records/termination.h"
#include "records/timing_tags.h"
#include "report/embedded_replay.h"
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

json::object game_entry(const GameRecord& r, int number) {
  json::array players, ranks, scores, teams;
  for (const std::string& p : r.players) players.push_back(json::value(p));
  for (const SeatResult& s : r.results) {
    ranks.push_back(s.rank);
    scores.push_back(s.score);
    teams.push_back(s.team);
  }
  namespace key = page_key::game;
  json::object entry{{key::kNumber, number},           {key::kSpec, r.spec},
                     {key::kRound, r.round},           {key::kPlayers, std::move(players)},
                     {key::kRanks, std::move(ranks)},  {key::kScores, std::move(scores)},
                     {key::kTeams, std::move(teams)},  {key::kTermination, termination_name(r.termination)},
                     {key::kFaultSeat, r.fault_seat},  {key::kDetail, r.termination_detail},
                     {key::kLength, r.actions.size()}, {key::kOpeningPlies, r.opening_plies}};
  add_timing(entry, r);
  return entry;
}

// A fault's `arena repro` command (records/repro_command.h).
json::object with_repro(json::object entry, const GameRecord& r, const std::string& file) {
  if (const std::string command = repro_command(r, file, r.round, ""); !command.empty())
    entry[page_key::game::kRepro] = command;
  return entry;
}

json::object ratings_json(const std::vector<GameRecord>& records) {
  json::object out;
  const std::vector<RatedGame> rated = rated_games_from_records(records);
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

// Per bot: time per move and time forfeits (the results page's "Time per move").
json::object times_json(const std::vector<GameRecord>& records) {
  json::object out;
  for (const auto& [bot, f] : bot_figures(records)) {
    const auto forfeits = f.faults.find(termination_name(Termination::kTimeForfeit));
    out[bot] = json::object{{"moves", f.times.moves()},
                            {"mean_ms", f.times.mean_micros() / 1000},
                            {"p99_ms", static_cast<double>(f.times.percentile_micros(0.99)) / 1000},
                            {"worst_ms", static_cast<double>(f.times.worst_micros()) / 1000},
                            {"time_forfeits", forfeits == f.faults.end() ? 0 : forfeits->second}};
  }
  return out;
}

// The replays to embed (report/embedded_replay.h), by game number: the chosen games, or the
// first ones within the budget. A record is {"record": packed}, pictures the packed text.
json::object replays(const std::vector<GameRecord>& records, const ReportOptions& o) {
  json::object out;
  std::size_t bytes = 0;
  const std::set<int> chosen(o.games.begin(), o.games.end());
  for (int n = 1; n <= static_cast<int>(records.size()); ++n) {
    if (!chosen.empty() && !chosen.count(n)) continue;
    if (chosen.empty() && bytes >= o.replay_budget) break;
    EmbeddedReplay replay = embedded_replay(records[n - 1], o);
    bytes += replay.packed.size();
    out[std::to_string(n)] = replay.is_record
                                 ? json::value(json::object{{"record", std::move(replay.packed)}})
                                 : json::value(std::move(replay.packed));
  }
  return out;
}

}  // namespace

json::object report_data(const std::vector<GameRecord>& records, const ReportOptions& options) {
  json::array games;
  for (std::size_t i = 0; i < records.size(); ++i)
    games.push_back(
        with_repro(game_entry(records[i], static_cast<int>(i) + 1), records[i], options.records_file));
  json::object info;
  for (const GameRecord& r : records) {
    if (info.contains(r.spec)) continue;
    try {
      auto game = make_game(r.spec);
      info[r.spec] = json::object{{"title", game->info().title},
                                  {"hidden", game->hidden_information()},
                                  {"players", game->num_players()}};
    } catch (const UserError&) {
      info[r.spec] = json::object{{"title", r.spec}, {"hidden", false}, {"players", r.players.size()}};
    }
  }
  json::object out{{"title", options.title}, {"games", std::move(games)}, {"specs", std::move(info)}};
  out["ratings"] = ratings_json(records);
  out["times"] = times_json(records);
  out["replays"] = replays(records, options);
  out["budget"] = options.games.empty() ? options.replay_budget : 0;
  if (!options.bracket.empty()) out["bracket"] = options.bracket;
  if (!options.league.empty()) out["league"] = options.league;
  if (!options.records_file_from_report.empty())
    out[page_key::data::kRecordsFile] = options.records_file_from_report;
  return out;
}

}  // namespace arena::report
