// Live progress of a tournament: on a terminal a redrawn bar (games done, rate, ETA) with
// the current top of the table; plain lines otherwise; nothing with --quiet.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include "tournaments/standings.h"

namespace arena {

class Progress {
 public:
  enum class Mode { kTerminal, kLines, kQuiet };
  // `done` games were already finished (a resumed run) when this one started.
  Progress(std::FILE* out, Mode mode, int total, int done);

  // After each committed game: `line` describes it (e.g. "1.3.2 a vs b: 1-0 (normal)").
  void update(const std::string& line, const Standings& standings);
  void finish(const Standings& standings);
  // Staged formats learn their length one stage at a time.
  void set_total(int total) { total_ = total; }

  // kTerminal when `out` is a terminal, else kLines.
  static Mode detect(std::FILE* out, bool quiet);
  // "12/40 games  30% [#####.....]  2.5 games/s  ETA 0:11" (no newline); exposed for tests.
  static std::string bar(int done, int total, double rate, int width);
  static std::string top_of_table(const Standings& standings, int rows);

 private:
  std::FILE* out_;
  Mode mode_;
  int total_, done_, started_with_;
  int drawn_lines_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace arena
