// CPU pressure during a game, from Linux's pressure stall information (PSI): the file
// /proc/pressure/cpu (or a cgroup's cpu.pressure) counts in "some ... total=N" the
// microseconds during which at least one runnable task waited for a CPU. The share of a span
// of time spent so is the pressure over it: near 0% on a machine with room, near 100% when
// every core is taken and tasks queue. A time forfeit ruled while it was high may be the
// machine's fault rather than the bot's (docs/referee.md, "CPU pressure").
//
// Cheap by design: the file is read when a game ends, when it starts unless this thread read
// it at most 10 ms before (the previous game's end), at a time forfeit, and at the start of a
// decision only if the game's last read is a second old or more; never once per ply. The
// file stays open: a read is one pread(2).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace arena {

struct PressureSample {
  bool ok = false;  // false: no such file (kernel without PSI) or not readable
  std::chrono::steady_clock::time_point at;
  std::uint64_t stall_us = 0;  // "some" total
};

// Reads the "some" line's total from `path`.
PressureSample sample_cpu_pressure(const std::string& path);

// This thread's latest sample of `path` if it is at most 10 ms old, else a new one.
PressureSample recent_cpu_pressure(const std::string& path);

// The share of time between `a` and `b` (in percent) during which some task waited for a
// CPU; -1 when either sample failed or no time passed.
double pressure_percent(const PressureSample& a, const PressureSample& b);

// One game's pressure: over the whole game, and over a forfeited decision.
class GamePressure {
 public:
  using Clock = std::chrono::steady_clock;
  GamePressure(const std::string& path, double threshold_percent)
      : path_(path), threshold_(threshold_percent) {}
  void game_started();
  // At every decision's start, after the request went out: reads the file only when the
  // latest read is a second old or more, so a slow decision's pressure is measured from near
  // its start and a fast game reads nothing.
  void decision_started(Clock::time_point now) {
    if (available_ && now - latest_.at >= std::chrono::seconds(1)) latest_ = sample_cpu_pressure(path_);
  }
  // At a time forfeit: the pressure since the latest read before the forfeited decision began,
  // and whether it reached the threshold (only if `may_flag`: a forfeit on the CPU clock is
  // the bot's own CPU, whatever the machine did). Returns the percent (-1: not available).
  double time_forfeit(bool may_flag);
  bool flagged() const { return flagged_; }
  double forfeit_percent() const { return forfeit_percent_; }
  // The CpuPressure tag: "game=12% threshold=25%", with " forfeit=41%" after a time forfeit,
  // or "not available". Reads the file once more (the game's end).
  std::string game_ended();

 private:
  std::string path_;
  double threshold_;
  bool available_ = false;
  PressureSample start_, latest_;
  double forfeit_percent_ = -1;
  bool flagged_ = false;
};

}  // namespace arena
