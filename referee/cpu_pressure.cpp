#include "referee/cpu_pressure.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace arena {

namespace {

std::string percent_text(double p) { return std::to_string(static_cast<int>(std::lround(p))) + "%"; }

// The pressure files, open for the process's life: a sample is one pread(2) instead of open,
// read and close. Shared by the referee's threads (pread has no file position to race on).
class OpenPressureFiles {
 public:
  int get(const std::string& path) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = fds_.find(path);
    if (it != fds_.end()) return it->second;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) fds_.emplace(path, fd);
    return fd;
  }
  // A read failed (a cgroup removed, say): the next sample opens the path again.
  void drop(const std::string& path) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = fds_.find(path);
    if (it == fds_.end()) return;
    ::close(it->second);
    fds_.erase(it);
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, int> fds_;
};

OpenPressureFiles& open_files() {
  static OpenPressureFiles files;
  return files;
}

// The latest sample this thread took, for the next game's start.
struct LastSample {
  std::string path;
  PressureSample sample;
};
thread_local LastSample last_sample;

// A game's start reuses a sample of the same file at most this old (the previous game's end
// on this loop): back-to-back games read the file once each, and a game's span starts at
// most this much early.
constexpr std::chrono::milliseconds kReuseAge{10};

}  // namespace

PressureSample sample_cpu_pressure(const std::string& path) {
  PressureSample s;
  if (path.empty()) return s;
  const int fd = open_files().get(path);
  if (fd < 0) return s;
  char buf[512];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  s.at = std::chrono::steady_clock::now();
  if (n <= 0) {
    open_files().drop(path);
    return s;
  }
  buf[n] = '\0';
  // "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345\nfull ..."
  if (std::strncmp(buf, "some ", 5) != 0) return s;
  const char* total = std::strstr(buf, "total=");
  const char* line_end = std::strchr(buf, '\n');
  if (!total || (line_end && total > line_end)) return s;
  total += 6;
  const auto [end, ec] = std::from_chars(total, buf + n, s.stall_us);
  s.ok = ec == std::errc() && end != total;
  if (s.ok) {
    last_sample.path = path;  // assigned, not rebuilt: the string keeps its buffer
    last_sample.sample = s;
  }
  return s;
}

PressureSample recent_cpu_pressure(const std::string& path) {
  const LastSample& last = last_sample;
  if (last.sample.ok && last.path == path && std::chrono::steady_clock::now() - last.sample.at <= kReuseAge)
    return last.sample;
  return sample_cpu_pressure(path);
}

double pressure_percent(const PressureSample& a, const PressureSample& b) {
  if (!a.ok || !b.ok) return -1;
  const auto span = std::chrono::duration_cast<std::chrono::microseconds>(b.at - a.at).count();
  if (span <= 0) return -1;
  const double stalled = b.stall_us >= a.stall_us ? static_cast<double>(b.stall_us - a.stall_us) : 0.0;
  return std::min(100.0, 100.0 * stalled / static_cast<double>(span));
}

void GamePressure::game_started() {
  start_ = latest_ = recent_cpu_pressure(path_);
  available_ = start_.ok;
}

double GamePressure::time_forfeit(bool may_flag) {
  if (!available_) return -1;
  const PressureSample now = sample_cpu_pressure(path_);
  forfeit_percent_ = pressure_percent(latest_, now);
  flagged_ = may_flag && forfeit_percent_ >= 0 && forfeit_percent_ >= threshold_;
  return forfeit_percent_;
}

std::string GamePressure::game_ended() {
  if (!available_) return "not available";
  const double game = pressure_percent(start_, sample_cpu_pressure(path_));
  std::string out = "game=" + (game < 0 ? std::string("?") : percent_text(game));
  if (forfeit_percent_ >= 0) out += " forfeit=" + percent_text(forfeit_percent_);
  out += " threshold=" + percent_text(threshold_);
  return out;
}

}  // namespace arena
