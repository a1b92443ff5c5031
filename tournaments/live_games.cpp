#include "tournaments/live_games.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>

#include "process/lock_probe.h"

namespace arena {

namespace fs = std::filesystem;

namespace {

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

constexpr int kNotOpen = -1, kDone = -2;

// The live file's format, as open_file writes it and parse_file reads it.
constexpr const char* kMagic = "arena-live 1";
constexpr const char* kActions = "actions";

}  // namespace

std::string LiveGames::folder(const std::string& dir) { return (fs::path(dir) / "live").string(); }

std::string LiveGames::held_file(const std::string& owner_folder) {
  return (fs::path(owner_folder) / "held.txt").string();
}

namespace {

// A write lock on the whole of `fd`'s file, tied to this open file description (F_OFD_*): it
// ends when the owner closes it or dies, and a lock taken or tested by anyone else, in this
// process or another, never disturbs it.
bool take_lock(int fd) {
  struct flock whole {};
  whole.l_type = F_WRLCK;
  whole.l_whence = SEEK_SET;
  return ::fcntl(fd, F_OFD_SETLK, &whole) == 0;
}

// "host-pid-random": unique across machines sharing the folder and across a pid reused; plain
// characters only.
std::string owner_name() {
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  std::string name;
  for (const char* c = host; *c; ++c) name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '-';
  std::random_device random;
  char tail[32];
  std::snprintf(tail, sizeof tail, "-%ld-%08x", static_cast<long>(::getpid()), random());
  return (name.empty() ? "host" : name) + tail;
}

}  // namespace

bool LiveGames::owner_alive(const std::string& owner_folder) {
  return write_lock_held((fs::path(owner_folder) / "lock").string());
}

// Made under a hidden name (".OWNER", which nobody else reads or removes), locked, then renamed:
// another process never finds this folder with its lock not yet taken.
void LiveGames::make_own_folder(const std::string& live) {
  const std::string name = owner_name();
  const fs::path hidden = fs::path(live) / ("." + name);
  std::error_code ec;
  fs::create_directories(hidden, ec);
  lock_ = ::open((hidden / "lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock_ >= 0 && !take_lock(lock_)) {
    ::close(lock_);
    lock_ = -1;
  }
  folder_ = (fs::path(live) / name).string();
  fs::rename(hidden, folder_, ec);
  if (ec) fs::remove_all(hidden, ec);  // no live files then: serve shows none of this run's games
}

// The folders of owners that are gone; a lock taken here fails while the owner lives. Files
// of older runs directly in DIR/live/ go too.
void LiveGames::remove_gone_owners(const std::string& live) const {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(live, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(".") || entry.path().string() == folder_) continue;
    std::error_code e;
    if (!entry.is_directory(e)) {
      fs::remove(entry.path(), e);
      continue;
    }
    const int fd = ::open((entry.path() / "lock").c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0 && errno != ENOENT) continue;
    if (fd < 0 || take_lock(fd)) fs::remove_all(entry.path(), e);
    if (fd >= 0) ::close(fd);
  }
}

LiveGames::LiveGames(const std::string& dir, std::vector<Game> games, std::vector<Earlier> earlier)
    : earlier_(std::move(earlier)) {
  for (std::size_t job = 0; job < games.size(); ++job) entries_.emplace(job, Entry{std::move(games[job])});
  const std::string live = folder(dir);
  make_own_folder(live);
  write_held();  // before the gone owners' lists go: a deal held there stays held
  remove_gone_owners(live);
}

// The folder goes with its games, unless it holds back records of deals still to be played
// (a run stopped midway): then its held list stays, unlocked, until a run plays the rest.
LiveGames::~LiveGames() {
  std::vector<std::size_t> jobs;
  for (const auto& [job, entry] : entries_) jobs.push_back(job);
  for (std::size_t job : jobs) finished(job, false);
  std::error_code ec;
  if (!fs::exists(held_file(folder_), ec)) fs::remove_all(folder_, ec);
  if (lock_ >= 0) ::close(lock_);
}

void LiveGames::add(std::size_t job, Game game) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::uint64_t seed = game.seed;
  entries_.emplace(job, Entry{std::move(game)});
  // Only a deal that has finished games (earlier or played) changes the list.
  bool holds =
      std::any_of(earlier_.begin(), earlier_.end(), [&](const Earlier& e) { return e.seed == seed; });
  for (const auto& [j, e] : entries_) holds = holds || (e.played && e.game.seed == seed);
  if (holds) write_held();
}

void LiveGames::add_earlier(std::vector<Earlier> earlier) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (Earlier& e : earlier) earlier_.push_back(std::move(e));
}

void LiveGames::forget(std::size_t job) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(job);
  if (it != entries_.end() && it->second.fd == kNotOpen && !it->second.played) entries_.erase(it);
}

// Played games whose deal no game to come shares, and earlier ones likewise, go: a list
// that only grows would make every finish cost the whole run so far.
void LiveGames::drop_closed_deals() {
  std::unordered_set<std::uint64_t> open;
  for (const auto& [job, e] : entries_)
    if (!e.played) open.insert(e.game.seed);
  std::erase_if(entries_,
                [&](const auto& kv) { return kv.second.played && !open.count(kv.second.game.seed); });
  std::erase_if(earlier_, [&](const Earlier& e) { return !open.count(e.seed); });
}

// The finished games (earlier ones and this run's) sharing a seed with a job not played yet,
// written whole through a temporary file: a reader never sees half a list. No list: no file.
// The caller holds mutex_ (or is the constructor).
void LiveGames::write_held() {
  std::unordered_set<std::uint64_t> pending;
  for (const auto& [job, e] : entries_)
    if (!e.played) pending.insert(e.game.seed);
  std::vector<std::pair<std::size_t, const std::string*>> played;  // in job order: a stable list
  for (const auto& [job, e] : entries_)
    if (e.played && pending.count(e.game.seed)) played.emplace_back(job, &e.game.round);
  std::sort(played.begin(), played.end());
  std::string text;
  for (const Earlier& e : earlier_)
    if (pending.count(e.seed)) text += e.round + "\n";
  for (const auto& [job, round] : played) text += *round + "\n";
  const std::string held = held_file(folder_);
  std::error_code ec;
  if (text.empty()) {
    fs::remove(held, ec);
    return;
  }
  const std::string temporary = held + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return;
  const bool ok = write_all(fd, text);
  ::close(fd);
  if (ok) fs::rename(temporary, held, ec);
  if (!ok || ec) fs::remove(temporary, ec);
}

std::string LiveGames::path(const Game& game) const {
  return (fs::path(folder_) / (game.name + ".live")).string();
}

int LiveGames::open_file(const Game& game) {
  const int fd = ::open(path(game).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return kDone;
  std::string head = std::string(kMagic) + "\nnumber " + std::to_string(game.number) + "\npid " +
                     std::to_string(::getpid()) + "\nspec " + game.spec + "\n";
  for (std::size_t s = 0; s < game.players.size(); ++s)
    head += "seat " + std::to_string(s + 1) + " " + game.players[s] + "\n";
  head += std::string(kActions) + "\n";
  if (write_all(fd, head)) return fd;
  ::close(fd);
  return kDone;
}

void LiveGames::action(std::size_t job, const WatchedAction& action) {
  Entry* entry = nullptr;
  {
    // An unordered_map's elements stay where they are while others come and go; this
    // job's entry goes only in finished(), on this thread.
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = entries_.find(job);
    if (it == entries_.end()) return;
    entry = &it->second;
    if (entry->fd == kNotOpen) entry->fd = open_file(entry->game);
  }
  int& fd = entry->fd;
  if (fd < 0 || action.text.empty()) return;  // the start: the header says it
  // One writev per action, "<actor> <text>\n", nothing allocated.
  char actor[16];
  const int n = std::snprintf(actor, sizeof actor, "%d ", action.actor);
  char newline = '\n';
  iovec parts[3] = {{actor, static_cast<std::size_t>(n)},
                    {const_cast<char*>(action.text.data()), action.text.size()},
                    {&newline, 1}};
  const ssize_t wanted = n + static_cast<ssize_t>(action.text.size()) + 1;
  if (::writev(fd, parts, 3) != wanted) {  // a full disk: this game's live file stops here
    ::close(fd);
    fd = kDone;
  }
}

// The live file goes before the held list changes: a reader never sees the game in play with
// the records of its deal released.
void LiveGames::finished(std::size_t job, bool played) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = entries_.find(job);
  if (it == entries_.end()) return;
  Entry& e = it->second;
  if (e.fd != kNotOpen) {
    if (e.fd >= 0) ::close(e.fd);
    e.fd = kNotOpen;
    std::error_code ec;
    fs::remove(path(e.game), ec);
  }
  if (played) {
    e.played = true;
    write_held();
    drop_closed_deals();
  }
}

// Reading (arena serve).

namespace {

// "key rest of line" of a header line.
bool header_line(const std::string& line, const char* key, std::string& rest) {
  const std::size_t n = std::char_traits<char>::length(key);
  if (line.compare(0, n, key) != 0 || line.size() <= n || line[n] != ' ') return false;
  rest = line.substr(n + 1);
  return true;
}

// One action line, "<actor> <text>"; false when it is not one.
bool action_line(const std::string& line, RecordedAction& out) {
  const std::size_t space = line.find(' ');
  if (space == std::string::npos || space == 0 || space + 1 >= line.size()) return false;
  try {
    out = RecordedAction{std::stoi(line.substr(0, space)), line.substr(space + 1), -1};
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

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

}  // namespace

std::optional<LiveGames::File> LiveGames::parse_file(const std::string& name, const std::string& text) {
  const std::string magic = std::string(kMagic) + "\n";
  const std::size_t complete = text.rfind('\n');
  if (text.compare(0, magic.size(), magic) != 0 || complete == std::string::npos) return std::nullopt;
  std::istringstream in(text.substr(0, complete + 1));
  File f;
  f.name = name;
  bool in_actions = false;
  for (std::string line, rest; std::getline(in, line);) {
    RecordedAction action;
    if (in_actions) {
      if (!action_line(line, action)) break;
      f.actions.push_back(std::move(action));
    } else if (line == kActions) {
      in_actions = true;
    } else if (header_line(line, "number", rest)) {
      f.number = std::atoi(rest.c_str());
    } else if (header_line(line, "pid", rest)) {
      f.pid = std::atol(rest.c_str());
    } else if (header_line(line, "spec", rest)) {
      f.spec = rest;
    } else if (header_line(line, "seat", rest)) {
      const std::size_t space = rest.find(' ');
      if (space != std::string::npos) f.players.push_back(rest.substr(space + 1));
    }
  }
  if (!in_actions || f.spec.empty()) return std::nullopt;
  return f;
}

// Owner folders in name order; a hidden one (".OWNER") is still being made (make_own_folder).
std::vector<std::pair<std::string, std::string>> LiveGames::files_in_play(const std::string& dir) {
  std::vector<fs::path> owners;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder(dir), ec)) {
    std::error_code e;
    if (entry.is_directory(e) && !entry.path().filename().string().starts_with("."))
      owners.push_back(entry.path());
  }
  std::sort(owners.begin(), owners.end());
  std::map<std::string, std::string> files;
  for (const fs::path& owner : owners) {
    if (!owner_alive(owner.string())) continue;  // killed with -9: its files are no games in play
    for (const auto& entry : fs::directory_iterator(owner, ec)) {
      std::error_code e;
      if (entry.path().extension() == ".live" && entry.is_regular_file(e))
        files.emplace(entry.path().stem().string(), entry.path().string());
    }
  }
  return {files.begin(), files.end()};
}

std::optional<std::string> LiveGames::read_held_lists(const std::string& dir, bool& live_seen,
                                                      std::string& why) {
  const fs::path live = folder(dir);
  std::error_code ec;
  fs::directory_iterator it(live, ec);
  if (ec == std::errc::no_such_file_or_directory && !live_seen) return std::string();  // no run yet
  std::string text;
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code e;
    const bool is_folder = it->is_directory(e);
    if (e == std::errc::no_such_file_or_directory) continue;  // its run ended meanwhile
    if (e) {
      why = "cannot read " + it->path().string() + ": " + e.message();
      return std::nullopt;
    }
    if (!is_folder || it->path().filename().string().starts_with(".")) continue;
    const std::string path = held_file(it->path().string());
    std::string one;
    if (const int error = read_whole(path, one); error == ENOENT) {
      continue;
    } else if (error != 0) {
      why = "cannot read " + path + ": " + std::strerror(error);
      return std::nullopt;
    }
    if (!one.empty() && one.back() != '\n') {
      why = path + ": cut short";
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

}  // namespace arena
