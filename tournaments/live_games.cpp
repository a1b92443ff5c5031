#include "tournaments/live_games.h"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>

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

std::string LiveGames::held_file(const std::string& dir) {
  return (fs::path(folder(dir)) / "held.txt").string();
}

LiveGames::LiveGames(const std::string& dir, std::vector<Game> games, std::vector<Earlier> earlier)
    : folder_(folder(dir)),
      games_(std::move(games)),
      files_(games_.size(), kNotOpen),
      earlier_(std::move(earlier)),
      played_(games_.size(), 0) {
  std::error_code ec;
  fs::remove_all(folder_, ec);
  fs::create_directories(folder_, ec);
  write_held();
}

LiveGames::~LiveGames() {
  for (std::size_t job = 0; job < files_.size(); ++job) finished(job, false);
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
  const std::string held = (fs::path(folder_) / "held.txt").string();
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
