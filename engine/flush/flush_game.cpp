#include "engine/flush/flush_game.h"

#include "engine/flush/flush_state.h"
#include "engine/games.h"

namespace arena {

namespace flush {

FlushGame::FlushGame(const GameInfo& info, Params params)
    : Game(info, std::move(params)),
      players_(static_cast<int>(this->params().integer("players"))),
      limit_(static_cast<int>(this->params().integer("limit"))),
      flush_points_(static_cast<int>(this->params().integer("flush_points"))),
      bonus_(static_cast<int>(this->params().integer("bonus"))),
      max_rounds_(static_cast<int>(this->params().integer("max_rounds"))) {}

std::unique_ptr<State> FlushGame::new_initial_state() const { return std::make_unique<FlushState>(*this); }

int FlushGame::max_game_length() const {
  // Per deal: the start-seat draw, 6*11+1 dealt cards and up to 18 Blinds scored. Every
  // Flush removes at least one card for the rest of the round, so a round holds at most
  // 91 stretches of fewer than kStalematePlays plays, each play taking at most four
  // actions (flip, its reveal, the added cards, the Base given).
  const long per_round = 1 + 67 + 18 + 91L * (kStalematePlays + 1) * 4;
  return static_cast<int>(per_round * max_rounds_);
}

const std::vector<RareSituation>& FlushGame::rare_situations() const {
  static const std::vector<RareSituation> list = {
      {"blind_flip", "a turn where a lone Blind may be flipped", 0,
       [](const State& s) { return has_legal_move(s, "flip"); }},
      {"after_flip", "adding cards (or done) after a flip", 0,
       [](const State& s) { return has_legal_move(s, "done"); }},
      {"pick_up", "a pick-up (no normal play)", 0,
       [](const State& s) { return has_legal_move_prefix(s, "pick:"); }},
  };
  return list;
}

}  // namespace flush

const GameEntry& flush_entry() {
  static const GameEntry entry{
      GameInfo{"flush",
               "Flush (Millie's Games), shedding card game",
               2,
               6,
               {int_param("players", 4, 2, 6, "number of players"),
                int_param("limit", 150, 1, 100000, "a player whose total reaches this is eliminated"),
                int_param("flush_points", 50, 0, 1000, "points of a Flush card held at the end of a round"),
                int_param("bonus", 10, 0, 1000, "points a Bonus card in the finishing play takes off"),
                int_param("max_rounds", 100, 1, 1000,
                          "deals (void ones included) after which the game stops and players rank by total")},
               "max_rounds=1"},
      [](const GameInfo& info, const Params& params) -> std::unique_ptr<Game> {
        return std::make_unique<flush::FlushGame>(info, params);
      }};
  return entry;
}

}  // namespace arena
