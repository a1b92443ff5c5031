#include "tournaments/live_games.h"

#include <fcntl.h>
#include <unistd.h>

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

}  // namespace

std::string LiveGames::folder(const std::string& dir) { return (fs::path(dir) / "live").string(); }

LiveGames::LiveGames(const std::string& dir) : folder_(folder(dir)) {
  std::error_code ec;
  fs::remove_all(folder_, ec);
  fs::create_directories(folder_, ec);
}

LiveGames::~LiveGames() {
  for (const auto& [name, fd] : files_) {
    if (fd >= 0) ::close(fd);
    std::error_code ec;
    fs::remove(fs::path(folder_) / (name + ".live"), ec);
  }
}

int LiveGames::open_file(const Game& game) {
  const std::string path = (fs::path(folder_) / (game.name + ".live")).string();
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return -1;
  std::string head = "arena-live 1\nnumber " + std::to_string(game.number) + "\npid " +
                     std::to_string(::getpid()) + "\nspec " + game.spec + "\n";
  for (std::size_t s = 0; s < game.players.size(); ++s)
    head += "seat " + std::to_string(s + 1) + " " + game.players[s] + "\n";
  head += "actions\n";
  if (write_all(fd, head)) return fd;
  ::close(fd);
  return -1;
}

void LiveGames::action(const Game& game, const WatchedAction& action) {
  int fd;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = files_.find(game.name);
    if (it == files_.end()) it = files_.emplace(game.name, open_file(game)).first;
    fd = it->second;
  }
  if (fd < 0 || action.text.empty()) return;  // the start: the header says it
  // One write per action: "<actor> <text>\n".
  if (!write_all(fd, std::to_string(action.actor) + " " + action.text + "\n")) {
    std::lock_guard<std::mutex> lock(mutex_);
    ::close(fd);
    files_[game.name] = -1;
  }
}

void LiveGames::finished(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = files_.find(name);
  if (it == files_.end()) return;
  if (it->second >= 0) ::close(it->second);
  files_.erase(it);
  std::error_code ec;
  fs::remove(fs::path(folder_) / (name + ".live"), ec);
}

}  // namespace arena
