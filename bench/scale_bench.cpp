// The million-game scale of issue 20, without processes: a round-robin of N bots (default
// 1,000: 999,000 games at 2 seats) and a synthetic journal of every game of it.
//   - the schedule: time to build it and the memory it holds (VmRSS before and after);
//   - resume: time to open the journal (what `--resume` reads before it can play) and the
//     memory of its index;
//   - final tables: standings (crosstable, faults) over every entry, then write_reports
//     (ratings of N bots on every game, crosstable and faults files).
// Prints Markdown table rows: | measurement | value | target | met |
//
//   scale_bench [--bots N]
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "bench/table_row.h"
#include "engine/core/registry.h"
#include "tournaments/journal.h"
#include "tournaments/reports.h"
#include "tournaments/schedule.h"
#include "tournaments/standings.h"

using namespace arena;
using Clock = std::chrono::steady_clock;
using bench::fmt;
using bench::row;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double rss_mb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6) / 1024.0;
  return -1;
}

// Writes one journal line per scheduled game: the better-numbered bot wins 60% of its games,
// a draw every 10th, a time forfeit every 500th (so the faults table has rows).
void write_journal(const std::string& path, const std::vector<ScheduledGame>& games,
                   const std::vector<std::string>& names) {
  std::ofstream out(path, std::ios::binary);
  std::uint64_t pgn_end = 0;
  for (const ScheduledGame& g : games) {
    JournalEntry e;
    e.index = g.index;
    e.round = g.round;
    e.seed = g.seed;
    for (int b : g.seat_bots) e.players.push_back(names[b]);
    const bool draw = g.index % 10 == 0;
    const bool first_wins = (g.seat_bots[0] < g.seat_bots[1]) == (g.index % 5 < 3);
    e.ranks = draw ? std::vector<int>{1, 1} : first_wins ? std::vector<int>{1, 2} : std::vector<int>{2, 1};
    e.scores = draw         ? std::vector<double>{0.5, 0.5}
               : first_wins ? std::vector<double>{1, 0}
                            : std::vector<double>{0, 1};
    e.termination = g.index % 500 == 0 ? "time-forfeit" : "normal";
    e.fault_seat = g.index % 500 == 0 ? (first_wins ? 2 : 1) : 0;
    pgn_end += 700;
    e.pgn_end = pgn_end;
    out << journal_line(e);  // ends in its own newline
  }
}

}  // namespace

int main(int argc, char** argv) {
  int bots = 1000;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--bots") && i + 1 < argc) bots = std::atoi(argv[++i]);
  std::vector<std::string> names;
  for (int i = 0; i < bots; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "bot%04d", i);
    names.push_back(buf);
  }
  const std::string label = "round-robin of " + std::to_string(bots) + " bots";

  double rss0 = rss_mb();
  auto t0 = Clock::now();
  ScheduleRequest req;
  req.bots = bots;
  req.seed = 1;
  std::vector<ScheduledGame> schedule = make_schedule(req);
  const double schedule_s = seconds_since(t0);
  const double schedule_mb = rss_mb() - rss0;
  row(label + ": schedule built (" + std::to_string(schedule.size()) + " games)",
      fmt("%.2f s, ", schedule_s) + fmt("%.0f MB held", schedule_mb), "(with the journal index) ≤ 200 MB",
      "");

  const auto dir =
      std::filesystem::temp_directory_path() / ("arena-scale-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "journal.jsonl").string();
  write_journal(path, schedule, names);
  const double journal_file_mb = std::filesystem::file_size(path) / 1048576.0;

  rss0 = rss_mb();
  t0 = Clock::now();
  {
    Journal journal(path);
    const double open_s = seconds_since(t0);
    const double index_mb = rss_mb() - rss0;
    const double total_mb = index_mb + schedule_mb;
    row(label + ": --resume reads a journal of " + std::to_string(journal.size()) + " games (" +
            fmt("%.0f MB", journal_file_mb) + ")",
        fmt("%.2f s", open_s), "< 2 s", open_s < 2 ? "yes" : "no");
    row(label + ": memory of the schedule and the journal index",
        fmt("%.0f MB", total_mb) + " (journal " + fmt("%.0f MB", index_mb) + ")", "< 200 MB",
        total_mb < 200 ? "yes" : "no");

    t0 = Clock::now();
    Standings standings(names);
    for (std::size_t i = 0; i < journal.size(); ++i) standings.add(journal.index(), i);
    const double standings_s = seconds_since(t0);
    auto game = make_game("clump:size=4");
    t0 = Clock::now();
    const std::string table = write_reports(dir.string(), *game, names, journal.index(), standings);
    const double reports_s = seconds_since(t0);
    row(label + ": final tables (standings " + fmt("%.2f s", standings_s) +
            ", then ratings, crosstable and faults files " + fmt("%.2f s", reports_s) + ")",
        fmt("%.2f s", standings_s + reports_s), "< 5 s", standings_s + reports_s < 5 ? "yes" : "no");
  }
  std::filesystem::remove_all(dir);
  return 0;
}
