#include "records/bot_figures.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "engine/core/game.h"
#include "records/termination.h"

namespace arena {

namespace {

// "data KEY VALUE" with KEY a name (letters, digits, '_', '.', '-'; at most 40) and VALUE a
// finite number: adds it to KEY's figure. Anything else is not a figure and is skipped.
void add_data_line(std::string_view text, std::map<std::string, BotFigures::Figure>& data) {
  if (text.substr(0, 5) != "data ") return;
  text.remove_prefix(5);
  const std::size_t space = text.find(' ');
  if (space == 0 || space == std::string_view::npos || space > 40) return;
  for (char c : text.substr(0, space))  // a KEY is a name: it becomes a table's column title
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-') return;
  const std::string value(text.substr(space + 1));
  char* end = nullptr;
  const double v = std::strtod(value.c_str(), &end);
  if (end == value.c_str() || *end != '\0' || !std::isfinite(v)) return;
  BotFigures::Figure& f = data[std::string(text.substr(0, space))];
  f.sum += v;
  ++f.count;
}

}  // namespace

void add_bot_figures(const GameRecord& r, std::map<std::string, BotFigures>& out) {
  std::vector<BotFigures*> seat_bot;  // the row of each seat
  for (const std::string& name : r.players) seat_bot.push_back(&out[name]);
  for (const RecordedAction& a : r.actions)
    if (a.actor >= 1 && a.actor <= static_cast<int>(seat_bot.size()))
      seat_bot[a.actor - 1]->times.add(a.micros);
  for (const BotLine& line : r.bot_lines)
    if (line.kind == BotLine::Kind::kInfo && line.seat >= 1 && line.seat <= static_cast<int>(seat_bot.size()))
      add_data_line(line.text, seat_bot[line.seat - 1]->data);
  const bool fault = r.termination != Termination::kNormal && r.termination != Termination::kLengthCap &&
                     r.termination != Termination::kAborted && r.termination != Termination::kResign;
  if (fault && r.fault_seat >= 1 && r.fault_seat <= static_cast<int>(seat_bot.size()))
    ++seat_bot[r.fault_seat - 1]->faults[termination_name(r.termination)];
}

std::map<std::string, BotFigures> bot_figures(const std::vector<GameRecord>& records) {
  std::map<std::string, BotFigures> out;
  for (const GameRecord& r : records) add_bot_figures(r, out);
  return out;
}

std::string faults_text(const std::map<std::string, int>& faults) {
  std::string out;
  for (const auto& [reason, n] : faults) out += (out.empty() ? "" : ", ") + reason + " " + std::to_string(n);
  return out.empty() ? "-" : out;
}

}  // namespace arena
