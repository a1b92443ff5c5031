#include "records/bot_figures.h"

#include "engine/core/game.h"
#include "records/termination.h"

namespace arena {

std::map<std::string, BotFigures> bot_figures(const std::vector<GameRecord>& records) {
  std::map<std::string, BotFigures> out;
  std::vector<BotFigures*> seat_bot;  // per-game scratch: the row of each seat
  for (const GameRecord& r : records) {
    seat_bot.clear();
    for (const std::string& name : r.players) seat_bot.push_back(&out[name]);
    for (const RecordedAction& a : r.actions)
      if (a.actor >= 1 && a.actor <= static_cast<int>(seat_bot.size()))
        seat_bot[a.actor - 1]->times.add(a.micros);
    const bool fault = r.termination != Termination::kNormal && r.termination != Termination::kLengthCap &&
                       r.termination != Termination::kAborted && r.termination != Termination::kResign;
    if (fault && r.fault_seat >= 1 && r.fault_seat <= static_cast<int>(seat_bot.size()))
      ++seat_bot[r.fault_seat - 1]->faults[termination_name(r.termination)];
  }
  return out;
}

std::string faults_text(const std::map<std::string, int>& faults) {
  std::string out;
  for (const auto& [reason, n] : faults) out += (out.empty() ? "" : ", ") + reason + " " + std::to_string(n);
  return out.empty() ? "-" : out;
}

}  // namespace arena
