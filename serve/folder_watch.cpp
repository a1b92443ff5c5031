#include "serve/folder_watch.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <set>
#include <sstream>

#include "engine/core/user_error.h"
#include "process/lock_probe.h"
#include "records/json_text.h"
#include "records/pgn.h"
#include "report/replay.h"
#include "report/report_data.h"
#include "store/league_store.h"

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

// DIR/live/OWNER/ for every run that wrote live files (tournaments/live_games.h): a hidden
// one (".OWNER") is still being made.
std::vector<fs::path> owner_folders(const std::string& dir) {
  std::vector<fs::path> folders;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(dir) / "live", ec)) {
    std::error_code e;
    if (entry.is_directory(e) && !entry.path().filename().string().starts_with("."))
      folders.push_back(entry.path());
  }
  std::sort(folders.begin(), folders.end());
  return folders;
}

// Whether the run owning a live folder lives: it holds a write lock on the folder's `lock`
// (tournaments/live_games.h). Only tested, never taken. Its live files are no games in play
// once it is gone (a run killed with -9).
bool owner_alive(const fs::path& folder) { return write_lock_held((folder / "lock").string()); }

// The whole of a file into `text`; 0, or the errno that stopped it (EIO for a file that
// shrank while read).
int read_whole(const fs::path& path, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return errno;
  struct stat st {};
  int error = ::fstat(fd, &st) == 0 ? 0 : errno;
  if (error == 0) text.resize(static_cast<std::size_t>(st.st_size));
  for (std::size_t done = 0; error == 0 && done < text.size();) {
    const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) error = n < 0 ? errno : EIO;
    done += n > 0 ? static_cast<std::size_t>(n) : 0;
  }
  ::close(fd);
  return error;
}

// Every run's held list (DIR/live/OWNER/held.txt), one after another; nullopt, with `why`,
// when one cannot be read: a folder that cannot be listed, a list that cannot be opened (EMFILE,
// EACCES) or read in full, a list cut short (the writer ends every line), DIR/live gone once
// seen. A folder without a list holds nothing (a run that ended removed it, folder and all).
std::optional<std::string> read_held_lists(const std::string& dir, bool& live_seen, std::string& why) {
  const fs::path live = fs::path(dir) / "live";
  std::error_code ec;
  fs::directory_iterator it(live, ec);
  if (ec == std::errc::no_such_file_or_directory && !live_seen) return std::string();  // no run yet
  std::string text;
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code e;
    const bool folder = it->is_directory(e);
    if (e == std::errc::no_such_file_or_directory) continue;  // its run ended meanwhile
    if (e) {
      why = "cannot read " + it->path().string() + ": " + e.message();
      return std::nullopt;
    }
    if (!folder || it->path().filename().string().starts_with(".")) continue;
    const fs::path path = it->path() / "held.txt";
    std::string one;
    if (const int error = read_whole(path, one); error == ENOENT) {
      continue;
    } else if (error != 0) {
      why = "cannot read " + path.string() + ": " + std::strerror(error);
      return std::nullopt;
    }
    if (!one.empty() && one.back() != '\n') {
      why = path.string() + ": cut short";
      return std::nullopt;
    }
    text += one;
  }
  if (ec) {
    why = "cannot read " + live.string() + ": " + ec.message();
    return std::nullopt;
  }
  live_seen = true;
  return text;
}

}  // namespace

FolderWatch::FolderWatch(std::string dir) : dir_(std::move(dir)) {
  if (!fs::is_directory(dir_))
    throw UserError(dir_ + ": no such folder (arena serve needs a tournament's or league's folder)");
  // A league's store is opened and read once now, as `arena league table` would: a damaged
  // league.db (or a PostgreSQL server that cannot be reached) is the same clear error, not an
  // empty page.
  if (holds_league(dir_)) {
    league_ = open_league_store(dir_);
    league_->games(std::numeric_limits<std::int64_t>::max());
  }
}

FolderWatch::~FolderWatch() = default;

void FolderWatch::reset() {
  records_.clear();
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
      for (std::size_t i = 0; i < records_.size(); ++i)
        if (!held.count(records_[i].round)) visible_.push_back(i);
    }
    data_.clear();
  }
  const bool live = poll_live();
  return games || live;
}

// The journal's complete lines since the last poll, each with the size of games.pgn once its
// record is in: the records up to there are the finished games that count.
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
  std::uint64_t pgn_end = pgn_read_;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text->find('\n', start)) != std::string::npos && nl <= complete;
       start = nl + 1) {
    boost::system::error_code ec;
    const boost::json::value line = boost::json::parse(text->substr(start, nl - start), ec);
    if (ec || !line.is_object() || !line.as_object().contains("pgn_end")) continue;
    pgn_end = line.as_object().at("pgn_end").to_number<std::uint64_t>();
  }
  if (pgn_end <= pgn_read_) {
    journal_read_ += complete + 1;
    return false;
  }
  const std::optional<std::string> records = read_range(pgn, pgn_read_, pgn_end);
  if (!records) return false;
  std::vector<PgnError> errors;
  for (GameRecord& r : parse_pgn(*records, errors)) records_.push_back(std::move(r));
  journal_read_ += complete + 1;
  pgn_read_ = pgn_end;
  return true;
}

// Through the league's store, whichever it is (open_league_store, as `arena league table`
// reads it): only finished games, only read.
bool FolderWatch::poll_league() {
  std::vector<LeagueGame> games;
  try {
    if (!league_) league_ = open_league_store(dir_);
    games = league_->games(league_last_);
  } catch (const UserError& e) {
    league_.reset();  // the server is away, the file is being replaced...: tried again next poll
    if (league_error_ != e.what()) std::cerr << "arena serve: " << e.what() << " (trying again)" << std::endl;
    league_error_ = e.what();
    return false;
  }
  league_error_.clear();
  bool changed = false;
  for (const LeagueGame& g : games) {
    std::vector<PgnError> errors;
    for (GameRecord& r : parse_pgn(g.pgn, errors)) records_.push_back(std::move(r));
    league_last_ = g.id;
    changed = true;
  }
  return changed;
}

// Every run's held list, alive or not (a run stopped midway keeps its list until a run plays
// the rest): a deal held by any worker stays held. Fail closed: a list that cannot be read, or
// a live folder that cannot be listed, holds back every finished game (held_ nullopt) until it
// can be read again.
bool FolderWatch::poll_held() {
  std::string why;
  std::optional<std::string> text = read_held_lists(dir_, live_seen_, why);
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
// tournament's game number, a league game's Round).
bool FolderWatch::poll_live() {
  std::map<std::string, Live> now;
  bool changed = false;
  for (const fs::path& folder : owner_folders(dir_)) {
    if (!owner_alive(folder)) continue;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      std::error_code e;
      if (entry.path().extension() != ".live" || !entry.is_regular_file(e)) continue;
      const std::string name = entry.path().stem().string();
      const std::uintmax_t size = size_of(entry.path());
      if (now.count(name)) continue;
      auto old = live_.find(name);
      if (old != live_.end() && old->second.size == size) {
        now.emplace(name, std::move(old->second));
        continue;
      }
      const std::optional<std::string> text = read_range(entry.path(), 0, size);
      std::optional<LiveGame> game = text ? parse_live_file(name, *text) : std::nullopt;
      if (!game) continue;
      now.emplace(name, Live{size, std::move(*game), ""});
      changed = true;
    }
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
  std::vector<GameRecord> shown;
  for (std::size_t i : visible_) shown.push_back(records_[i]);
  boost::json::object data = report::report_data(shown, options);
  data.erase("replays");
  boost::json::array embedded;  // every finished game's replay can be fetched
  for (std::size_t n = 1; n <= shown.size(); ++n) embedded.push_back(static_cast<std::int64_t>(n));
  data["embedded"] = std::move(embedded);
  boost::json::array& entries = data["games"].as_array();
  for (std::size_t i = 0; i < entries.size() && i < visible_.size(); ++i)
    entries[i].as_object()["rn"] = static_cast<std::int64_t>(visible_[i] + 1);
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

std::optional<std::string> FolderWatch::replay_json(int n) {
  if (n < 1 || n > static_cast<int>(visible_.size())) return std::nullopt;
  const GameRecord& r = records_[visible_[static_cast<std::size_t>(n - 1)]];
  return json_text(report::replay_json(r, true));
}

std::string FolderWatch::shown_pgn() const {
  std::string text;
  for (std::size_t i : visible_) text += format_pgn(records_[i]);
  return text;
}

std::string FolderWatch::state_json() const {
  boost::json::array live;
  for (const auto& [name, l] : live_) {
    boost::json::array players;
    for (const std::string& p : l.game.players) players.push_back(boost::json::string(p));
    live.push_back(boost::json::object{{"id", name},
                                       {"n", l.game.number},
                                       {"g", l.game.spec},
                                       {"p", std::move(players)},
                                       {"l", static_cast<std::int64_t>(l.game.actions.size())}});
  }
  boost::json::array held;  // what the page says of a watched game whose record is held back
  for (std::size_t i = 0, v = 0; i < records_.size(); ++i) {
    if (v < visible_.size() && visible_[v] == i) {
      ++v;
      continue;
    }
    held.push_back(boost::json::object{{"r", records_[i].round}, {"rn", static_cast<std::int64_t>(i + 1)}});
  }
  return json_text(boost::json::object{{"games", static_cast<std::int64_t>(visible_.size())},
                                       {"live", std::move(live)},
                                       {"held", std::move(held)}});
}

std::optional<std::string> FolderWatch::live_json(const std::string& name) {
  auto it = live_.find(name);
  if (it == live_.end()) return std::nullopt;
  if (it->second.json.empty()) it->second.json = json_text(spectator_replay(it->second.game));
  return it->second.json;
}

}  // namespace arena::serve
