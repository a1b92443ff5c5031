#include "tournaments/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace arena {

Progress::Progress(std::FILE* out, Mode mode, int total, int done)
    : out_(out),
      mode_(mode),
      total_(total),
      done_(done),
      started_with_(done),
      start_(std::chrono::steady_clock::now()) {}

Progress::Mode Progress::detect(std::FILE* out, bool quiet) {
  if (quiet) return Mode::kQuiet;
  return ::isatty(fileno(out)) ? Mode::kTerminal : Mode::kLines;
}

std::string Progress::bar(int done, int total, double rate, int width) {
  std::ostringstream s;
  double frac = total > 0 ? static_cast<double>(done) / total : 1;
  int filled = static_cast<int>(std::lround(frac * width));
  s << done << "/" << total << " games  " << static_cast<int>(std::floor(frac * 100)) << "% ["
    << std::string(filled, '#') << std::string(width - filled, '.') << "]  ";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f games/s", rate);
  s << buf << "  ETA ";
  if (rate <= 0 || done >= total) {
    s << (done >= total ? "0:00" : "?");
  } else {
    long secs = std::lround((total - done) / rate);
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", secs / 3600, secs / 60 % 60, secs % 60);
    s << buf;
  }
  return s.str();
}

std::string Progress::top_of_table(const Standings& standings, int rows) {
  std::ostringstream s;
  auto order = standings.order();
  for (int i = 0; i < rows && i < static_cast<int>(order.size()); ++i) {
    const auto& b = standings.bots()[order[i]];
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %2d. %-24s %6.1f%%  (%d games)", i + 1, b.name.c_str(),
                  b.score_percent(), b.games);
    s << buf << "\n";
  }
  return s.str();
}

void Progress::update(const std::string& line, const Standings& standings) {
  ++done_;
  if (mode_ == Mode::kQuiet) return;
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double rate = secs > 0 ? (done_ - started_with_) / secs : 0;
  if (mode_ == Mode::kLines) {
    std::fprintf(out_, "[%d/%d] %s\n", done_, total_, line.c_str());
    std::fflush(out_);
    return;
  }
  // Terminal: move up over the previous block and redraw it in place.
  std::string block = line + "\n" + bar(done_, total_, rate, 30) + "\n" + top_of_table(standings, 5);
  if (drawn_lines_ > 0) std::fprintf(out_, "\x1b[%dA", drawn_lines_);
  std::string cleared;
  for (char c : block) cleared += c == '\n' ? std::string("\x1b[K\n") : std::string(1, c);
  std::fputs(cleared.c_str(), out_);
  std::fflush(out_);
  drawn_lines_ = static_cast<int>(std::count(block.begin(), block.end(), '\n'));
}

void Progress::finish(const Standings&) {
  if (mode_ == Mode::kQuiet) return;
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::fprintf(out_, "%d games played in %.1f s\n", done_ - started_with_, secs);
  std::fflush(out_);
}

}  // namespace arena
