#include "engine/core/game.h"

#include <stdexcept>

namespace arena {

Game::Game(const GameInfo& info, Params params)
    : info_(&info), params_(std::move(params)), spec_(canonical_spec(info, params_)) {}

std::vector<std::pair<Move, double>> State::chance_outcomes() const {
  throw std::logic_error(game().id() + ": chance_outcomes() called on a state without chance");
}

std::string State::action_view(int /*seat*/, Move m) const { return move_to_string(m); }

void State::append_observation_lines(int seat, std::string_view prefix, std::string& out) const {
  const std::string text = observation(seat);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) {
      out += prefix;
      out.append(text, start, end - start);
      out += '\n';
    }
    start = end + 1;
  }
}

std::string State::describe_action(int seat, Move m) const {
  const std::string view = action_view(seat, m);
  if (view.empty()) return "";
  const int actor = current_player();
  if (actor == kChance) return "chance: " + view;
  return (actor == seat ? std::string("you") : "seat " + std::to_string(actor)) + " played " + view;
}

std::string State::notation_help() const {
  return "Type a move as the list of legal moves writes it; the game's rules page "
         "(docs/rules/) describes its notation.\n";
}

ParsedMove State::parse_move(std::string_view text) const {
  ParsedMove r;
  std::vector<Move> legal;
  legal_moves(legal);
  for (Move m : legal)
    if (move_to_string(m) == text) {
      r.status = ParsedMove::Status::kOk;
      r.move = m;
      return r;
    }
  r.status = ParsedMove::Status::kIllegal;
  r.error = "'" + std::string(text) + "' is not a legal move here" + legal_moves_hint(*this, legal);
  return r;
}

const std::vector<RareSituation>& Game::rare_situations() const {
  static const std::vector<RareSituation> none;
  return none;
}

std::string legal_moves_hint(const State& state, const std::vector<Move>& legal) {
  if (legal.empty()) return " (no legal moves)";
  std::string s = " (" + std::to_string(legal.size()) + " legal, e.g. ";
  for (size_t i = 0; i < legal.size() && i < 5; ++i) {
    if (i) s += ' ';
    s += state.move_to_string(legal[i]);
  }
  if (legal.size() > 5) s += " ...";
  return s + ")";
}

Move parse_or_throw(const State& state, std::string_view text) {
  ParsedMove p = state.parse_move(text);
  if (!p.ok()) throw UserError(p.error);
  return p.move;
}

}  // namespace arena
