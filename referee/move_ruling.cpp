#include "referee/move_ruling.h"

#include "protocol/bot_text.h"
#include "protocol/messages.h"

namespace arena {

MoveRuling rule_move(const State& state, const LegalList& legal, const std::string& token,
                     std::vector<Move>& scratch) {
  MoveRuling r;
  // The legal list sent for this decision is still that of the state: a move found in it
  // needs no second legal-move generation (parse_move would make one).
  if (const int i = legal.find(token); i >= 0) {
    r.move = legal.move(static_cast<std::size_t>(i));
    return r;
  }
  ParsedMove parsed = state.parse_move(token);
  if (parsed.status == ParsedMove::Status::kUnparseable) {
    r.fault = Termination::kUnparseable;
    r.detail = "'" + protocol::printable(token, 60) + "': " + parsed.error;
  } else if (parsed.status == ParsedMove::Status::kIllegal) {
    state.legal_moves(scratch);
    r.fault = Termination::kIllegalMove;
    r.detail = "'move " + protocol::printable(token, 60) + "' with " + std::to_string(scratch.size()) +
               " legal moves: " + parsed.error;
  } else {
    r.move = parsed.move;
  }
  return r;
}

MoveRuling rule_answer_line(const State& state, const LegalList& legal, std::string_view line,
                            bool& resigned) {
  using K = protocol::BotMessage::Kind;
  resigned = false;
  const protocol::BotMessage msg = protocol::parse_bot_line(line);
  MoveRuling r;
  switch (msg.kind) {
    case K::kMove: {
      std::vector<Move> scratch;
      return rule_move(state, legal, msg.text, scratch);
    }
    case K::kResign:
      resigned = true;
      return r;
    case K::kMalformed:
    case K::kUnknown:
      r.fault = Termination::kUnparseable;
      r.detail = msg.error;
      return r;
    default:  // name, author, ready (blank and info lines are no answer)
      r.fault = Termination::kProtocolViolation;
      r.detail = "'" + protocol::printable(std::string(line), 40) + "' during a game";
      return r;
  }
}

}  // namespace arena
