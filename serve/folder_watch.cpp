#include "serve/folder_watch.h"

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "engine/core/user_error.h"
#include "records/game_summary.h"
#include "records/json_text.h"
#include "records/pgn.h"
#include "report/page_keys.h"
#include "report/replay.h"
#include "report/report_data.h"
#include "store/league_store.h"
#include "tournaments/journal_line_parser.h"

namespace arena::serve {

namespace fs = std::filesystem;

namespace {

// Bytes [from, to) of a file; nullopt when it cannot be read in full (EMFILE, EACCES, a file
// cut short meanwhile): the caller reads it again at the next poll.
std::optional<std::string> read_range(const fs::path& path, std::uint64_t from, std::uint64_t to) {
  if (to <= from) return std::string();
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(static_cast<std::streamoff>(from));
  std::string text(to - from, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (static_cast<std::uint64_t>(in.gcount()) != to - from) return std::nullopt;
  return text;
}

std::uintmax_t size_of(const fs::path& path) {
  std::error_code ec;
  const auto n = fs::file_size(path, ec);
  return ec ? 0 : n;
}

// A league's games are read this many at a time: never every record in memory at once.
constexpr std::int64_t kLeagueSlice = 256;

}  // namespace

FolderWatch::FolderWatch(std::string dir, StoreOpener open_store)
    : dir_(std::move(dir)), open_store_(std::move(open_store)) {
  if (!open_store_) open_store_ = [](const std::string& d) { return open_league_store(d); };
  if (!fs::is_directory(dir_))
    throw UserError(dir_ + ": no such folder (arena serve needs a tournament's or league's folder)");
  // A league's store is opened and read once now, as `arena league table` would: a damaged
  // league.db (or a PostgreSQL server that cannot be reached) is the same clear error, not an
  // empty page.
  if (holds_league(dir_)) {
    league_ = open_store_(dir_);
    league_->game_count();
  }
}

FolderWatch::~FolderWatch() = default;

void FolderWatch::reset() {
  rows_ = report::ReportDataBuilder();
  finished_.clear();
  visible_.clear();
  journal_read_ = pgn_read_ = 0;
  data_.clear();
}

bool FolderWatch::poll() {
  bool games = holds_league(dir_) ? poll_league() : poll_tournament();
  games = poll_held() || games;
  if (games) {
    visible_.clear();
    if (held_) {  // else a list could not be read: every finished game stays back (fail closed)
      // The Round tags held back, one a line: their records stay out until the list drops them.
      std::set<std::string> held;
      std::istringstream lines(*held_);
      for (std::string line; std::getline(lines, line);) held.insert(line);
      for (std::size_t i = 0; i < rows_.size(); ++i)
        if (!held.count(rows_.round(i))) visible_.push_back(i);
    }
    data_.clear();
  }
  const bool live = poll_live();
  return games || live;
}

// Each record of `pgn` becomes a row of the page's data; the record itself is not kept.
void FolderWatch::add_records(const std::string& pgn, Finished where) {
  std::vector<PgnError> errors;
  for (const GameRecord& r : parse_pgn(pgn, errors)) {
    rows_.add(r);
    finished_.push_back(where);
    ++where.nth;
  }
}

// The journal's complete lines since the last poll (tournaments/journal_line_parser.h, the
// journal's one reader), each with the size of games.pgn once its game's record is in: the
// records up to there are the finished games that count, each between the sizes of two lines.
bool FolderWatch::poll_tournament() {
  const fs::path journal = fs::path(dir_) / "journal.jsonl", pgn = fs::path(dir_) / "games.pgn";
  const std::uintmax_t size = size_of(journal);
  if (size < journal_read_) reset();  // another tournament in the folder
  if (size == journal_read_) return false;
  // Nothing is taken until both files are read: a read that fails is tried again next poll.
  const std::optional<std::string> text = read_range(journal, journal_read_, size);
  if (!text) return false;
  const std::size_t complete = text->rfind('\n');
  if (complete == std::string::npos) return false;
  std::vector<std::uint64_t> ends;  // of each new game's record in games.pgn
  JournalEntry entry;
  for (std::size_t start = 0, nl; (nl = text->find('\n', start)) != std::string::npos && nl <= complete;
       start = nl + 1) {
    try {
      parse_journal_line(std::string_view(*text).substr(start, nl - start), entry);
    } catch (const UserError&) {
      continue;  // not a line the journal's writer wrote: no game of ours
    }
    if (entry.pgn_end > (ends.empty() ? pgn_read_ : ends.back())) ends.push_back(entry.pgn_end);
  }
  if (ends.empty()) {
    journal_read_ += complete + 1;
    return false;
  }
  const std::optional<std::string> records = read_range(pgn, pgn_read_, ends.back());
  if (!records) return false;
  for (std::uint64_t begin = pgn_read_; std::uint64_t end : ends) {
    add_records(records->substr(begin - pgn_read_, end - begin), Finished{0, begin, end, 0});
    begin = end;
  }
  journal_read_ += complete + 1;
  pgn_read_ = ends.back();
  return true;
}

// Through the league's store, whichever it is (open_league_store, as `arena league table`
// reads it): only finished games, only read, each once, a slice at a time, each game's row
// from the summary the store keeps beside its record (records/game_summary.h): no record is
// read for the game list but those of games kept without a readable summary.
bool FolderWatch::poll_league() {
  bool changed = false;
  try {
    if (!league_) league_ = open_store_(dir_);
    for (;;) {
      const std::vector<LeagueGameSummary> games = league_->summaries_slice(league_last_, kLeagueSlice);
      add_league_games(games);
      if (!games.empty()) {
        league_last_ = games.back().id;
        changed = true;
      }
      if (static_cast<std::int64_t>(games.size()) < kLeagueSlice) break;
    }
  } catch (const UserError& e) {
    league_.reset();  // the server is away, the file is being replaced...: tried again next poll
    if (league_error_ != e.what()) std::cerr << "arena serve: " << e.what() << " (trying again)" << std::endl;
    league_error_ = e.what();
    return changed;
  }
  league_error_.clear();
  return changed;
}

// A game's summary as the league kept it; nullopt when it has none (kept by an Arena older
// than summaries) or it cannot be read (said, naming the game): its record stands in.
std::optional<GameSummary> FolderWatch::readable_summary(const LeagueGameSummary& game) const {
  if (game.summary.empty()) return std::nullopt;
  try {
    return summary_from_text(game.summary);
  } catch (const UserError& e) {
    std::cerr << "arena serve: " << league_->name() << ", game " << game.id << ": " << e.what()
              << " (its record read instead)" << std::endl;
    return std::nullopt;
  }
}

// A slice's rows, in order. The records of the games without a readable summary are fetched
// in one read of the span they lie in, before any row is added: a store that fails midway
// leaves the slice to be read again whole.
void FolderWatch::add_league_games(const std::vector<LeagueGameSummary>& games) {
  std::vector<std::optional<GameSummary>> summaries;
  std::size_t first = games.size(), last = 0;  // the span of games read from their records
  for (std::size_t i = 0; i < games.size(); ++i) {
    summaries.push_back(readable_summary(games[i]));
    if (!summaries.back()) first = std::min(first, i), last = i;
  }
  std::map<std::int64_t, std::string> records;
  if (first < games.size())
    for (LeagueGame& g :
         league_->games_slice(games[first].id - 1, static_cast<std::int64_t>(last - first + 1)))
      records[g.id] = std::move(g.pgn);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const Finished where{games[i].id, 0, 0, 0};
    if (summaries[i]) {
      rows_.add(*summaries[i]);
      finished_.push_back(where);
    } else if (auto record = records.find(games[i].id); record != records.end()) {
      add_records(record->second, where);
    }
  }
}

// Every run's held list, alive or not (a run stopped midway keeps its list until a run plays
// the rest): a deal held by any worker stays held. Fail closed: a list that cannot be read, or
// a live folder that cannot be listed, holds back every finished game (held_ nullopt) until it
// can be read again.
bool FolderWatch::poll_held() {
  std::string why;
  std::optional<std::string> text = LiveGames::read_held_lists(dir_, live_seen_, why);
  if (text == held_) return false;
  // Said at most once every 10 s: out of descriptors, the lists may be read at one poll and
  // not the next.
  const auto now = std::chrono::steady_clock::now();
  if (!text && now - said_ > std::chrono::seconds(10)) {
    std::cerr << "arena serve: " << why << ": every finished game is held back until it can be read"
              << std::endl;
    said_ = now;
  }
  held_ = std::move(text);
  return true;
}

// The games in play: the live files of every run that still lives, by file name (unique: a
// tournament's game number, a league game's Round). A file read before is read again only
// when it grew.
bool FolderWatch::poll_live() {
  std::map<std::string, Live> now;
  bool changed = false;
  for (const auto& [name, path] : LiveGames::files_in_play(dir_)) {
    const std::uintmax_t size = size_of(path);
    auto old = live_.find(name);
    if (old != live_.end() && old->second.size == size) {
      now.emplace(name, std::move(old->second));
      continue;
    }
    const std::optional<std::string> text = read_range(path, 0, size);
    std::optional<LiveGames::File> game = text ? LiveGames::parse_file(name, *text) : std::nullopt;
    if (!game) continue;
    now.emplace(name, Live{size, std::move(*game), ""});
    changed = true;
  }
  changed = changed || now.size() != live_.size();
  live_ = std::move(now);
  return changed;
}

const std::string& FolderWatch::data_json() {
  if (!data_.empty()) return data_;
  report::ReportOptions options;
  options.title = "Arena live: " + fs::path(dir_).filename().string();
  options.replay_budget = 0;
  boost::json::object data = rows_.data(visible_, options);
  data.erase("replays");
  boost::json::array embedded;  // every finished game's replay can be fetched
  for (std::size_t n = 1; n <= visible_.size(); ++n) embedded.push_back(static_cast<std::int64_t>(n));
  data["embedded"] = std::move(embedded);
  boost::json::array& entries = data["games"].as_array();
  for (std::size_t i = 0; i < entries.size() && i < visible_.size(); ++i)
    entries[i].as_object()[report::page_key::game::kRecordNumber] =
        static_cast<std::int64_t>(visible_[i] + 1);
  try {
    if (league_summary_) data["league"] = league_summary_();
  } catch (const UserError&) {  // the store busy or away: the table comes with the next data
  }
  std::error_code ec;
  const fs::path bracket = fs::path(dir_) / "bracket.txt";
  if (fs::is_regular_file(bracket, ec))
    data["bracket"] = read_range(bracket, 0, size_of(bracket)).value_or("");
  data_ = json_text(data);
  return data_;
}

// The text a finished game's record is in, read now: its row in the league's store, or its
// bytes of games.pgn (written once, never changed).
std::optional<std::string> FolderWatch::record_text(const Finished& where) {
  if (!holds_league(dir_)) return read_range(fs::path(dir_) / "games.pgn", where.begin, where.end);
  try {
    if (!league_) league_ = open_store_(dir_);
    std::optional<LeagueGame> game = league_->game(where.id);
    if (game) return std::move(game->pgn);
  } catch (const UserError& e) {
    league_.reset();
    std::cerr << "arena serve: " << e.what() << std::endl;
  }
  return std::nullopt;
}

std::optional<std::string> FolderWatch::replay_json(int n) {
  if (n < 1 || n > static_cast<int>(visible_.size())) return std::nullopt;
  const Finished& where = finished_[visible_[static_cast<std::size_t>(n - 1)]];
  const std::optional<std::string> text = record_text(where);
  if (!text) return std::nullopt;
  std::vector<PgnError> errors;
  const std::vector<GameRecord> records = parse_pgn(*text, errors);
  if (where.nth >= static_cast<int>(records.size())) return std::nullopt;
  return json_text(report::replay_json(records[static_cast<std::size_t>(where.nth)], true));
}

// Each shown record's text as its writer wrote it: a league's a slice of the store at a time,
// a tournament's from games.pgn.
std::optional<std::string> FolderWatch::shown_pgn() {
  std::string text;
  if (visible_.empty()) return text;
  if (!holds_league(dir_)) {
    const Finished& first = finished_[visible_.front()];
    const std::optional<std::string> all =
        read_range(fs::path(dir_) / "games.pgn", first.begin, finished_[visible_.back()].end);
    if (!all) return std::nullopt;
    for (std::size_t i = 0; i < visible_.size(); ++i) {
      const Finished& f = finished_[visible_[i]];
      if (i == 0 || f.begin != finished_[visible_[i - 1]].begin)
        text += all->substr(f.begin - first.begin, f.end - f.begin);
    }
    return text;
  }
  try {
    if (!league_) league_ = open_store_(dir_);
    std::size_t next = 0;  // the first shown game not yet met
    for (std::int64_t after = 0; next < visible_.size();) {
      const std::vector<LeagueGame> games = league_->games_slice(after, kLeagueSlice);
      if (games.empty()) break;
      for (const LeagueGame& g : games) {
        if (next < visible_.size() && finished_[visible_[next]].id == g.id) text += g.pgn;
        while (next < visible_.size() && finished_[visible_[next]].id <= g.id) ++next;
      }
      after = games.back().id;
    }
  } catch (const UserError& e) {
    league_.reset();
    std::cerr << "arena serve: " << e.what() << std::endl;
    return std::nullopt;
  }
  return text;
}

std::string FolderWatch::state_json() const {
  boost::json::array live;
  for (const auto& [name, l] : live_) {
    boost::json::array players;
    for (const std::string& p : l.game.players) players.push_back(boost::json::string(p));
    namespace key = report::page_key::game;
    live.push_back(boost::json::object{{"id", name},
                                       {key::kNumber, l.game.number},
                                       {key::kSpec, l.game.spec},
                                       {key::kPlayers, std::move(players)},
                                       {key::kLength, static_cast<std::int64_t>(l.game.actions.size())}});
  }
  boost::json::array held;  // what the page says of a watched game whose record is held back
  for (std::size_t i = 0, v = 0; i < rows_.size(); ++i) {
    if (v < visible_.size() && visible_[v] == i) {
      ++v;
      continue;
    }
    held.push_back(
        boost::json::object{{report::page_key::game::kRound, rows_.round(i)},
                            {report::page_key::game::kRecordNumber, static_cast<std::int64_t>(i + 1)}});
  }
  return json_text(boost::json::object{{"games", static_cast<std::int64_t>(visible_.size())},
                                       {"live", std::move(live)},
                                       {"held", std::move(held)}});
}

std::optional<std::string> FolderWatch::live_json(const std::string& name) {
  auto it = live_.find(name);
  if (it == live_.end()) return std::nullopt;
  if (it->second.json.empty())
    it->second.json = json_text(report::spectator_replay_json(it->second.game.spec, it->second.game.actions));
  return it->second.json;
}

}  // namespace arena::serve
