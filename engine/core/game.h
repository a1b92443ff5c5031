// The one API every Arena game implements. Modelled on OpenSpiel's Game/State split:
// a Game is an immutable rule set built from a canonical spec; a State is one position
// that knows who acts, which moves are legal, and how to apply them.
//
// Conventions shared by every game (docs/engine.md explains them for game authors):
// - Seats are numbered 1..N everywhere outside a game's internals. kChance (0) marks a
//   chance node, kTerminal (-1) a finished game.
// - Moves are small integers (Move) inside; text notation exists only at the boundary.
//   A move's text is one token: printable ASCII, no spaces, so protocol lines can list
//   moves separated by spaces.
// - Chance outcomes are Moves too, with their own notation, distinct from player moves.
//   The engine never rolls dice: the caller samples chance_outcomes() with its own RNG,
//   so a game is replayable from its recorded actions alone.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/rare_situation.h"
#include "engine/core/spec.h"
#include "engine/core/user_error.h"

namespace arena {

using Move = std::int32_t;

inline constexpr int kChance = 0;
inline constexpr int kTerminal = -1;
// The seat number of a spectator, in games whose views compare a seat with the seats that
// may see a thing (spectator_picture's implementations): it equals no seat and is not the full
// table (0), so every seat's private parts stay hidden from it.
inline constexpr int kSpectatorSeat = -2;

// One entry of a state's history: who acted (seat 1..N or kChance) and what.
struct Action {
  int actor;
  Move move;
  bool operator==(const Action&) const = default;
};

// Final standing of one seat. rank 1 is best; equal ranks are ties.
struct SeatResult {
  int rank = 1;
  double score = 0;
  int team = 0;  // seats with the same team number share results; 0-based team index
  bool operator==(const SeatResult&) const = default;
};

// Outcome of turning a text into a move in a given state.
struct ParsedMove {
  enum class Status { kOk, kUnparseable, kIllegal };
  Status status = Status::kUnparseable;
  Move move = -1;
  std::string error;  // for kUnparseable / kIllegal: what was wrong, with a few legal moves
  bool ok() const { return status == Status::kOk; }
};

class Game;
class MoveNameTable;
class Rng;
struct SeenAction;
struct Picture;

class State {
 public:
  explicit State(const Game& game) : game_(&game) {}
  virtual ~State() = default;

  const Game& game() const { return *game_; }

  // Seat to act (1..N), kChance, or kTerminal.
  virtual int current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminal; }
  bool is_chance() const { return current_player() == kChance; }

  // Legal moves for the seat to act, canonical and in a deterministic order; at a chance
  // node, the distinct chance outcomes (same order as chance_outcomes()). Clears `out`
  // first and reuses its capacity, so hot loops allocate nothing.
  virtual void legal_moves(std::vector<Move>& out) const = 0;
  std::vector<Move> legal_moves() const {
    std::vector<Move> v;
    legal_moves(v);
    return v;
  }

  // Distinct chance outcomes with probabilities summing to 1. Only at chance nodes.
  virtual std::vector<std::pair<Move, double>> chance_outcomes() const;

  // Applies a move that is legal here (callers validate text through parse_move).
  void apply(Move m) {
    history_.push_back({current_player(), m});
    do_apply(m);
  }

  // Notation of a move (or chance outcome) legal in this state. Context dependent:
  // call it before applying the move.
  virtual std::string move_to_string(Move m) const = 0;
  // The same notation appended to `out`. The referee lists every legal move before each
  // decision; games with a table of names override this so that costs no string per move.
  virtual void append_move_name(Move m, std::string& out) const { out += move_to_string(m); }

  // What `seat` (1..N) may learn of this action, taken in this state by the current actor.
  // The full notation for public actions (the default), a redacted token such as "?"
  // for hidden ones, or "" when the seat learns nothing at all.
  virtual std::string action_view(int seat, Move m) const;

  // Turns text into a legal move of this state. The default matches the text against
  // the notation of every legal move; games override it to accept alternative spellings
  // and to tell unparseable text from illegal moves.
  virtual ParsedMove parse_move(std::string_view text) const;

  // Everything `seat` may know, as lines of text ("key value..." by convention); never
  // anything hidden from that seat. A stateless bot can play from this alone.
  virtual std::string observation(int seat) const = 0;
  // observation(seat) appended to `out` line by line, each line after `prefix` (the referee
  // sends them as "obs LINE"), empty lines left out. Default: from observation(seat); a
  // game that builds its text by appends may write it here directly instead.
  virtual void append_observation_lines(int seat, std::string_view prefix, std::string& out) const;

  // Human-readable picture of the full state (for people and logs, not for bots).
  virtual std::string render() const = 0;
  // Structured picture for viewers (engine/core/picture.h): seat 0 the full table, 1..N only
  // what that seat may know. Default: a caption (render's first line) and nothing else.
  virtual Picture picture(int seat) const;
  // What a spectator may know, who sits in no seat (`arena serve`'s page of a game in play):
  // everything public and nothing any seat holds alone; a hand's cards only once the rules
  // show them to every seat. Games with hidden information override both; the defaults show
  // the full table where nothing is hidden, and only the caption (no action) where something
  // is but the game says nothing of what is public, so a new game never leaks by default.
  virtual Picture spectator_picture() const;
  virtual std::string spectator_action_view(Move m) const;

  // For a person playing a seat at the terminal (`arena match --bot me=human`). These live
  // on State, beside each game's notation and parser, so the CLI stays free of any rules.
  //
  // The position as `seat` may see it, laid out for a person in 80 columns: never anything
  // hidden from that seat. Default: observation(seat).
  virtual std::string render_for(int seat) const { return observation(seat); }
  // One action in plain words as `seat` may know it, taken in this state by the current
  // actor ("seat 3 played 5+5+5", "you were dealt 7s"); "" when the seat learns nothing.
  // Default: from action_view, "you played X", "seat N played X", "chance: X".
  virtual std::string describe_action(int seat, Move m) const;
  // A short summary of the move notation with examples, for the human seat's `help`
  // command. Default: type a move as the legal-move list writes it.
  virtual std::string notation_help() const;

  // A hint for the playouts of searching bots (bots/search/): how good `m`, legal here, looks
  // at a glance, from 0 (best avoided) up; playouts prefer the moves of the highest hint.
  // Must be cheap: no apply, no allocation. Default: every move alike. A game whose random
  // playouts mislead (Flume: a random player hands its opponent extra placements) says here
  // what any beginner would see.
  virtual int playout_hint(Move) const { return 1; }
  // How good this live position looks to `seat` (1..N) at a glance, for bots that try every
  // move one ply deep and keep the best (bots/greedy_bot.cpp): higher is better, comparable
  // only between positions of one game. The rules of a game live here, so such a bot names
  // no game. Default: 0, every position alike (the bot then takes a winning move if there
  // is one, else any).
  virtual double heuristic_value(int /*seat*/) const { return 0; }

  // Per-seat results; only meaningful when is_terminal().
  virtual std::vector<SeatResult> results() const = 0;

  // The learning view (engine/core/tensor.h, docs/learning.md), after OpenSpiel's
  // ObservationTensor: what `seat` (1..N) may know, never more, as the game's observation_shape()
  // of floats written into `out`, allocating nothing. Throws UserError for a bad seat, a buffer of
  // another size, or a game without a learning view.
  void write_observation(int seat, std::span<float> out) const;
  // A player's move legal here as its index in the game's fixed action space
  // (0..num_distinct_actions()-1), and back: the move an index names here, without checking that
  // it is legal. -1 for a chance outcome, an index naming no move, or a game without the view.
  virtual int action_index(Move) const { return -1; }
  virtual Move action_move(int /*index*/) const { return -1; }
  // action_index of each of `moves` (legal here) into `out`, of the same size: what a training
  // loop asks at every step, in one call (games override it to skip the virtual call per move).
  virtual void action_indices(std::span<const Move> moves, std::span<int> out) const;

  virtual std::unique_ptr<State> clone() const = 0;
  // Becomes a copy of `other` (same game type), reusing this object's allocations:
  // perft and playouts keep a stack of states instead of cloning at every node.
  virtual void assign(const State& other) = 0;

  // Every action since the initial state, chance outcomes included.
  const std::vector<Action>& history() const { return history_; }

 protected:
  virtual void do_apply(Move m) = 0;
  // write_observation after its checks of the seat: a game's *_tensor.cpp (default: no view).
  virtual void do_write_observation(int seat, std::span<float> out) const;
  State(const State&) = default;
  State& operator=(const State&) = default;

 private:
  const Game* game_;
  std::vector<Action> history_;
};

// Implements clone() and assign() for a concrete state type by copying.
template <class Derived>
class StateBase : public State {
 public:
  using State::State;
  std::unique_ptr<State> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  void assign(const State& other) override {
    static_cast<Derived&>(*this) = static_cast<const Derived&>(other);
  }
};

class Game {
 public:
  Game(const GameInfo& info, Params params);
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const GameInfo& info() const { return *info_; }
  const std::string& id() const { return info_->id; }
  // Canonical spec: id plus every parameter, defaults filled in, in declared order.
  const std::string& spec() const { return spec_; }
  const Params& params() const { return params_; }

  virtual int num_players() const = 0;
  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // Upper bound on the number of actions (chance included) a game can last; referees
  // and perft use it as a safety net.
  virtual int max_game_length() const = 0;
  // The names of the moves when each is fixed by its code whatever the state (then
  // State::move_to_string and append_move_name must agree with it): the referee names every
  // legal move from it before each decision. nullptr (the default): named by the state.
  virtual const MoveNameTable* move_name_table() const { return nullptr; }
  // Whether some seat ever lacks information another has (cards, tile draws).
  virtual bool hidden_information() const { return false; }
  // True when this game's states give State::playout_hint (searching bots skip the calls
  // otherwise).
  virtual bool playout_hints() const { return false; }
  // Decisions worth steering a bot into when checking it (engine/core/rare_situation.h);
  // none by default.
  virtual const std::vector<RareSituation>& rare_situations() const;
  // Fixed partnerships: the 0-based team of each seat (1..N), the same for the whole game.
  // Seats of one team share results. Default: every seat is its own team. Games whose
  // partnerships change during play (a called partner) keep the default.
  // Every other layer (schedules, partnership rotations, fault adjudication, ratings, what
  // people read) takes teams from here; results() must give each seat the same team
  // (tests/engine/contract_test.cpp checks it for every game and player count).
  virtual int team_of(int seat) const { return seat - 1; }
  // The team as people read it ("team 1"): 1-based, where protocol lines and records keep
  // team_of's 0-based index.
  int team_number(int seat) const { return team_of(seat) + 1; }
  // A state that agrees with everything `seat` saw (`seen`: the views of the actions it was
  // sent, oldest first): the same views, observation and legal moves for that seat, every
  // hidden part drawn from `rng` among the possibilities consistent with them
  // (engine/core/sampled_state.h). Throws UserError when no state shows `seat` these views.
  // Default: the generic search, exact where every hidden action is soon revealed.
  virtual std::unique_ptr<State> sample_state(int seat, std::span<const SeenAction> seen, Rng& rng) const;
  // The learning view's sizes (engine/core/tensor.h): the shape of every seat's observation
  // tensor, and how many distinct player actions the fixed action space has. {} and 0 (the
  // defaults): the game has no learning view.
  virtual std::vector<int> observation_shape() const { return {}; }
  virtual int num_distinct_actions() const { return 0; }

 private:
  const GameInfo* info_;
  Params params_;
  std::string spec_;
};

// " (N legal, e.g. a b c d e ...)": appended to error messages about moves.
std::string legal_moves_hint(const State& state, const std::vector<Move>& legal);

// parse_move, throwing a UserError with the parser's message on failure.
Move parse_or_throw(const State& state, std::string_view text);

}  // namespace arena
