// A finished game's summary and its text (records/game_summary.h).
#include "records/game_summary.h"

#include <boost/json.hpp>

#include "engine/core/user_error.h"
#include "records/json_text.h"
#include "records/move_times.h"
#include "records/repro_command.h"

namespace arena {

namespace json = boost::json;

namespace {

// The text's version: a reader meeting another one says so rather than guess.
constexpr std::int64_t kVersion = 1;

// A summary's text that cannot be read: what was wrong with it.
[[noreturn]] void bad(const std::string& what) { throw UserError("unreadable game summary: " + what); }

const json::value& field(const json::object& o, const char* key) {
  const json::value* v = o.if_contains(key);
  if (!v) bad(std::string("no \"") + key + "\"");
  return *v;
}

std::int64_t integer(const json::value& v, const char* what) {
  if (v.is_int64()) return v.as_int64();
  if (v.is_uint64() && v.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::int64_t>(v.as_uint64());
  bad(std::string("\"") + what + "\" is not a whole number");
}

int small(const json::value& v, const char* what) {
  const std::int64_t i = integer(v, what);
  if (i < INT32_MIN || i > INT32_MAX) bad(std::string("\"") + what + "\" is out of range");
  return static_cast<int>(i);
}

std::string string_of(const json::value& v, const char* what) {
  if (!v.is_string()) bad(std::string("\"") + what + "\" is not a string");
  return std::string(v.as_string());
}

const json::array& array(const json::value& v, const char* what) {
  if (!v.is_array()) bad(std::string("\"") + what + "\" is not a list");
  return v.as_array();
}

// A list of exactly `seats` entries (one per seat), or none at all when `may_be_empty`.
const json::array& per_seat(const json::object& o, const char* key, std::size_t seats, bool may_be_empty) {
  const json::array& a = array(field(o, key), key);
  if (a.size() != seats && !(may_be_empty && a.empty()))
    bad(std::string("\"") + key + "\" has " + std::to_string(a.size()) + " entries for " +
        std::to_string(seats) + " seats");
  return a;
}

json::array times_json(const std::vector<GameSummary::SeatTimes>& seats) {
  json::array out;
  for (const GameSummary::SeatTimes& s : seats) {
    json::array buckets;
    for (const auto& [bucket, moves] : s.buckets) buckets.push_back(json::array{bucket, moves});
    out.push_back(
        json::object{{"buckets", std::move(buckets)}, {"total", s.total_micros}, {"worst", s.worst_micros}});
  }
  return out;
}

GameSummary::SeatTimes seat_times(const json::value& v) {
  if (!v.is_object()) bad("a seat's \"times\" is not an object");
  const json::object& o = v.as_object();
  GameSummary::SeatTimes s;
  for (const json::value& b : array(field(o, "buckets"), "buckets")) {
    const json::array& pair = array(b, "buckets");
    if (pair.size() != 2) bad("a time bucket is not [bucket, moves]");
    s.buckets.emplace_back(small(pair[0], "buckets"), integer(pair[1], "buckets"));
  }
  s.total_micros = integer(field(o, "total"), "total");
  s.worst_micros = integer(field(o, "worst"), "worst");
  return s;
}

}  // namespace

// As records/bot_figures.h counts them: each timed action to its actor's seat.
GameSummary summarize(const GameRecord& r) {
  GameSummary s{r.spec,
                r.round,
                r.seed,
                r.players,
                r.results,
                r.termination,
                r.fault_seat,
                r.termination_detail,
                static_cast<std::int64_t>(r.actions.size()),
                r.opening_plies,
                std::nullopt,
                "",
                {}};
  const RecordTiming timing = record_timing(r);
  s.latency = timing.latency;
  s.pressure_flag = timing.pressure_flag;
  std::vector<MoveTimes> times(r.players.size());
  for (const RecordedAction& a : r.actions)
    if (a.actor >= 1 && a.actor <= static_cast<int>(times.size()))
      times[static_cast<std::size_t>(a.actor - 1)].add(a.micros);
  for (const MoveTimes& t : times) s.seat_times.push_back({t.buckets(), t.total_micros(), t.worst_micros()});
  return s;
}

SeatColumns seat_columns(const GameSummary& s) {
  SeatColumns c;
  for (const std::string& p : s.players) c.players.push_back(json::value(p));
  for (const SeatResult& r : s.results) {
    c.ranks.push_back(r.rank);
    c.scores.push_back(r.score);
    c.teams.push_back(r.team);
  }
  return c;
}

std::string summary_text(const GameSummary& s) {
  auto [players, ranks, scores, teams] = seat_columns(s);
  json::object o{{"v", kVersion},
                 {"spec", s.spec},
                 {"round", s.round},
                 {"seed", s.seed},
                 {"players", std::move(players)},
                 {"ranks", std::move(ranks)},
                 {"scores", std::move(scores)},
                 {"teams", std::move(teams)},
                 {"termination", termination_name(s.termination)},
                 {"fault_seat", s.fault_seat},
                 {"detail", s.termination_detail},
                 {"length", s.length},
                 {"opening_plies", s.opening_plies},
                 {"times", times_json(s.seat_times)}};
  if (s.latency)
    o["latency"] = json::array{s.latency->p50_us, s.latency->p99_us, s.latency->max_us, s.latency->decisions};
  if (!s.pressure_flag.empty()) o["pressure_flag"] = s.pressure_flag;
  return json_text(o);
}

GameSummary summary_from_text(std::string_view text) {
  boost::system::error_code ec;
  const json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) bad("not a JSON object");
  const json::object& o = v.as_object();
  if (const std::int64_t version = integer(field(o, "v"), "v"); version != kVersion)
    bad("version " + std::to_string(version) + ", expected " + std::to_string(kVersion));
  GameSummary s;
  s.spec = string_of(field(o, "spec"), "spec");
  s.round = string_of(field(o, "round"), "round");
  const json::value& seed = field(o, "seed");
  if (!seed.is_uint64() && !(seed.is_int64() && seed.as_int64() >= 0)) bad("\"seed\" is not a whole number");
  s.seed = seed.is_uint64() ? seed.as_uint64() : static_cast<std::uint64_t>(seed.as_int64());
  for (const json::value& p : array(field(o, "players"), "players"))
    s.players.push_back(string_of(p, "players"));
  const std::size_t seats = s.players.size();
  const json::array &ranks = per_seat(o, "ranks", seats, true), &scores = per_seat(o, "scores", seats, true),
                    &teams = per_seat(o, "teams", seats, true);
  if (ranks.size() != scores.size() || ranks.size() != teams.size())
    bad("ranks, scores and teams differ in number");
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    if (!scores[i].is_number()) bad("\"scores\" holds something not a number");
    s.results.push_back({small(ranks[i], "ranks"), scores[i].to_number<double>(), small(teams[i], "teams")});
  }
  const std::string termination = string_of(field(o, "termination"), "termination");
  const std::optional<Termination> why = termination_from_name(termination);
  if (!why) bad("unknown termination '" + termination + "'");
  s.termination = *why;
  s.fault_seat = small(field(o, "fault_seat"), "fault_seat");
  s.termination_detail = string_of(field(o, "detail"), "detail");
  s.length = integer(field(o, "length"), "length");
  s.opening_plies = small(field(o, "opening_plies"), "opening_plies");
  for (const json::value& t : per_seat(o, "times", seats, false)) s.seat_times.push_back(seat_times(t));
  if (const json::value* l = o.if_contains("latency")) {
    const json::array& a = array(*l, "latency");
    if (a.size() != 4) bad("\"latency\" is not [p50, p99, max, decisions]");
    s.latency = LatencySummary{integer(a[0], "latency"), integer(a[1], "latency"), integer(a[2], "latency"),
                               small(a[3], "latency")};
  }
  if (const json::value* f = o.if_contains("pressure_flag")) s.pressure_flag = string_of(*f, "pressure_flag");
  return s;
}

int faulting_ply(const GameSummary& s) {
  return s.fault_seat != 0 && fault_at_decision(s.termination) ? static_cast<int>(s.length) : -1;
}

}  // namespace arena
