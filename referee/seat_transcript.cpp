#include "referee/seat_transcript.h"

#include <memory>
#include <sstream>

#include "engine/core/user_error.h"
#include "protocol/messages.h"
#include "records/timing_tags.h"
#include "referee/legal_list.h"
#include "referee/seat_messages.h"
#include "referee/time_control.h"

namespace arena {

namespace {

std::string tag_value(const GameRecord& r, const char* name) {
  for (const auto& [key, value] : r.extra_tags)
    if (key == name) return value;
  return "";
}

bool seat_untimed(const GameRecord& r, int seat) {
  std::istringstream in(tag_value(r, kUntimedTag));
  for (int s = 0; in >> s;)
    if (s == seat) return true;
  return false;
}

// A fault makes the seat's session broken: it hears no gameover (GameSession::finish).
bool hears_gameover(const GameRecord& r, int seat) {
  return r.fault_seat != seat || r.termination == Termination::kResign;
}

// The game ended with a request out (a fault, a resignation, an abort), not by the rules.
bool ended_at_request(const GameRecord& r, const State& state) {
  return r.termination != Termination::kNormal && r.termination != Termination::kLengthCap &&
         !state.is_terminal() && !state.is_chance();
}

class Builder {
 public:
  Builder(const Game& game, const GameRecord& r, int seat)
      : r_(r), tc_(time_control_from_text(r.time_control)), clock_(tc_, seat_untimed(r, seat)) {
    out_.seat = seat;
    out_.text = protocol::hello_line() + "\n";
    out_.handshake_end = last_go_end_ = out_.text.size();
    append_newgame(game, seat, game.num_players(), r.seed, out_.text);
    legal_ = tag_value(r, kLegalMovesTag) != "no";
  }

  // The request a decision at `ply` was asked with, and its answer as recorded.
  // `charged`: what the referee took off the clock for it (the record's ChargedUs, the CPU
  // time under --clock cpu), else the time it used.
  void ask(const State& state, int ply, const std::string& recorded, std::int64_t micros,
           std::int64_t charged) {
    TranscriptDecision d;
    d.ply = ply;
    d.begin = last_go_end_;
    append_decision_request(state, out_.seat, legal_ ? &list_ : nullptr, out_.text);
    append_go(clock_, tc_, out_.text);
    d.end = last_go_end_ = out_.text.size();
    d.recorded = recorded;
    d.micros = micros;
    out_.decisions.push_back(std::move(d));
    if (micros >= 0) clock_.charge(charged);
  }

  void hear(const State& state, Move m) { append_seat_event(state, out_.seat, m, out_.text); }

  SeatTranscript finish(const State& state) {
    if (ended_at_request(r_, state) && state.current_player() == out_.seat)
      ask(state, static_cast<int>(r_.actions.size()), "", -1, -1);
    if (hears_gameover(r_, out_.seat)) append_gameover(r_.termination, r_.results, out_.text);
    return std::move(out_);
  }

 private:
  const GameRecord& r_;
  TimeControl tc_;
  SeatClock clock_;
  bool legal_ = true;
  LegalList list_;
  SeatTranscript out_;
  std::size_t last_go_end_ = 0;
};

}  // namespace

const TranscriptDecision* SeatTranscript::at_ply(int ply) const {
  for (const TranscriptDecision& d : decisions)
    if (d.ply == ply) return &d;
  return nullptr;
}

SeatTranscript seat_transcript(const Game& game, const GameRecord& r, int seat) {
  if (seat < 1 || seat > game.num_players())
    throw UserError("seat " + std::to_string(seat) + " is out of range: " + r.spec + " has seats 1 to " +
                    std::to_string(game.num_players()));
  Builder b(game, r, seat);
  std::unique_ptr<State> state = game.new_initial_state();
  // ChargedUs holds one figure per timed action, every seat's, in order (records/timing_tags.h).
  const std::vector<std::int64_t> charged = record_timing(r).charged_us;
  std::size_t timed = 0;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const RecordedAction& a = r.actions[i];
    const std::int64_t charge = a.micros >= 0 && timed < charged.size() ? charged[timed] : a.micros;
    timed += a.micros >= 0;
    const ParsedMove p = state->is_terminal() ? ParsedMove{} : state->parse_move(a.text);
    if (state->is_terminal() || !p.ok())
      throw UserError(
          "game " + r.round + ", action " + std::to_string(i + 1) + " '" + a.text +
          "' does not replay: " + (state->is_terminal() ? std::string("the game is over") : p.error));
    const bool asked =
        !state->is_chance() && state->current_player() == seat && static_cast<int>(i) >= r.opening_plies;
    if (asked) b.ask(*state, static_cast<int>(i), a.text, a.micros, charge);
    b.hear(*state, p.move);
    state->apply(p.move);
  }
  return b.finish(*state);
}

}  // namespace arena
