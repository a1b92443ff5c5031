// The bots' own lines beside each move (docs/records.md, "Bot lines"): every `info` line and
// every line of standard error a seat writes during a game is kept in the record with the ply
// being decided when it was read, within the per-game cap (--bot-lines-cap). A bot that writes
// nothing costs nothing here: no allocation and, for stderr, no system call per ply.
#include "protocol/bot_text.h"
#include "referee/game_session.h"

namespace arena {

void GameSession::hear_stderr(int seat) {
  BotProcess& p = seats_[seat - 1].bot->process();
  if (options_.limits.bot_lines_cap == 0) return p.set_stderr_lines(nullptr);
  // Weak: the sink lives in the process, which outlives the game (it is cleared in finish()).
  std::weak_ptr<GameSession> weak = weak_from_this();
  p.set_stderr_lines([weak, seat](std::string_view line) {
    if (auto self = weak.lock()) self->keep_bot_line(seat, BotLine::Kind::kStderr, line);
  });
}

void GameSession::keep_bot_line(int seat, BotLine::Kind kind, std::string_view text) {
  if (!end_.playing() || options_.limits.bot_lines_cap == 0) return;
  // The ply being decided: the lines a bot writes while it thinks go with the move it makes.
  const int ply = static_cast<int>(record_.actions.size()) + 1;
  bot_line_cap_.keep(record_, ply, seat, kind, protocol::printable(text, options_.limits.max_info_bytes));
}

}  // namespace arena
