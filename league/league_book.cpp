#include "league/league_book.h"

#include <algorithm>

#include "engine/core/game.h"
#include "league/league_games.h"
#include "league/table_id.h"
#include "league/versions.h"
#include "tournaments/match_seating.h"

namespace arena {

namespace {

// Whether new tables may seat the bot: not once retired, nor while suspended because it
// could not start (docs/league.md, "A bot that cannot start").
bool pairable(const LeagueBot& b) { return !b.retired && b.suspended.empty(); }

// What the table shows of why a bot was suspended: a record's start failure on one line,
// with the last line the bot wrote to its standard error (a Python error at import).
std::string suspension_reason(const std::string& detail) {
  const std::string first = detail.substr(0, detail.find('\n'));
  std::string reason = first.rfind("cannot start", 0) == 0 ? first : "cannot start: " + first;
  const std::string marker = "\n  stderr: ";
  if (const std::size_t last = detail.rfind(marker); last != std::string::npos)
    reason += " (its standard error ended: " + detail.substr(last + marker.size()) + ")";
  return reason;
}

bool seats_any(const LeagueJob& job, const std::map<std::string, std::string>& bots) {  // of `bots`
  return std::any_of(job.seats.begin(), job.seats.end(),
                     [&](const std::string& s) { return bots.count(s) > 0; });
}

}  // namespace

LeagueBook::LeagueBook(const Game& game, LeagueBookSettings settings)
    : game_(game), settings_(std::move(settings)) {}

int LeagueBook::set_size() const { return match_set_size(game_, game_.num_players()); }

// Tables a wave gives: about eight games per slot, so that the store's commits and the next
// wave's pairing (which wait for the disk) take less time than the wave's games, even of
// instant bots; at least a table per slot.
int LeagueBook::wave_tables() const {
  const int per_table = set_size();
  return std::max(settings_.concurrency, (8 * settings_.concurrency + per_table - 1) / per_table);
}

int LeagueBook::games_left(int most) const {
  if (settings_.games <= 0) return most;
  return static_cast<int>(std::clamp<long>(settings_.games - played_ - open_claims_, 0, most));
}

void LeagueBook::read_tallies(const std::vector<LeagueTally>& tallies, std::int64_t last_game) {
  summary_.add(tallies);
  matchmaker_.games(summary_.outcomes());
  last_game_ = last_game;
}

void LeagueBook::read_games(const std::vector<LeagueGame>& fresh) {
  std::vector<GameRecord> now = std::exchange(deferred_, {});
  if (!fresh.empty()) last_game_ = fresh.back().id;
  for (GameRecord& r : league_records(fresh, settings_.where))
    (latest_tables_.count(table_of_game(r.round)) ? deferred_ : now).push_back(std::move(r));
  for (const GameRecord& r : now) {
    summary_.add(game_tallies(r, bots_));
    if (std::optional<RatedGame> g = rated_game_of(r)) matchmaker_.games({std::move(*g)});
  }
}

bool LeagueBook::read_bots(std::vector<LeagueBot> bots) {
  bots_ = std::move(bots);
  return bots_.size() == lineup_->size();
}

std::shared_ptr<const std::vector<LeagueBot>> LeagueBook::start_lineup(std::vector<LeagueBot> bots) {
  lineup_index_.clear();
  for (std::size_t i = 0; i < bots.size(); ++i) lineup_index_[bots[i].name] = static_cast<int>(i);
  bots_ = bots;
  lineup_ = std::make_shared<const std::vector<LeagueBot>>(std::move(bots));
  return lineup_;
}

std::vector<int> LeagueBook::seat_indices(const LeagueJob& job) const {
  std::vector<int> out;
  for (const std::string& name : job.seats) out.push_back(lineup_index_.at(name));
  return out;
}

std::map<std::string, std::string> LeagueBook::unpairable_bots() const {
  std::map<std::string, std::string> out;
  for (const LeagueBot& b : bots_)
    if (!pairable(b)) out.emplace(b.name, b.retired ? "retired" : "suspended");
  return out;
}

bool LeagueBook::may_pair() const {
  for (const auto& [wave, games] : unresolved_)
    if (wave < wave_ && games > 0) return false;
  return true;
}

bool LeagueBook::older_waves_ended() const {
  return std::none_of(own_.begin(), own_.end(), [&](const auto& kv) { return kv.second.wave < wave_; });
}

int LeagueBook::takeover_limit() const { return games_left(wave_tables() * set_size()); }

LeagueBook::Takeover LeagueBook::take_over(const std::vector<LeagueClaim>& taken,
                                           const std::vector<LeagueClaim>& in_play) {
  Takeover out;
  std::vector<OwnGame> games;
  for (const LeagueClaim& c : taken) {
    games.push_back({decode_job(c.job, settings_.where), c.id});
    out.game_ids.push_back(games.back().job.game_id);
  }
  open_claims_ += static_cast<long>(games.size());
  // A table none of whose games was kept (one cut by a kill starts again from its first
  // move: as good as never started) gets no new set if it seats a retired or suspended bot.
  const std::map<std::string, std::string> unpairable = unpairable_bots();  // bot: why
  std::map<std::string, int> claimed;  // per table, its games in play by any run
  if (!unpairable.empty())
    for (const LeagueClaim& c : in_play) ++claimed[decode_job(c.job, settings_.where).table];
  for (OwnGame& g : games) {
    const auto seat = std::find_if(g.job.seats.begin(), g.job.seats.end(),
                                   [&](const std::string& s) { return unpairable.count(s) > 0; });
    const bool begun =
        claimed[g.job.table] < static_cast<int>(table_set(game_, g.job, settings_.seed).size());
    if (seat == g.job.seats.end() || begun) {
      pending_.push_back(std::move(g));
    } else {
      --open_claims_;
      out.dropped.emplace_back(std::move(g), unpairable.at(*seat));
    }
  }
  std::set<std::string> tables, game_ids;
  for (const OwnGame& g : pending_) game_ids.insert(g.job.game_id);
  for (const OwnGame& g : pending_)
    if (tables.insert(g.job.table).second)
      for (LiveGames::Earlier& e : table_set(game_, g.job, settings_.seed))
        if (!game_ids.count(e.round)) out.held_back.push_back(std::move(e));
  return out;
}

bool LeagueBook::wants_tables() const {
  std::set<std::string> taken;
  for (const OwnGame& g : pending_) taken.insert(g.job.table);
  return wave_tables() > static_cast<int>(taken.size()) && games_left() > static_cast<int>(pending_.size());
}

std::vector<std::vector<int>> LeagueBook::choose_tables(const std::vector<LeagueClaim>& in_play) {
  std::set<std::string> pending;
  for (const OwnGame& g : pending_) pending.insert(g.job.table);
  const int free_tables = wave_tables() - static_cast<int>(pending.size());
  // Every table in play by any run (its bots' names), a table once however many of its games.
  std::map<std::string, std::vector<std::string>> tables;
  for (const LeagueClaim& c : in_play)
    if (!c.expired) {
      LeagueJob job = decode_job(c.job, settings_.where);
      tables[job.table] = std::move(job.seats);
    }
  std::vector<std::vector<std::string>> busy;
  for (auto& [table, seats] : tables) busy.push_back(std::move(seats));
  LeaguePool pool;
  for (const LeagueBot& b : bots_) {
    pool.names.push_back(b.name);
    pool.playing.push_back(pairable(b));
  }
  pool.seats = game_.num_players();
  pool.games_per_table = set_size();
  pool.min_games = settings_.min_games;
  std::vector<std::vector<int>> candidates = version_tables();  // versions first: they decide the SPRT
  for (auto& t : matchmaker_.next_tables(pool, free_tables + static_cast<int>(busy.size())))
    candidates.push_back(std::move(t));
  return without_in_play(candidates, pool.names, busy, free_tables);
}

// Tables for every version still being tested against its parent, both playing (at most one
// per game slot, and as many of a wave as a slot's share of it): these games decide the
// SPRT, so they come first.
std::vector<std::vector<int>> LeagueBook::version_tables() const {
  std::vector<std::vector<int>> tables;
  if (!settings_.sprt || game_.num_players() != 2) return tables;
  auto index = [&](const std::string& name) {
    for (std::size_t i = 0; i < bots_.size(); ++i)
      if (bots_[i].name == name && pairable(bots_[i])) return static_cast<int>(i);
    return -1;
  };
  for (const VersionTest& t : version_tests(bots_, summary_.version_games(), *settings_.sprt)) {
    const int v = index(t.version), p = index(t.parent);
    if (v >= 0 && p >= 0 && !t.decided() && static_cast<int>(tables.size()) < settings_.concurrency)
      tables.push_back({v, p});
  }
  const std::size_t share = static_cast<std::size_t>(wave_tables() / settings_.concurrency);
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& t : tables) out.insert(out.end(), share, t);
  return out;
}

std::vector<LeagueJob> LeagueBook::table_jobs(const std::vector<std::vector<int>>& tables,
                                              std::int64_t batch) const {
  std::vector<LeagueJob> out;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    std::vector<std::string> seats;
    for (int bot : tables[t]) seats.push_back(bots_[static_cast<std::size_t>(bot)].name);
    for (LeagueJob& job : table_games(game_, TableId{batch, static_cast<int>(t) + 1}, seats, settings_.seed))
      out.push_back(std::move(job));
  }
  const int left = games_left() - static_cast<int>(pending_.size());
  if (static_cast<int>(out.size()) > left) out.resize(static_cast<std::size_t>(std::max(left, 0)));
  return out;
}

void LeagueBook::claimed(std::vector<LeagueJob> jobs, const std::vector<std::int64_t>& claims) {
  open_claims_ += static_cast<long>(claims.size());
  for (std::size_t i = 0; i < jobs.size() && i < claims.size(); ++i)
    pending_.push_back({std::move(jobs[i]), claims[i]});
}

LeagueBook::Wave LeagueBook::close_wave() {
  Wave wave;
  std::vector<OwnGame> games = std::exchange(pending_, {});
  for (OwnGame& g : std::exchange(carried_, {})) games.push_back(std::move(g));
  for (const OwnGame& g : games)
    for (const std::string& name : g.job.seats)
      if (!lineup_index_.count(name)) {  // a bot added since (by another worker's pairing)
        carried_ = std::move(games);
        wave.new_lineup = true;
        return wave;
      }
  const bool idle = games.empty();
  const long playing =
      std::count_if(bots_.begin(), bots_.end(), [](const LeagueBot& b) { return pairable(b); });
  const bool suspended =
      std::any_of(bots_.begin(), bots_.end(), [](const LeagueBot& b) { return !b.suspended.empty(); });
  if (idle && !waiting_ && playing < game_.num_players())
    wave.waiting = Wave::Waiting{playing, game_.num_players(), suspended};
  waiting_ = idle;
  if (idle) return wave;
  ++wave_;
  latest_tables_.clear();
  for (OwnGame& g : games) {
    latest_tables_.insert(g.job.table);
    g.wave = wave_;
  }
  wave.games = std::move(games);
  return wave;
}

void LeagueBook::given(std::size_t index, OwnGame game) {
  wave_of_[game.job.game_id] = game.wave;
  ++unresolved_[game.wave];
  tables_[game.job.table].push_back(index);
  own_.emplace(index, std::move(game));
}

std::optional<LeagueBook::Ending> LeagueBook::ended(std::size_t index, const GameRecord& record) {
  const auto it = own_.find(index);
  if (it == own_.end()) return std::nullopt;
  const OwnGame g = std::move(it->second);
  own_.erase(it);
  std::vector<std::size_t>& table = tables_[g.job.table];
  table.erase(std::remove(table.begin(), table.end(), index), table.end());
  if (table.empty()) tables_.erase(g.job.table);
  if (record.termination == Termination::kStartFailure && record.fault_seat >= 1 &&
      record.fault_seat <= static_cast<int>(record.players.size()))
    unstartable_.emplace(record.players[static_cast<std::size_t>(record.fault_seat - 1)],
                         suspension_reason(record.termination_detail));
  const bool keep = record.termination != Termination::kAborted;
  if (!keep) resolved(g.job.game_id);  // played again, by this run or another
  return Ending{g.claim, keep};
}

void LeagueBook::committed(const std::string& game_id, bool kept) {
  if (kept) ++played_;
  resolved(game_id);
}

// A game of this run kept, dropped or given back: it no longer holds up the next pairing.
void LeagueBook::resolved(const std::string& game_id) {
  --open_claims_;
  forget_wave(game_id);
}

void LeagueBook::forget_wave(const std::string& game_id) {
  const auto it = wave_of_.find(game_id);
  if (it == wave_of_.end()) return;
  if (--unresolved_[it->second] == 0) unresolved_.erase(it->second);
  wave_of_.erase(it);
}

// Takes back the tables not started yet that `keep` says no to, whole (a set is never cut).
std::vector<GivenGame> LeagueBook::take_back(const std::function<bool(const LeagueJob&)>& keep,
                                             const Withdraw& withdraw) {
  std::vector<GivenGame> out;
  for (auto it = tables_.begin(); it != tables_.end();) {
    if (keep(own_.at(it->second.front()).job) || !withdraw(it->second)) {
      ++it;
      continue;
    }
    for (std::size_t index : it->second) {
      out.push_back({index, std::move(own_.at(index))});
      own_.erase(index);
    }
    it = tables_.erase(it);
  }
  return out;
}

std::vector<GivenGame> LeagueBook::drop_unpairable(const Withdraw& withdraw) {
  const std::map<std::string, std::string> unpairable = unpairable_bots();
  if (unpairable.empty()) return {};
  std::vector<GivenGame> out =
      take_back([&](const LeagueJob& job) { return !seats_any(job, unpairable); }, withdraw);
  for (const GivenGame& g : out) resolved(g.game.job.game_id);
  return out;
}

// Carried games hold up no pairing: the next runner's first wave gives them again.
std::vector<GivenGame> LeagueBook::runner_ending(const Withdraw& withdraw, bool done) {
  std::vector<GivenGame> games = take_back([](const LeagueJob&) { return false; }, withdraw);
  if (done) {
    for (const GivenGame& g : games) resolved(g.game.job.game_id);
    return games;
  }
  for (GivenGame& g : games) {
    forget_wave(g.game.job.game_id);
    carried_.push_back(std::move(g.game));
  }
  return {};
}

std::vector<GivenGame> LeagueBook::leftovers() {
  std::vector<GivenGame> out;
  for (auto& [index, g] : own_) {
    resolved(g.job.game_id);
    out.push_back({index, std::move(g)});
  }
  own_.clear();
  tables_.clear();
  return out;
}

}  // namespace arena
