#include "process/cpu_cgroup.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <vector>

namespace arena {

namespace fs = std::filesystem;

namespace {

struct Place {
  CpuSource source;
  std::string dir;  // where this referee's bots' groups are made
  bool failed = false;
  bool swept = false;  // groups of referees that are gone removed
};

long fs_type(const std::string& dir) {
  struct statfs st {};
  return ::statfs(dir.c_str(), &st) == 0 ? static_cast<long>(st.f_type) : 0;
}

// This process's own group in the v2 hierarchy ("0::PATH") or in the v1 hierarchy whose
// controllers include `controller`; "" when not listed.
std::string own_group(const std::string& controller) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string list = "," + line.substr(a + 1, b - a - 1) + ",";
    if (controller.empty() ? list == ",," : list.find("," + controller + ",") != std::string::npos)
      return line.substr(b + 1);
  }
  return "";
}

// Below this process's own group where that folder is there (in a container the mount may
// show only part of the tree), else at the mount's root.
std::string below_own_group(const std::string& mount, const std::string& own) {
  std::error_code ec;
  if (!own.empty() && own != "/" && fs::is_directory(mount + own, ec)) return mount + own;
  return mount;
}

std::vector<Place> find_places() {
  std::vector<Place> places;
  if (const char* chosen = std::getenv("ARENA_CGROUP"); chosen && *chosen) {
    const std::string dir = chosen;
    if (dir == "none") return places;
    std::error_code ec;
    if (fs_type(dir) == CGROUP2_SUPER_MAGIC)
      places.push_back({CpuSource::kCgroupV2, dir});
    else if (fs_type(dir) == CGROUP_SUPER_MAGIC && fs::exists(dir + "/cpuacct.usage", ec))
      places.push_back({CpuSource::kCgroupV1, dir});
    return places;
  }
  const std::string v2 = own_group("");
  for (const char* mount : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"})
    if (fs_type(mount) == CGROUP2_SUPER_MAGIC) {
      places.push_back({CpuSource::kCgroupV2, below_own_group(mount, v2)});
      break;
    }
  const std::string v1 = own_group("cpuacct");
  for (const char* mount :
       {"/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpuacct,cpu"}) {
    std::error_code ec;
    if (fs_type(mount) == CGROUP_SUPER_MAGIC && fs::exists(std::string(mount) + "/cpuacct.usage", ec)) {
      places.push_back({CpuSource::kCgroupV1, below_own_group(mount, v1)});
      break;
    }
  }
  return places;
}

std::vector<pid_t> members(const std::string& dir) {
  std::vector<pid_t> pids;
  std::ifstream in(dir + "/cgroup.procs");
  for (long pid = 0; in >> pid;) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

bool write_text(const std::string& path, const char* text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text, std::strlen(text)) == static_cast<ssize_t>(std::strlen(text));
  ::close(fd);
  return ok;
}

// Groups "arena-<pid>-<n>" in `dir` whose referee is gone: a referee killed with SIGKILL could
// not remove its own. Whatever still runs in them is killed first.
void remove_stale_groups(const std::string& dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("arena-", 0) != 0) continue;
    char* rest = nullptr;
    const long pid = std::strtol(name.c_str() + 6, &rest, 10);
    if (pid <= 0 || !rest || *rest != '-') continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    for (pid_t p : members(it->path().string())) ::kill(p, SIGKILL);
    ::rmdir(it->path().c_str());  // if a process is still exiting, the next referee removes it
  }
}

std::mutex places_lock;

// The folder to make the next group in, with its source; false when there is none. Marks
// the places where a group could not be made, so each is tried once per referee.
bool make_group_dir(CpuSource& source, std::string& path) {
  static std::vector<Place> places = find_places();
  static std::atomic<unsigned> next{0};
  std::lock_guard<std::mutex> hold(places_lock);
  for (Place& p : places) {
    if (p.failed) continue;
    if (!p.swept) {
      remove_stale_groups(p.dir);
      p.swept = true;
    }
    path = p.dir + "/arena-" + std::to_string(::getpid()) + "-" + std::to_string(next++);
    if (::mkdir(path.c_str(), 0755) == 0) {
      source = p.source;
      return true;
    }
    p.failed = true;
  }
  return false;
}

}  // namespace

std::unique_ptr<CpuCgroup> CpuCgroup::make() {
  CpuSource source = CpuSource::kProc;
  std::string path;
  if (!make_group_dir(source, path)) return nullptr;
  std::unique_ptr<CpuCgroup> group(new CpuCgroup(source, path));
  if (group->procs_fd_ < 0 || group->usage_fd_ < 0) return nullptr;  // removed by its destructor
  return group;
}

CpuCgroup::CpuCgroup(CpuSource source, std::string path) : source_(source), path_(std::move(path)) {
  procs_fd_ = ::open((path_ + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
  const char* usage = source_ == CpuSource::kCgroupV2 ? "/cpu.stat" : "/cpuacct.usage";
  usage_fd_ = ::open((path_ + usage).c_str(), O_RDONLY | O_CLOEXEC);
}

CpuCgroup::~CpuCgroup() {
  close_join_fd();
  for (int tries = 0; !kill_and_remove() && tries < 1000; ++tries) ::usleep(1000);
  if (usage_fd_ >= 0) ::close(usage_fd_);
}

void CpuCgroup::close_join_fd() {
  if (procs_fd_ >= 0) ::close(procs_fd_);
  procs_fd_ = -1;
}

std::int64_t CpuCgroup::read_us() {
  char buf[512];
  const ssize_t n = ::pread(usage_fd_, buf, sizeof buf - 1, 0);
  if (n <= 0) return last_us_;  // removed (ENODEV) after the bot ended
  buf[n] = '\0';
  std::int64_t value = 0;
  if (source_ == CpuSource::kCgroupV1) {  // nanoseconds
    std::from_chars(buf, buf + n, value);
    value /= 1000;
  } else if (const char* at = std::strstr(buf, "usage_usec ")) {  // the first line of cpu.stat
    std::from_chars(at + 11, buf + n, value);
  }
  if (value > last_us_) last_us_ = value;
  return last_us_;
}

bool CpuCgroup::holds(pid_t pid) const {
  for (pid_t p : members(path_))
    if (p == pid) return true;
  return false;
}

void CpuCgroup::kill_members() const {
  if (source_ == CpuSource::kCgroupV2 && write_text(path_ + "/cgroup.kill", "1")) return;
  // No cgroup.kill (cgroup v1, kernels before 5.14): each member, again while one forks.
  for (int round = 0; round < 100; ++round) {
    const std::vector<pid_t> pids = members(path_);
    if (pids.empty()) return;
    for (pid_t p : pids) ::kill(p, SIGKILL);
  }
}

bool CpuCgroup::kill_and_remove() {
  if (removed_) return true;
  kill_members();
  if (::rmdir(path_.c_str()) == 0 || errno == ENOENT) removed_ = true;
  return removed_;
}

}  // namespace arena
