#include "cli/match_watch.h"

#include <chrono>
#include <memory>

namespace arena::cli {

namespace {

std::string clock_text(std::int64_t ms) {
  if (ms < 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld.%01llds", static_cast<long long>(ms / 1000),
                static_cast<long long>(ms % 1000 / 100));
  return buf;
}

std::string actor_text(int actor) { return actor == kChance ? "chance" : "seat " + std::to_string(actor); }

struct Printer {
  std::FILE* out;
  bool terminal;
  int game_number;
  std::vector<std::string> names;
  int ply = -1;
  std::chrono::steady_clock::time_point last_draw{};

  void operator()(const WatchedAction& a) {
    ++ply;
    if (terminal)
      draw(a);
    else
      line(a);
  }

  // Redraws in place, at most every 40 ms while the game runs (instant bots would otherwise
  // spend the game repainting), always at the start and the end.
  void draw(const WatchedAction& a) {
    const auto now = std::chrono::steady_clock::now();
    if (ply > 0 && !a.state.is_terminal() && now - last_draw < std::chrono::milliseconds(40)) return;
    last_draw = now;
    std::string s = "\x1b[H\x1b[2J";  // cursor home, clear screen
    s +=
        "game " + std::to_string(game_number) + "  " + a.state.game().spec() + "  ply " + std::to_string(ply);
    if (!a.text.empty()) s += "  last: " + actor_text(a.actor) + " " + a.text;
    s += "\n";
    for (std::size_t i = 0; i < a.remaining_ms.size(); ++i)
      s += "  seat " + std::to_string(i + 1) + " " + (i < names.size() ? names[i] : "") + ": " +
           clock_text(a.remaining_ms[i]) + "\n";
    s += a.state.render();
    if (a.state.is_terminal()) s += "game over\n";
    std::fputs(s.c_str(), out);
    std::fflush(out);
  }

  void line(const WatchedAction& a) {
    std::string s = "watch game " + std::to_string(game_number) + " ply " + std::to_string(ply) + ": ";
    s += a.text.empty() ? std::string("start") : actor_text(a.actor) + " " + a.text;
    if (a.state.is_terminal()) s += " (game over)";
    s += "\n";
    std::fputs(s.c_str(), out);
    std::fflush(out);
  }
};

}  // namespace

std::function<void(const WatchedAction&)> make_watch_printer(std::FILE* out, bool terminal, int game_number,
                                                             std::vector<std::string> seat_names) {
  auto p = std::make_shared<Printer>(Printer{out, terminal, game_number, std::move(seat_names)});
  return [p](const WatchedAction& a) { (*p)(a); };
}

}  // namespace arena::cli
