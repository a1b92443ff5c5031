#include "records/decisions.h"

#include <cstdio>

#include "records/repro_command.h"

namespace arena {

RecordedDecision recorded_decision(const GameRecord& r, int k) {
  RecordedDecision d;
  d.number = k;
  const int actions = static_cast<int>(r.actions.size());
  if (k >= 0 && k < actions) {
    const RecordedAction& a = r.actions[static_cast<std::size_t>(k)];
    d.chance = a.actor == kChance;
    d.seat = d.chance ? 0 : a.actor;
    d.answer = a.text;
    d.micros = a.micros;
    return d;
  }
  d.ended = true;
  // The seat whose answer in the last position ended the game: a fault at a decision, or its
  // resignation. A crash or a flood may come from a seat that was not asked.
  if (r.fault_seat > 0 && (fault_at_decision(r.termination) || r.termination == Termination::kResign))
    d.seat = r.fault_seat;
  return d;
}

namespace {

std::string seat_name(const GameRecord& r, int seat) {
  std::string s = "seat " + std::to_string(seat);
  if (seat >= 1 && seat <= static_cast<int>(r.players.size())) s += " (" + r.players[seat - 1] + ")";
  return s;
}

std::string time_text(std::int64_t micros) {
  char buf[48];
  std::snprintf(buf, sizeof buf, " in %.1f ms", static_cast<double>(micros) / 1000);
  return buf;
}

}  // namespace

std::string decision_text(const GameRecord& r, const RecordedDecision& d) {
  const std::string k = std::to_string(d.number);
  if (d.chance) return "position " + k + ": chance " + d.answer + " (no decision)";
  if (!d.ended)
    return "decision " + k + ": " + seat_name(r, d.seat) + " answered " + d.answer +
           (d.micros >= 0 ? time_text(d.micros) : "");
  if (d.seat > 0 && r.termination == Termination::kResign)
    return "decision " + k + ": " + seat_name(r, d.seat) + " resigned";
  if (d.seat > 0)
    return "decision " + k + ": " + seat_name(r, d.seat) +
           " answered with a fault: " + termination_name(r.termination) +
           (r.termination_detail.empty() ? "" : " (" + r.termination_detail + ")");
  return "position " + k + ": the game is over (" + std::string(termination_name(r.termination)) + ")";
}

}  // namespace arena
