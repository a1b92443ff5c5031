// The JavaScript engine's exports (docs/javascript.md): Arena's Game/State API (engine/core/game.h)
// as plain C functions of a WebAssembly program, which bindings/js/arena.mjs wraps in classes.
// Games and states are pointers into the program's memory; text crosses in one input buffer
// (arena_js_input) and one output buffer (arena_js_text), lists in arrays read after the call.
//
// Nothing here trusts its caller: a move is checked against the legal moves before it is applied,
// a seat against the seat count, so a wrong call is an error message, never undefined behaviour.
// A call that fails returns a negative number (or 0 for a pointer) and leaves the message in the
// output buffer; what the engine throws (a bad spec, a view no state shows) becomes a JavaScript
// exception on the way (bindings/js/runtime.cpp).
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bindings/js/games_json.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"

namespace {

using arena::Game;
using arena::Move;
using arena::State;

std::string input;                // text from JavaScript (a spec, a move, seen actions)
std::string output;               // text for JavaScript, or the message of a failed call
std::vector<Move> moves;          // chance outcomes, history (actor, move pairs), results
std::vector<double> values;       // chance probabilities, results' scores
std::vector<Move> playout_moves;  // a playout's legal moves (the cache below stays consistent)

// The legal moves of `listed` as it was when `changes` was `listed_at`: a playout's apply checks
// the move it just picked from legal_moves without listing them again. `changes` counts every
// call that changes a state or frees one (whose address a new state may take).
std::vector<Move> legal;
const State* listed = nullptr;
unsigned changes = 0, listed_at = 0;

const std::vector<Move>& legal_of(const State& state) {
  if (listed != &state || listed_at != changes) {
    state.legal_moves(legal);
    listed = &state;
    listed_at = changes;
  }
  return legal;
}

// Every game loaded, for the program's life: states point to their game, and a bot loads a
// handful of specs. Keyed by the spec as asked and by its canonical form.
std::map<std::string, std::unique_ptr<Game>, std::less<>> games;
std::map<std::string, const Game*, std::less<>> asked;

int fail(std::string message) {
  output = std::move(message);
  return -1;
}

int text_result(std::string text) {
  output = std::move(text);
  return static_cast<int>(output.size());
}

bool legal_here(const State& state, Move m) {
  const std::vector<Move>& all = legal_of(state);
  return std::find(all.begin(), all.end(), m) != all.end();
}

// The message for a move that is no legal move here, in the referee's words.
std::string not_legal(const State& state, Move m) {
  if (state.is_terminal()) return "the game is over: no move can be applied";
  return "move " + std::to_string(m) + " is not a legal move here" +
         arena::legal_moves_hint(state, legal_of(state));
}

bool seat_ok(const State& state, int seat) { return seat >= 1 && seat <= state.game().num_players(); }

std::string bad_seat(const Game& game, int seat) {
  return "seat " + std::to_string(seat) + " is not a seat of " + game.spec() + " (1.." +
         std::to_string(game.num_players()) + ")";
}

// "ACTOR VIEW" lines, ACTOR 0 for chance, as arena.mjs writes seen actions.
bool parse_seen(std::string_view text, int players, std::vector<arena::SeenAction>& out) {
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == line.size()) return false;
    int actor = 0;
    for (char c : line.substr(0, space)) {
      if (c < '0' || c > '9' || actor > players) return false;
      actor = actor * 10 + (c - '0');
    }
    if (actor > players) return false;
    out.push_back({actor, std::string(line.substr(space + 1))});
  }
  return true;
}

}  // namespace

#define ARENA_EXPORT(name) __attribute__((export_name(#name))) name

extern "C" {

// Room for `size` bytes of text, valid until the next call that takes text.
char* ARENA_EXPORT(arena_js_input)(int size) {
  input.assign(static_cast<std::size_t>(size), '\0');
  return input.data();
}
const char* ARENA_EXPORT(arena_js_text)() { return output.data(); }
int ARENA_EXPORT(arena_js_text_size)() { return static_cast<int>(output.size()); }
const Move* ARENA_EXPORT(arena_js_moves)() { return moves.data(); }
const Move* ARENA_EXPORT(arena_js_legal)() { return legal.data(); }
const double* ARENA_EXPORT(arena_js_values)() { return values.data(); }

// Every registered game as JSON, the "games" of `arena games --json` (bindings/js/games_json.cpp).
int ARENA_EXPORT(arena_js_games)() { return text_result(arena::js::games_json()); }

// The game of the spec in the input (throws the engine's SpecError on a bad one).
const Game* ARENA_EXPORT(arena_js_load)() {
  if (auto found = asked.find(input); found != asked.end()) return found->second;
  std::unique_ptr<Game> made = arena::make_game(input);
  auto [at, added] = games.try_emplace(made->spec(), std::move(made));
  asked.emplace(input, at->second.get());
  return at->second.get();
}
int ARENA_EXPORT(arena_js_game_spec)(const Game* g) { return text_result(g->spec()); }
int ARENA_EXPORT(arena_js_game_title)(const Game* g) { return text_result(g->info().title); }
int ARENA_EXPORT(arena_js_game_players)(const Game* g) { return g->num_players(); }
int ARENA_EXPORT(arena_js_game_hidden)(const Game* g) { return g->hidden_information() ? 1 : 0; }
int ARENA_EXPORT(arena_js_game_max_length)(const Game* g) { return g->max_game_length(); }

State* ARENA_EXPORT(arena_js_new_state)(const Game* g) { return g->new_initial_state().release(); }
State* ARENA_EXPORT(arena_js_clone)(const State* s) { return s->clone().release(); }
void ARENA_EXPORT(arena_js_assign)(State* to, const State* from) {
  ++changes;
  to->assign(*from);
}
void ARENA_EXPORT(arena_js_free)(State* s) {
  ++changes;
  delete s;
}

// A state that shows `seat` exactly the seen actions in the input, the hidden parts drawn
// with `seed` (Game::sample_state); 0 with the message when the input is no list of actions.
State* ARENA_EXPORT(arena_js_sample)(const Game* g, int seat, std::uint64_t seed) {
  if (seat < 1 || seat > g->num_players()) return fail(bad_seat(*g, seat)), nullptr;
  std::vector<arena::SeenAction> seen;
  if (!parse_seen(input, g->num_players(), seen))
    return fail("seen actions must be ACTOR VIEW lines"), nullptr;
  arena::Rng rng(seed);
  return g->sample_state(seat, seen, rng).release();
}

int ARENA_EXPORT(arena_js_current_player)(const State* s) { return s->current_player(); }

// The legal moves (chance outcomes at a chance node) into arena_js_legal; their count.
int ARENA_EXPORT(arena_js_legal_moves)(const State* s) { return static_cast<int>(legal_of(*s).size()); }

// The names of the legal moves, space-separated, in legal_moves' order.
int ARENA_EXPORT(arena_js_legal_names)(const State* s) {
  output.clear();
  for (Move m : legal_of(*s)) {
    if (!output.empty()) output += ' ';
    s->append_move_name(m, output);
  }
  return static_cast<int>(output.size());
}

int ARENA_EXPORT(arena_js_move_name)(const State* s, Move m) {
  return legal_here(*s, m) ? text_result(s->move_to_string(m)) : fail(not_legal(*s, m));
}

// The move the input names; -1 with the parser's message (unparseable, or illegal with a few
// legal moves) when it names none. Moves are never negative.
int ARENA_EXPORT(arena_js_parse_move)(const State* s) {
  arena::ParsedMove parsed = s->parse_move(input);
  return parsed.ok() ? parsed.move : fail(std::move(parsed.error));
}

int ARENA_EXPORT(arena_js_apply)(State* s, Move m) {
  if (!legal_here(*s, m)) return fail(not_legal(*s, m));
  ++changes;
  s->apply(m);
  return 0;
}

// Applies the move the input names: parse_move, then apply.
int ARENA_EXPORT(arena_js_apply_name)(State* s) {
  if (s->is_terminal()) return fail("the game is over: no move can be applied");
  arena::ParsedMove parsed = s->parse_move(input);
  if (!parsed.ok()) return fail(std::move(parsed.error));
  ++changes;
  s->apply(parsed.move);
  return 0;
}

// Random actions in place until the end or `max_actions` (0: no cap): moves uniform among the
// legal ones, chance by its probabilities, from `seed` (as arena_games' State.playout). Returns
// how many were played.
int ARENA_EXPORT(arena_js_playout)(State* s, std::uint64_t seed, int max_actions) {
  if (max_actions < 0) return fail("maxActions " + std::to_string(max_actions) + ": must be 0 or more");
  ++changes;
  arena::Rng rng(seed);
  int played = 0;
  while (!s->is_terminal() && (max_actions == 0 || played < max_actions)) {
    s->apply(arena::random_action(*s, rng, playout_moves));
    ++played;
  }
  return played;
}

// The chance outcomes into arena_js_moves, their probabilities into arena_js_values; the count
// (0 where the state is no chance node).
int ARENA_EXPORT(arena_js_chance_outcomes)(const State* s) {
  moves.clear();
  values.clear();
  if (!s->is_chance()) return 0;
  for (const auto& [m, p] : s->chance_outcomes()) {
    moves.push_back(m);
    values.push_back(p);
  }
  return static_cast<int>(moves.size());
}

// What `seat` may know, one line per line the referee sends it as "obs LINE", each ending in \n.
int ARENA_EXPORT(arena_js_observation)(const State* s, int seat) {
  if (!seat_ok(*s, seat)) return fail(bad_seat(s->game(), seat));
  output.clear();
  s->append_observation_lines(seat, "", output);
  return static_cast<int>(output.size());
}

// What `seat` learns of legal move m taken here ("" when nothing: the referee sends no event).
int ARENA_EXPORT(arena_js_action_view)(const State* s, int seat, Move m) {
  if (!seat_ok(*s, seat)) return fail(bad_seat(s->game(), seat));
  return legal_here(*s, m) ? text_result(s->action_view(seat, m)) : fail(not_legal(*s, m));
}

// Every action so far as (actor, move) pairs in arena_js_moves; the number of actions.
int ARENA_EXPORT(arena_js_history)(const State* s) {
  moves.clear();
  for (const arena::Action& a : s->history()) {
    moves.push_back(a.actor);
    moves.push_back(a.move);
  }
  return static_cast<int>(s->history().size());
}

// The views `seat` was sent of this state's history, as "ACTOR VIEW" lines (seen_by).
int ARENA_EXPORT(arena_js_seen_by)(const State* s, int seat) {
  if (!seat_ok(*s, seat)) return fail(bad_seat(s->game(), seat));
  output.clear();
  for (const arena::SeenAction& a : arena::seen_by(s->game(), seat, s->history()))
    output += std::to_string(a.actor) + ' ' + a.view + '\n';
  return static_cast<int>(output.size());
}

// Per seat (rank, team) pairs in arena_js_moves and scores in arena_js_values; the seat count,
// or -1 while the game is not over.
int ARENA_EXPORT(arena_js_results)(const State* s) {
  if (!s->is_terminal()) return fail("the game is not over: no results yet");
  moves.clear();
  values.clear();
  for (const arena::SeatResult& r : s->results()) {
    moves.push_back(r.rank);
    moves.push_back(r.team);
    values.push_back(r.score);
  }
  return static_cast<int>(values.size());
}

int ARENA_EXPORT(arena_js_render)(const State* s) { return text_result(s->render()); }

double ARENA_EXPORT(arena_js_heuristic_value)(const State* s, int seat) {
  return seat_ok(*s, seat) && !s->is_terminal() ? s->heuristic_value(seat) : 0;
}

}  // extern "C"
