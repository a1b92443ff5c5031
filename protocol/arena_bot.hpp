// Arena bot SDK for C++ (header-only). Subclass arena::bot::Bot, implement choose(),
// and call run() from main():
//
//   #include "protocol/arena_bot.hpp"
//   struct First : arena::bot::Bot {
//     std::string name() const override { return "first"; }
//     std::string choose(const arena::bot::Turn& t) override { return t.legal.front(); }
//   };
//   int main() { return First().run(); }
//
// The SDK speaks the protocol of docs/protocol.md: handshake, games in a row, events,
// observation, legal moves, clock, game over, quit. Bots that search use the engine (this
// part needs the engine library: Arena::engine, docs/bots.md): Turn::replay() rebuilds the
// state from the events when the game has no hidden information; Turn::sample() draws a full
// state that agrees with everything this seat saw, in every game (the hidden parts sampled).
#pragma once

#include <cstdint>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"

namespace arena::bot {

// One action this seat saw: actor is "1".."N" or "chance"; token is what the seat
// may know of it (full notation, or a redacted token such as "?").
struct Event {
  std::string actor;
  std::string token;
};

struct Turn {
  std::string spec;                      // canonical game spec, e.g. "clump:size=8"
  int seat = 0, players = 0;             // this bot's seat 1..N and the seat count
  std::uint64_t seed = 0;                // per game and seat: use it for repeatable randomness
  std::vector<Event> events;             // everything seen this game, oldest first
  std::vector<std::string> observation;  // the "obs" lines of this decision
  std::vector<std::string> legal;        // legal moves, empty when the referee does not send them
  std::int64_t remaining_ms = -1, increment_ms = 0, movetime_ms = -1;  // -1: no limit

  // The full game state after the events (needs every action in full notation, i.e. a
  // game without hidden information). Throws arena::MoveError / SpecError otherwise.
  std::unique_ptr<arena::Game> game() const { return arena::make_game(spec); }
  std::unique_ptr<arena::State> replay(const arena::Game& g) const {
    auto state = g.new_initial_state();
    for (const auto& e : events) state->apply(arena::parse_or_throw(*state, e.token));
    return state;
  }
  // The events as the engine's SeenAction list (actor "chance" is arena::kChance).
  std::vector<arena::SeenAction> seen() const {
    std::vector<arena::SeenAction> out;
    for (const auto& e : events) out.push_back({e.actor == "chance" ? arena::kChance : std::stoi(e.actor), e.token});
    return out;
  }
  // A full state that shows this seat exactly what it saw (events, observation, legal moves),
  // the hidden parts (other hands, face-down draws) drawn from `rng` among those consistent
  // with it: Game::sample_state. Determinizing searchers call it once per sample.
  std::unique_ptr<arena::State> sample(const arena::Game& g, arena::Rng& rng) const {
    const auto s = seen();
    return g.sample_state(seat, s, rng);
  }
};

// Returned by Bot::choose() to give the game up (the `resign` answer, docs/protocol.md).
// A move is one token without spaces, so this can never be a move.
inline const std::string kResign = " resign";

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string name() const = 0;
  virtual std::string author() const { return ""; }
  // Called on "newgame"; `t` holds spec, seat, players and seed.
  virtual void new_game(const Turn& /*t*/) {}
  // The move to play: one token, normally one of t.legal.
  virtual std::string choose(const Turn& t) = 0;
  // reason: "normal", "time-forfeit", ...; results: one "rank:score" per seat.
  virtual void game_over(const std::string& /*reason*/, const std::vector<std::string>& /*results*/) {}

  // Sends an info line (logged by the referee, never seen by other bots).
  void info(const std::string& text) {
    if (out_) *out_ << "info " << text << "\n" << std::flush;
  }

  // The protocol loop; returns the process exit code.
  int run(std::istream& in = std::cin, std::ostream& out = std::cout) {
    out_ = &out;
    std::string line;
    Turn t;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      std::istringstream ss(line);
      std::string key;
      ss >> key;
      if (key == "arena") {
        out << "name " << name() << "\n";
        if (!author().empty()) out << "author " << author() << "\n";
        out << "ready\n" << std::flush;
      } else if (key == "newgame") {
        t = Turn{};
        ss >> t.spec >> t.seat >> t.players >> t.seed;
        new_game(t);
      } else if (key == "event") {
        Event e;
        ss >> e.actor >> e.token;
        t.events.push_back(std::move(e));
      } else if (key == "obs") {
        t.observation.push_back(line.size() > 4 ? line.substr(4) : "");
      } else if (key == "legal") {
        t.legal.clear();
        for (std::string m; ss >> m;) t.legal.push_back(m);
      } else if (key == "go") {
        ss >> t.remaining_ms >> t.increment_ms >> t.movetime_ms;
        const std::string move = choose(t);
        if (move == kResign)
          out << "resign\n" << std::flush;
        else
          out << "move " << move << "\n" << std::flush;
        t.observation.clear();
        t.legal.clear();
      } else if (key == "gameover") {
        std::string reason;
        ss >> reason;
        std::vector<std::string> results;
        for (std::string r; ss >> r;) results.push_back(r);
        game_over(reason, results);
      } else if (key == "quit") {
        return 0;
      }
      // Unknown lines are ignored: newer referees may add messages.
    }
    return 0;
  }

 private:
  std::ostream* out_ = nullptr;
};

}  // namespace arena::bot
