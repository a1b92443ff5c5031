#include "records/timing_tags.h"

#include <charconv>
#include <cmath>

namespace arena {

namespace {

const std::string* tag_value(const GameRecord& r, const char* name) {
  for (const auto& [n, v] : r.extra_tags)
    if (n == name) return &v;
  return nullptr;
}

// The number after "key=" in `text` (before an optional unit), if there is one.
std::optional<std::int64_t> field(const std::string& text, const std::string& key) {
  const std::size_t at = text.find(key + "=");
  if (at == std::string::npos) return std::nullopt;
  const char* from = text.data() + at + key.size() + 1;
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(from, text.data() + text.size(), v);
  if (ec != std::errc() || end == from) return std::nullopt;
  return v;
}

}  // namespace

std::string latency_tag_text(const LatencySummary& s) {
  return "p50=" + std::to_string(s.p50_us) + "us p99=" + std::to_string(s.p99_us) +
         "us max=" + std::to_string(s.max_us) + "us n=" + std::to_string(s.decisions);
}

std::string pressure_flag_text(double forfeit_percent) {
  return "time forfeit under CPU pressure " + std::to_string(static_cast<int>(std::lround(forfeit_percent))) +
         "%: the machine may be to blame";
}

RecordTiming record_timing(const GameRecord& r) {
  RecordTiming t;
  if (const std::string* v = tag_value(r, kRefereeLatencyTag)) {
    const auto p50 = field(*v, "p50"), p99 = field(*v, "p99"), max = field(*v, "max"), n = field(*v, "n");
    if (p50 && p99 && max && n) t.latency = LatencySummary{*p50, *p99, *max, static_cast<int>(*n)};
  }
  if (const std::string* v = tag_value(r, kChargedTag)) {
    const char* p = v->data();
    const char* end = v->data() + v->size();
    while (p < end) {
      while (p < end && *p == ' ') ++p;
      std::int64_t x = 0;
      const auto [next, ec] = std::from_chars(p, end, x);
      if (ec != std::errc()) break;
      t.charged_us.push_back(x);
      p = next;
    }
  }
  if (const std::string* v = tag_value(r, kClockTag)) t.cpu_clock = *v == "cpu";
  if (const std::string* v = tag_value(r, kCpuSourceTag)) t.cpu_source = *v;
  if (const std::string* v = tag_value(r, kCpuPressureTag)) t.pressure = *v;
  if (const std::string* v = tag_value(r, kPressureFlagTag)) t.pressure_flag = *v;
  return t;
}

int forfeit_pressure(const GameRecord& r) {
  const std::string* flag = tag_value(r, kPressureFlagTag);
  if (!flag) return -1;
  const std::string_view words = "under CPU pressure ";
  const std::size_t at = flag->find(words);
  int percent = -1;
  if (at != std::string::npos)
    std::from_chars(flag->data() + at + words.size(), flag->data() + flag->size(), percent);
  return percent >= 0 ? percent : -1;
}

}  // namespace arena
