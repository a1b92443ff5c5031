#include "process/scratch_dir.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

namespace arena {

namespace fs = std::filesystem;

std::string make_scratch_dir(const std::string& root, std::string& error) {
  std::error_code ec;
  fs::path base = !root.empty() ? fs::path(root) : fs::path(run_scratch_root());
  if (base.empty()) base = fs::temp_directory_path(ec);
  if (ec) base = "/tmp";
  fs::create_directories(base, ec);
  std::string templ = (base / "arena-bot-XXXXXX").string();
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!::mkdtemp(buf.data())) {
    error = "cannot create a scratch folder under '" + base.string() + "': " + std::strerror(errno);
    return "";
  }
  return fs::canonical(buf.data(), ec).string();
}

namespace {

// Gives every folder below `dir` (not following symbolic links) its owner's rwx back.
void restore_permissions(const fs::path& dir) {
  ::chmod(dir.c_str(), S_IRWXU);
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code st_ec;
    if (it->is_directory(st_ec) && !it->is_symlink(st_ec)) restore_permissions(it->path());
  }
}

}  // namespace

namespace {

fs::path temp_folder() {
  std::error_code ec;
  fs::path t = fs::temp_directory_path(ec);
  return ec ? fs::path("/tmp") : t;
}

// "arena-run-<pid>" folders of processes that no longer exist.
void remove_stale_run_roots(const fs::path& temp) {
  std::error_code ec;
  for (fs::directory_iterator it(temp, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("arena-run-", 0) != 0) continue;
    char* rest = nullptr;
    const long pid = std::strtol(name.c_str() + 10, &rest, 10);
    if (pid <= 0 || (rest && *rest)) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    remove_scratch_dir(it->path().string());
  }
}

struct RunRoot {
  std::string path;
  RunRoot() {
    const fs::path temp = temp_folder();
    remove_stale_run_roots(temp);
    const std::string p = run_scratch_root_of(::getpid());
    std::error_code ec;
    fs::create_directories(p, ec);
    if (!ec) path = p;
  }
  ~RunRoot() { remove_scratch_dir(path); }
};

}  // namespace

std::string run_scratch_root_of(long pid) {
  return (temp_folder() / ("arena-run-" + std::to_string(pid))).string();
}

std::string run_scratch_root() {
  static RunRoot root;  // made once, removed at exit
  return root.path;
}

bool remove_scratch_dir(const std::string& path) {
  if (path.empty()) return true;
  std::error_code ec;
  fs::remove_all(path, ec);
  if (!ec && !fs::exists(path, ec)) return true;
  restore_permissions(path);
  ec.clear();
  fs::remove_all(path, ec);
  return !fs::exists(path, ec);
}

}  // namespace arena
