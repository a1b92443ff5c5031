#include "serve/routes.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "report/page_html.h"

namespace arena::serve {

namespace {

Reply not_found() { return Reply{404, "text/plain; charset=utf-8", "not found\n"}; }
Reply forbidden() { return Reply{403, "text/plain; charset=utf-8", "forbidden\n"}; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A live game's id as LiveGames names them: letters, digits and '-'.
bool plain_name(std::string_view s) {
  return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// One of kServedFiles, read only when it is a regular file of the folder itself with a single
// link: opened without following a symlink (one pointing anywhere is refused), and a second link
// means a hard link that may lead out of the folder (`ln /outside/secret DIR/faults.txt`).
Reply served_file(const FolderWatch& folder, const std::string& name) {
  if (std::find(std::begin(kServedFiles), std::end(kServedFiles), name) == std::end(kServedFiles))
    return not_found();
  const int dir = ::open(folder.dir().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return not_found();
  const int fd = ::openat(dir, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  ::close(dir);
  if (fd < 0) return errno == ELOOP ? forbidden() : not_found();
  struct stat st {};
  const bool plain = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (!plain || st.st_nlink != 1) {
    ::close(fd);
    return plain ? forbidden() : not_found();
  }
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t done = 0;
  for (ssize_t n; done < text.size() && (n = ::read(fd, text.data() + done, text.size() - done)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  text.resize(done);
  const bool html = name.ends_with(".html");
  return Reply{200, html ? "text/html; charset=utf-8" : "text/plain; charset=utf-8", std::move(text)};
}

std::optional<Reply> json_or_404(const std::optional<std::string>& body) {
  if (!body) return not_found();
  return Reply{200, "application/json", *body};
}

}  // namespace

std::optional<std::string> decoded_path(std::string_view target) {
  if (target.empty() || target[0] != '/') return std::nullopt;  // absolute or authority form
  target = target.substr(0, target.find_first_of("?#"));
  std::string path;
  for (std::size_t i = 0; i < target.size(); ++i) {
    char c = target[i];
    if (c == '%') {
      const int hi = i + 2 < target.size() ? hex_digit(target[i + 1]) : -1;
      const int lo = hi >= 0 ? hex_digit(target[i + 2]) : -1;
      if (lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\0' || c == '\\') return std::nullopt;
    path += c;
  }
  if (path.find("..") != std::string::npos || path.find("//") != std::string::npos) return std::nullopt;
  return path;
}

std::string live_page(FolderWatch& folder) {
  return report::page_html("Arena live",
                           report::json_element("arena-data", folder.data_json()) +
                               report::json_element("arena-live-state", folder.state_json()),
                           true);
}

std::optional<Reply> route(FolderWatch& folder, std::string_view target) {
  const std::optional<std::string> path = decoded_path(target);
  if (!path) return forbidden();
  const std::string& p = *path;
  if (p == "/" || p == "/index.html") return Reply{200, "text/html; charset=utf-8", live_page(folder)};
  if (p == "/events") return std::nullopt;
  if (p == "/api/state") return Reply{200, "application/json", folder.state_json()};
  if (p == "/api/data") return Reply{200, "application/json", folder.data_json()};
  if (p.starts_with("/api/replay/")) {
    const std::string n = p.substr(12);
    if (n.empty() || n.size() > 9 || !std::all_of(n.begin(), n.end(), ::isdigit)) return not_found();
    return json_or_404(folder.replay_json(std::stoi(n)));
  }
  if (p.starts_with("/api/live/")) {
    const std::string name = p.substr(10);
    if (!plain_name(name)) return not_found();
    return json_or_404(folder.live_json(name));
  }
  if (p.starts_with("/files/")) {
    const std::string name = p.substr(7);
    if (name.find('/') != std::string::npos) return forbidden();
    // The records the page shows, never the file: it may hold a record the journal does not
    // count yet, or one whose deal a game still replays.
    if (name == "games.pgn") {
      std::optional<std::string> pgn = folder.shown_pgn();
      if (!pgn) return Reply{503, "text/plain; charset=utf-8", "the records cannot be read now; try again\n"};
      return Reply{200, "text/plain; charset=utf-8", std::move(*pgn)};
    }
    return served_file(folder, name);
  }
  return not_found();
}

}  // namespace arena::serve
