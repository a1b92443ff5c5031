#include "cli/position_text.h"

#include "cli/commands.h"
#include "records/decisions.h"
#include "records/termination.h"

namespace arena::cli {

namespace {

std::string actor_name(int actor) { return actor == kChance ? "chance" : "seat " + std::to_string(actor); }

}  // namespace

PositionReplay::PositionReplay(const GameRecord& record, const Game& game, std::string where, int seat)
    : record_(record), where_(std::move(where)), seat_(seat), state_(game.new_initial_state()) {}

PositionReplay::~PositionReplay() = default;

void PositionReplay::step() {
  const RecordedAction& a = record_.actions[static_cast<std::size_t>(ply_)];
  const ParsedMove p = state_->is_terminal() ? ParsedMove{} : state_->parse_move(a.text);
  if (!p.ok())
    throw CommandError{
        where_ + ", action " + std::to_string(ply_ + 1) + " '" + a.text + "' does not replay: " +
        (state_->is_terminal() ? std::string("the game is over") : p.error) + " (arena verify tells more)"};
  const std::string view = seat_ > 0 ? state_->action_view(seat_, p.move) : a.text;
  last_ = view.empty() ? "" : actor_name(a.actor) + " " + view;
  state_->apply(p.move);
  ++ply_;
}

std::string PositionReplay::text(int number) const {
  const GameRecord& r = record_;
  std::string out = "game " + std::to_string(number) + "  " + r.spec + "  position " + std::to_string(ply_) +
                    " of " + std::to_string(r.actions.size());
  for (std::size_t s = 0; s < r.players.size(); ++s)
    out += (s ? ", " : "  (") + std::to_string(s + 1) + ": " + r.players[s];
  out += r.players.empty() ? "\n" : ")\n";
  if (!last_.empty()) out += "last: " + last_ + "\n";
  out += seat_ > 0 ? "what seat " + std::to_string(seat_) + " was shown:\n" + state_->observation(seat_)
                   : state_->render();
  // The decision taken here; in a seat's view only its own (another seat's answer may be hidden).
  const RecordedDecision d = recorded_decision(r, ply_);
  if (d.seat > 0 && (seat_ == 0 || d.seat == seat_)) out += "next: " + decision_text(r, d) + "\n";
  if (d.chance && seat_ == 0) out += "next: " + decision_text(r, d) + "\n";
  if (state_->is_terminal() && ply_ == static_cast<int>(r.actions.size()))
    out += std::string("result: ") + termination_name(r.termination) +
           (r.termination_detail.empty() ? "" : " (" + r.termination_detail + ")") + "\n";
  return out + "\n";
}

}  // namespace arena::cli
