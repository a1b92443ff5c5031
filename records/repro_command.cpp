#include "records/repro_command.h"

#include <string_view>

namespace arena {

bool fault_at_decision(Termination why) {
  return why == Termination::kIllegalMove || why == Termination::kUnparseable ||
         why == Termination::kTimeForfeit;
}

int faulting_ply(const GameRecord& r) {
  return r.fault_seat != 0 && fault_at_decision(r.termination) ? static_cast<int>(r.actions.size()) : -1;
}

std::string shell_quoted(const std::string& text) {
  bool plain = !text.empty();
  for (char c : text) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    std::string_view("_./:=+,@%-").find(c) != std::string_view::npos;
    plain = plain && ok;
  }
  if (plain) return text;
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

bool reproducible_fault(Termination why) {
  // A resignation is no fault; a bot that never started was sent no game.
  return why != Termination::kResign && why != Termination::kStartFailure && why != Termination::kNormal &&
         why != Termination::kAborted && why != Termination::kLengthCap;
}

std::string repro_command(const std::string& file, const std::string& game, int seat, int ply,
                          const std::string& bot_command) {
  std::string s = "arena repro " + (file.empty() ? std::string("FILE.pgn") : shell_quoted(file)) +
                  " --game " + shell_quoted(game) + " --seat " + std::to_string(seat);
  if (ply >= 0) s += " --ply " + std::to_string(ply);
  return s + " --bot " + (bot_command.empty() ? std::string("COMMAND") : shell_quoted(bot_command));
}

std::string repro_command(const GameRecord& r, const std::string& file, const std::string& game,
                          const std::string& bot_command) {
  if (r.fault_seat == 0 || !reproducible_fault(r.termination)) return "";
  return repro_command(file, game, r.fault_seat, faulting_ply(r), bot_command);
}

}  // namespace arena
