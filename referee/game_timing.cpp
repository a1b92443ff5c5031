// GameSession's account of time (referee/game_session.h): the referee's own latency per
// decision, the time charged per move, the CPU clock, and the CPU pressure at a time forfeit.
// Kept apart from the decision loop so that the loop reads as the protocol, and this as the
// clocks; records/timing_tags.h names what ends up in the record.
#include <cmath>

#include "records/timing_tags.h"
#include "referee/game_session.h"

namespace arena {

namespace {
std::int64_t micros(std::chrono::steady_clock::duration d) {
  return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}
std::string ms_text(std::int64_t us) {
  return std::to_string(us / 1000) + "." + std::to_string(us % 1000 / 100) + " ms";
}
}  // namespace

void GameSession::start_timing() {
  charged_.reserve(LatencyStats::kReserved);
  pressure_.game_started();
  if (!options_.cpu_clock) return;
  for (Seat& s : seats_)
    if (!s.clock->untimed()) s.cpu = s.bot->process().cpu_clock();
}

// Right after a request was written: the time since the move it answers was read is the
// referee's latency for that decision (one clock read; the first request answers no move).
void GameSession::note_request_sent() {
  const Clock::time_point sent = Clock::now();
  if (move_read_at_ != Clock::time_point{}) {
    latency_.add(micros(sent - move_read_at_));
    move_read_at_ = Clock::time_point{};
  }
  pressure_.decision_started(sent);
}

bool GameSession::over_time(const Seat& st, std::int64_t used_us) {
  if (!st.cpu) return st.clock->over(used_us);
  cpu_used_ = st.cpu->read_us() - cpu_at_ask_;
  return st.clock->over(cpu_used_) || Clock::now() > wall_cap_;
}

std::int64_t GameSession::charge(Seat& st, std::int64_t used_us) {
  const std::int64_t charged = st.clock->charge(st.cpu ? cpu_used_ : used_us);
  charged_.push_back(charged);
  return charged;
}

// With the CPU clock, the deadline is only the first look: a bot that has used less CPU than
// its budget is looked at again when it could have used the rest, until the wall cap.
bool GameSession::cpu_deadline_extended() {
  Seat& st = seats_[to_move_ - 1];
  if (!st.cpu) return false;
  cpu_used_ = st.cpu->read_us() - cpu_at_ask_;
  const Clock::time_point now = Clock::now();
  const std::int64_t left = st.clock->budget_us() + options_.time.margin_ms * 1000 - cpu_used_;
  if (left < 0 || now >= wall_cap_) return false;
  deadline_ = std::min(wall_cap_, now + std::chrono::microseconds(std::max<std::int64_t>(left, 1000)));
  arm_deadline_timer(deadline_);
  return true;
}

// The time forfeit's detail names the time taken and the limit the same way whatever came too
// late: "no move within 100 ms + 50 ms margin (ruled at 151.2 ms)", "move after 151.2 ms, limit
// 100 ms + 50 ms margin", "resigned after ...".
void GameSession::time_forfeit(int seat, LateAction action, std::int64_t used_us) {
  const Seat& st = seats_[seat - 1];
  const std::string limit = std::to_string(st.clock->budget_ms()) + " ms + " +
                            std::to_string(options_.time.margin_ms) + " ms margin";
  std::string detail;
  switch (action) {
    case LateAction::kNone:
      detail = "no move within " + limit + " (ruled at " + ms_text(used_us) + ")";
      break;
    case LateAction::kMove:
      detail = "move after " + ms_text(used_us) + ", limit " + limit;
      break;
    case LateAction::kResign:
      detail = "resigned after " + ms_text(used_us) + ", limit " + limit;
      break;
  }
  const bool past_cap = st.cpu && Clock::now() >= wall_cap_;
  if (st.cpu) {
    detail += "; CPU clock: " + ms_text(cpu_used_) + " of CPU";
    if (past_cap) detail += ", past the wall cap of " + ms_text(micros(wall_cap_ - asked_at_));
  }
  if (pressure_.time_forfeit(!st.cpu || past_cap) >= 0 && pressure_.flagged())
    detail += " (" + pressure_flag_text(pressure_.forfeit_percent()) + ")";
  fault(seat, Termination::kTimeForfeit, detail);
}

// Where the CPU clock's figures came from: "cgroup v2" when every timed seat's did, else per
// seat ("seat 1 cgroup v2, seat 2 proc": a group could not be made for one of them).
std::string GameSession::cpu_source_text() const {
  std::string each, first;
  bool same = true;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].cpu) continue;
    const std::string name = cpu_source_name(seats_[i].cpu->source());
    if (first.empty()) first = name;
    same = same && name == first;
    each += (each.empty() ? "seat " : ", seat ") + std::to_string(i + 1) + " " + name;
  }
  return same ? first : each;
}

void GameSession::add_timing_tags() {
  auto& tags = record_.extra_tags;
  if (!latency_.empty()) tags.emplace_back(kRefereeLatencyTag, latency_tag_text(latency_.summary()));
  if (!charged_.empty()) {
    std::string text;
    for (std::int64_t c : charged_) {
      if (!text.empty()) text += ' ';
      text += std::to_string(c);
    }
    tags.emplace_back(kChargedTag, std::move(text));
  }
  if (options_.cpu_clock) {
    tags.emplace_back(kClockTag, "cpu");
    tags.emplace_back(kCpuSourceTag, cpu_source_text());
  }
  tags.emplace_back(kCpuPressureTag, pressure_.game_ended());
  if (pressure_.flagged())
    tags.emplace_back(kPressureFlagTag, pressure_flag_text(pressure_.forfeit_percent()));
}

}  // namespace arena
