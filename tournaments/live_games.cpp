#include "tournaments/live_games.h"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <random>
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
  std::string head = "arena-live 1\nnumber " + std::to_string(game.number) + "\npid " +
                     std::to_string(::getpid()) + "\nspec " + game.spec + "\n";
  for (std::size_t s = 0; s < game.players.size(); ++s)
    head += "seat " + std::to_string(s + 1) + " " + game.players[s] + "\n";
  head += "actions\n";
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

}  // namespace arena
