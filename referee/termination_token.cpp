#include "referee/termination_token.h"

namespace arena {

const char* termination_token(Termination t) {
  switch (t) {
    case Termination::kNormal:
      return "normal";
    case Termination::kTimeForfeit:
      return "time-forfeit";
    case Termination::kIllegalMove:
      return "illegal-move";
    case Termination::kUnparseable:
      return "unparseable";
    case Termination::kProtocolViolation:
      return "protocol-violation";
    case Termination::kCrash:
      return "crash";
    case Termination::kStartFailure:
      return "start-failure";
    case Termination::kOutputFlood:
      return "output-flood";
    case Termination::kLengthCap:
      return "length-cap";
    case Termination::kAborted:
      return "aborted";
  }
  return "unknown";
}

}  // namespace arena
