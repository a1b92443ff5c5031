#include "serve/live_view.h"

#include <boost/json/array.hpp>
#include <sstream>

#include "engine/core/game.h"
#include "engine/core/picture.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "report/json_patch.h"
#include "report/picture_json.h"

namespace arena::serve {

namespace {

// "key rest of line" of a header line.
bool header_line(const std::string& line, const char* key, std::string& rest) {
  const std::size_t n = std::char_traits<char>::length(key);
  if (line.compare(0, n, key) != 0 || line.size() <= n || line[n] != ' ') return false;
  rest = line.substr(n + 1);
  return true;
}

// One action line, "<actor> <text>"; false when it is not one.
bool action_line(const std::string& line, std::pair<int, std::string>& out) {
  const std::size_t space = line.find(' ');
  if (space == std::string::npos || space == 0 || space + 1 >= line.size()) return false;
  try {
    out = {std::stoi(line.substr(0, space)), line.substr(space + 1)};
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace

std::optional<LiveGame> parse_live_file(const std::string& name, const std::string& text) {
  const std::size_t complete = text.rfind('\n');
  if (text.compare(0, 13, "arena-live 1\n") != 0 || complete == std::string::npos) return std::nullopt;
  std::istringstream in(text.substr(0, complete + 1));
  LiveGame g;
  g.name = name;
  bool in_actions = false;
  for (std::string line, rest; std::getline(in, line);) {
    std::pair<int, std::string> action;
    if (in_actions) {
      if (!action_line(line, action)) break;
      g.actions.push_back(std::move(action));
    } else if (line == "actions") {
      in_actions = true;
    } else if (header_line(line, "number", rest)) {
      g.number = std::atoi(rest.c_str());
    } else if (header_line(line, "pid", rest)) {
      g.pid = std::atol(rest.c_str());
    } else if (header_line(line, "spec", rest)) {
      g.spec = rest;
    } else if (header_line(line, "seat", rest)) {
      const std::size_t space = rest.find(' ');
      if (space != std::string::npos) g.players.push_back(rest.substr(space + 1));
    }
  }
  if (!in_actions || g.spec.empty()) return std::nullopt;
  return g;
}

boost::json::object spectator_replay(const LiveGame& game) {
  boost::json::object out;
  boost::json::array actions, frames;
  std::unique_ptr<Game> rules;
  try {
    rules = make_game(game.spec);
  } catch (const UserError& e) {
    out["x"] = std::string("cannot build the game: ") + e.what();
    out["a"] = std::move(actions);
    out["f"] = boost::json::array{std::move(frames)};
    return out;
  }
  auto state = rules->new_initial_state();
  boost::json::value last = report::picture_to_json(state->spectator_picture());
  frames.push_back(last);
  for (const auto& [actor, text] : game.actions) {
    const ParsedMove parsed = state->parse_move(text);
    if (parsed.status != ParsedMove::Status::kOk || state->current_player() != actor) {
      out["x"] = "the game in play could not be followed past action " + std::to_string(actions.size());
      break;
    }
    actions.push_back(boost::json::array{actor, state->spectator_action_view(parsed.move), -1});
    state->apply(parsed.move);
    boost::json::value now = report::picture_to_json(state->spectator_picture());
    frames.push_back(report::json_patch(last, now));
    last = std::move(now);
  }
  out["a"] = std::move(actions);
  out["f"] = boost::json::array{std::move(frames)};
  return out;
}

}  // namespace arena::serve
