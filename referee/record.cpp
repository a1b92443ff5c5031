#include "referee/record.h"

#include <array>

namespace arena {

namespace {

struct TerminationEntry {
  Termination value;
  const char* name;
};

// The one table behind both directions, so a name can never drift from its enum.
constexpr std::array<TerminationEntry, 10> kTerminations{{
    {Termination::kNormal, "normal"},
    {Termination::kTimeForfeit, "time forfeit"},
    {Termination::kIllegalMove, "illegal move"},
    {Termination::kUnparseable, "unparseable move"},
    {Termination::kProtocolViolation, "protocol violation"},
    {Termination::kCrash, "crash"},
    {Termination::kStartFailure, "start failure"},
    {Termination::kOutputFlood, "output flood"},
    {Termination::kLengthCap, "length cap"},
    {Termination::kAborted, "aborted"},
}};

}  // namespace

const char* termination_name(Termination t) {
  for (const auto& e : kTerminations)
    if (e.value == t) return e.name;
  return "unknown";
}

std::optional<Termination> termination_from_name(const std::string& name) {
  for (const auto& e : kTerminations)
    if (name == e.name) return e.value;
  return std::nullopt;
}

}  // namespace arena
