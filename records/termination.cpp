#include "records/termination.h"

#include <array>

namespace arena {

namespace {

struct TerminationEntry {
  Termination value;
  const char* name;   // records
  const char* token;  // gameover lines and summaries
};

constexpr std::array<TerminationEntry, 11> kTerminations{{
    {Termination::kNormal, "normal", "normal"},
    {Termination::kTimeForfeit, "time forfeit", "time-forfeit"},
    {Termination::kIllegalMove, "illegal move", "illegal-move"},
    {Termination::kUnparseable, "unparseable move", "unparseable"},
    {Termination::kProtocolViolation, "protocol violation", "protocol-violation"},
    {Termination::kCrash, "crash", "crash"},
    {Termination::kStartFailure, "start failure", "start-failure"},
    {Termination::kOutputFlood, "output flood", "output-flood"},
    {Termination::kLengthCap, "length cap", "length-cap"},
    {Termination::kResign, "resign", "resign"},
    {Termination::kAborted, "aborted", "aborted"},
}};

const TerminationEntry* entry(Termination t) {
  for (const auto& e : kTerminations)
    if (e.value == t) return &e;
  return nullptr;
}

}  // namespace

const char* termination_name(Termination t) {
  const TerminationEntry* e = entry(t);
  return e ? e->name : "unknown";
}

const char* termination_token(Termination t) {
  const TerminationEntry* e = entry(t);
  return e ? e->token : "unknown";
}

std::optional<Termination> termination_from_name(std::string_view name) {
  for (const auto& e : kTerminations)
    if (name == e.name) return e.value;
  return std::nullopt;
}

std::string termination_names() {
  std::string out;
  for (const auto& e : kTerminations) {
    if (!out.empty()) out += ", ";
    out += e.name;
  }
  return out;
}

}  // namespace arena
