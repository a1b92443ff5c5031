#include "ratings/fault_timing.h"

#include <algorithm>
#include <map>

#include "records/termination.h"
#include "records/timing_tags.h"

namespace arena {

namespace {

struct BotFaults {
  std::map<std::string, int> kinds;
  int under_pressure = 0;
};

std::string game_label(const GameRecord& r, std::size_t index) {
  return "game " + std::to_string(index + 1) + (r.round.empty() ? "" : " (round " + r.round + ")");
}

// p50: the median of the games' medians; p99 and max: the worst game's.
std::string latency_line(std::vector<LatencySummary> games) {
  if (games.empty()) return "";
  std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.p50_us < b.p50_us; });
  const std::int64_t p50 = games[(games.size() - 1) / 2].p50_us;
  std::int64_t p99 = 0, max = 0;
  long long decisions = 0;
  for (const LatencySummary& g : games) {
    p99 = std::max(p99, g.p99_us);
    max = std::max(max, g.max_us);
    decisions += g.decisions;
  }
  return "Referee latency per decision (move read to next request written): p50 " + std::to_string(p50) +
         " us (median game), p99 " + std::to_string(p99) + " us, max " + std::to_string(max) +
         " us (worst game); " + std::to_string(decisions) + " decisions in " + std::to_string(games.size()) +
         " game(s)\n";
}

}  // namespace

std::string render_fault_timing_text(const std::vector<GameRecord>& records) {
  std::map<std::string, BotFaults> bots;
  std::vector<LatencySummary> latencies;
  std::string flagged;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const GameRecord& r = records[i];
    const RecordTiming t = record_timing(r);
    if (t.latency) latencies.push_back(*t.latency);
    if (r.fault_seat < 1 || r.fault_seat > static_cast<int>(r.players.size())) continue;
    BotFaults& b = bots[r.players[r.fault_seat - 1]];
    ++b.kinds[termination_name(r.termination)];
    if (t.pressure_flag.empty()) continue;
    ++b.under_pressure;
    flagged += "  " + game_label(r, i) + ", " + r.players[r.fault_seat - 1] + ": " + t.pressure_flag + "\n";
  }
  std::string out;
  if (!bots.empty()) {
    out += "Faults\n";
    for (const auto& [name, b] : bots) {
      out += "  " + name + ":";
      for (const auto& [kind, n] : b.kinds) out += " " + kind + " " + std::to_string(n) + ";";
      if (b.under_pressure)
        out += " of the time forfeits " + std::to_string(b.under_pressure) + " under CPU pressure;";
      out += "\n";
    }
    out += flagged;
  }
  return out + latency_line(std::move(latencies));
}

}  // namespace arena
