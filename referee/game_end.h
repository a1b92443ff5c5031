// Where a game stands on its way to its record (referee/game_session.h). Once its result is
// ruled, the record may still wait: first for the late answer of the seat that was thinking
// (read and discarded, so it never reaches the bot's next game), then for a crashed seat's
// exit and last lines of standard error (the crash's detail). One phase at a time, in order.
#pragma once

namespace arena {

class GameEnd {
 public:
  enum class Phase {
    kPlaying,      // no result yet: the decision loop runs
    kRuled,        // the result is ruled; what the record waits for is being decided
    kLateAnswer,   // the seat late_seat() was asked and may still answer
    kCrashReport,  // the crashed seat's exit and last words are awaited
    kRecordSent,   // the record is on its way to the runner: nothing more happens
  };

  Phase phase() const { return phase_; }
  bool playing() const { return phase_ == Phase::kPlaying; }

  // While playing: `seat` crashed; its ruling stands, its detail waits for the process's end.
  void note_crash(int seat) { crash_seat_ = seat; }
  bool crash_to_report() const { return crash_seat_ != 0; }

  // The result is ruled (from kPlaying).
  void rule() { phase_ = Phase::kRuled; }
  // The record waits for `seat`'s late answer (from kRuled).
  void await_late_answer(int seat) {
    phase_ = Phase::kLateAnswer;
    late_seat_ = seat;
  }
  int late_seat() const { return phase_ == Phase::kLateAnswer ? late_seat_ : 0; }
  // A blank or info line read while the late answer is awaited; returns how many so far.
  int count_late_line() { return ++late_lines_; }

  // Nothing more is awaited before the crash report, if any (from kRuled or kLateAnswer).
  // Returns the crashed seat whose report the record now awaits (the phase is then
  // kCrashReport), or 0 (kRecordSent).
  int record_ready() {
    const int seat = crash_seat_;
    crash_seat_ = 0;
    phase_ = seat != 0 ? Phase::kCrashReport : Phase::kRecordSent;
    return seat;
  }
  // The crash report is complete: the record goes.
  void crash_reported() { phase_ = Phase::kRecordSent; }

 private:
  Phase phase_ = Phase::kPlaying;
  int late_seat_ = 0;
  int late_lines_ = 0;
  int crash_seat_ = 0;
};

}  // namespace arena
