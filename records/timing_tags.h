// The record tags that say what the machine did during a game (docs/records.md, "Timing
// tags"): the referee's own latency per decision, the time charged per move, the CPU pressure
// and whether a time forfeit was ruled under pressure. Written by the referee, read by
// `arena ratings` and the report; records without them read as "not measured".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "records/record.h"

namespace arena {

inline constexpr const char* kRefereeLatencyTag = "RefereeLatency";  // "p50=14us p99=52us max=310us n=57"
inline constexpr const char* kChargedTag = "ChargedUs";              // one number per timed action
inline constexpr const char* kClockTag = "Clock";                    // "cpu"; absent: wall time
inline constexpr const char* kCpuSourceTag = "CpuClockSource";       // with "cpu": "cgroup v2", "proc", ...
inline constexpr const char* kCpuPressureTag = "CpuPressure";        // "game=12% forfeit=41% threshold=25%"
inline constexpr const char* kPressureFlagTag = "TimeForfeitUnderPressure";  // the warning, when flagged

struct LatencySummary {
  std::int64_t p50_us = 0, p99_us = 0, max_us = 0;
  int decisions = 0;
};

// The tags' values as the referee writes them.
std::string latency_tag_text(const LatencySummary& s);
std::string pressure_flag_text(double forfeit_percent);  // "time forfeit under CPU pressure 41%: ..."

// What a record's timing tags say; each part empty when its tag is absent or unreadable.
struct RecordTiming {
  std::optional<LatencySummary> latency;
  std::vector<std::int64_t> charged_us;
  bool cpu_clock = false;
  std::string cpu_source;     // where the CPU clock read its figures (CpuClockSource)
  std::string pressure;       // the CpuPressure tag's text as written
  std::string pressure_flag;  // the warning when a time forfeit was ruled under pressure
};
RecordTiming record_timing(const GameRecord& r);
// The CPU pressure (percent) of a time forfeit flagged as ruled under pressure, -1 when the
// record has no such flag: what a tournament's journal keeps of the timing tags.
int forfeit_pressure(const GameRecord& r);

}  // namespace arena
