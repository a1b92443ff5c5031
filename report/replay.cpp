// Replays for the report (report/replay.h).
#include "report/replay.h"

#include <boost/json/array.hpp>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "report/bot_lines_json.h"
#include "report/json_patch.h"
#include "report/page_keys.h"
#include "report/picture_json.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// Applies the record's next action; "" or why it does not replay.
std::string step(State& state, const RecordedAction& a, Move& move) {
  if (state.is_terminal()) return "the game is over";
  const ParsedMove p = state.parse_move(a.text);
  if (!p.ok()) return p.error;
  move = p.move;
  return "";
}

// Frames of one view: the first picture, then a patch per action (null: unchanged).
struct ViewFrames {
  json::value last;
  json::array frames;
  void add(json::value picture) {
    frames.push_back(frames.empty() ? picture : json_patch(last, picture));
    last = std::move(picture);
  }
};

// A seat's patch that equals an earlier view's at the same ply (the full table's for a public
// change: the caption, the seat to move, a card played face up; another seat's for a card dealt
// face down to a third) is written as that view's number. Views are marked from the last, so
// the earliest equal view, which is the one named, still holds its patch.
void share_patches(std::vector<ViewFrames>& views) {
  for (std::size_t v = views.size(); v-- > 1;)
    for (std::size_t ply = 1; ply < views[v].frames.size(); ++ply) {
      json::value& patch = views[v].frames[ply];
      if (patch.is_null()) continue;
      for (std::size_t u = 0; u < v; ++u)
        if (views[u].frames[ply] == patch) {
          patch = static_cast<std::int64_t>(u);
          break;
        }
    }
}

// Where the record's actions stop replaying: "" at their end, else why (the "x" of replay_json).
std::string why_stopped(State& state, const std::vector<RecordedAction>& actions) {
  for (std::size_t i = 0; i < actions.size(); ++i) {
    Move move = -1;
    const std::string why = step(state, actions[i], move);
    if (!why.empty())
      return "action " + std::to_string(i + 1) + " '" + actions[i].text + "' does not replay: " + why;
    state.apply(move);
  }
  return "";
}

}  // namespace

std::string replay_problem(const GameRecord& record) {
  std::unique_ptr<Game> game;
  try {
    game = make_game(record.spec);
  } catch (const UserError& e) {
    return e.what();
  }
  return why_stopped(*game->new_initial_state(), record.actions);
}

json::object replay_json(const GameRecord& record, bool seat_views) {
  json::object out;
  json::array actions;
  for (const RecordedAction& a : record.actions)
    actions.push_back(json::array{a.actor == kChance ? 0 : a.actor, json::value(a.text), a.micros});
  out[page_key::replay::kActions] = std::move(actions);
  add_bot_lines_json(record, out);
  std::unique_ptr<Game> game;
  try {
    game = make_game(record.spec);
  } catch (const UserError& e) {
    out[page_key::replay::kStopped] = e.what();
    return out;
  }
  const int views = seat_views && game->hidden_information() ? game->num_players() + 1 : 1;
  std::vector<ViewFrames> frames(views);
  std::vector<json::array> seen(views);
  auto state = game->new_initial_state();
  for (int v = 0; v < views; ++v) frames[v].add(picture_to_json(state->picture(v)));
  for (const RecordedAction& a : record.actions) {
    Move move = -1;
    const std::string why = step(*state, a, move);
    if (!why.empty()) {
      out[page_key::replay::kStopped] = "action " + std::to_string(&a - record.actions.data() + 1) + " '" +
                                        a.text + "' does not replay: " + why;
      break;
    }
    for (int v = 1; v < views; ++v) seen[v].push_back(json::value(state->action_view(v, move)));
    state->apply(move);
    for (int v = 0; v < views; ++v) frames[v].add(picture_to_json(state->picture(v)));
  }
  share_patches(frames);
  json::array f;
  for (ViewFrames& v : frames) f.push_back(std::move(v.frames));
  out[page_key::replay::kViews] = std::move(f);
  if (views > 1) {
    json::array w;
    for (int v = 1; v < views; ++v) w.push_back(std::move(seen[v]));
    out[page_key::replay::kSeen] = std::move(w);
  }
  return out;
}

json::object spectator_replay_json(const std::string& spec, const std::vector<RecordedAction>& actions) {
  json::object out;
  json::array seen;
  ViewFrames frames;
  std::unique_ptr<Game> game;
  try {
    game = make_game(spec);
  } catch (const UserError& e) {
    out[page_key::replay::kStopped] = std::string("cannot build the game: ") + e.what();
  }
  std::unique_ptr<State> state = game ? game->new_initial_state() : nullptr;
  if (state) frames.add(picture_to_json(state->spectator_picture()));
  for (std::size_t i = 0; state && i < actions.size(); ++i) {
    Move move = -1;
    if (!step(*state, actions[i], move).empty() || state->current_player() != actions[i].actor) {
      out[page_key::replay::kStopped] =
          "the game in play could not be followed past action " + std::to_string(i);
      break;
    }
    seen.push_back(json::array{actions[i].actor, json::value(state->spectator_action_view(move)), -1});
    state->apply(move);
    frames.add(picture_to_json(state->spectator_picture()));
  }
  out[page_key::replay::kActions] = std::move(seen);
  // One view, the spectator's. Not json::array{frames}: whether that braced list holds the
  // frames as one element or copies the array is where g++ 12 and clang 14 disagree.
  json::array views;
  views.push_back(std::move(frames.frames));
  out[page_key::replay::kViews] = std::move(views);
  return out;
}

Picture picture_at(const GameRecord& record, int ply, int seat) {
  auto game = make_game(record.spec);
  if (seat < 0 || seat > game->num_players())
    throw UserError("seat " + std::to_string(seat) + ": " + record.spec + " has seats 1.." +
                    std::to_string(game->num_players()));
  if (ply < 0 || ply > static_cast<int>(record.actions.size()))
    throw UserError("ply " + std::to_string(ply) + ": the game has " + std::to_string(record.actions.size()) +
                    " actions");
  auto state = game->new_initial_state();
  for (int i = 0; i < ply; ++i) {
    Move move = -1;
    const std::string why = step(*state, record.actions[i], move);
    if (!why.empty()) throw UserError("action " + std::to_string(i + 1) + " does not replay: " + why);
    state->apply(move);
  }
  return state->picture(seat);
}

}  // namespace arena::report
