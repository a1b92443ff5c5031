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
    : games_(std::move(games)),
      files_(games_.size(), kNotOpen),
      earlier_(std::move(earlier)),
      played_(games_.size(), 0) {
  const std::string live = folder(dir);
  make_own_folder(live);
  write_held();  // before the gone owners' lists go: a deal held there stays held
  remove_gone_owners(live);
}

// The folder goes with its games, unless it holds back records of deals still to be played
// (a run stopped midway): then its held list stays, unlocked, until a run plays the rest.
LiveGames::~LiveGames() {
  for (std::size_t job = 0; job < files_.size(); ++job) finished(job, false);
  std::error_code ec;
  if (!fs::exists(held_file(folder_), ec)) fs::remove_all(folder_, ec);
  if (lock_ >= 0) ::close(lock_);
}

// The finished games (earlier ones and this run's) sharing a seed with a job not played yet,
// written whole through a temporary file: a reader never sees half a list. No list: no file.
void LiveGames::write_held() {
  std::vector<std::uint64_t> pending;
  for (std::size_t j = 0; j < games_.size(); ++j)
    if (!played_[j]) pending.push_back(games_[j].seed);
  auto open_deal = [&](std::uint64_t seed) {
    return std::find(pending.begin(), pending.end(), seed) != pending.end();
  };
  std::string text;
  for (const Earlier& e : earlier_)
    if (open_deal(e.seed)) text += e.round + "\n";
  for (std::size_t j = 0; j < games_.size(); ++j)
    if (played_[j] && open_deal(games_[j].seed)) text += games_[j].round + "\n";
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
  if (job >= files_.size()) return;
  int& fd = files_[job];
  if (fd == kNotOpen) fd = open_file(games_[job]);
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
  if (job >= files_.size()) return;
  if (files_[job] != kNotOpen) {
    if (files_[job] >= 0) ::close(files_[job]);
    files_[job] = kNotOpen;
    std::error_code ec;
    fs::remove(path(games_[job]), ec);
  }
  if (played) {
    std::lock_guard<std::mutex> lock(held_mutex_);
    played_[job] = 1;
    write_held();
  }
}

}  // namespace arena
