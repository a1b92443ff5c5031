// FlowsGame (seating and legality from the parameters, the rare situations) and the
// registry entry.
#include "engine/flows/flows_game.h"

#include "engine/flows/flows_state.h"

namespace arena::flows {

FlowsGame::FlowsGame(const GameInfo& info, Params params, Seating seating, Legality legality)
    : Game(info, std::move(params)), seating_(std::move(seating)), legality_(legality) {}

std::unique_ptr<State> FlowsGame::new_initial_state() const { return std::make_unique<FlowsState>(*this); }

namespace {

std::unique_ptr<Game> make_flows(const GameInfo& info, const Params& params) {
  int players = static_cast<int>(params.integer("players"));
  Seating seating = make_seating(players, params.text("sides"));
  Legality legality = params.text("legality") == "independent" ? Legality::kIndependent : Legality::kDistinct;
  // Canonical spec: "default" for the default seating (however it was spelled), else the
  // explicit list, so equal games always have equal specs.
  Params canonical = params;
  for (auto& [key, value] : canonical.values)
    if (key == "sides")
      value = seating.side_of_seat == default_sides(players) ? "default" : seating.to_text();
  return std::make_unique<FlowsGame>(info, std::move(canonical), std::move(seating), legality);
}

}  // namespace

// With 5 players the solo seat also plays the black side's turn: twice in every round.
const std::vector<RareSituation>& FlowsGame::rare_situations() const {
  static const std::vector<RareSituation> list = {
      {"extra_turn", "the 5-player extra turn", 5, seat_acts_early},
  };
  return list;
}

}  // namespace arena::flows

namespace arena {

const GameEntry& flows_entry() {
  using namespace flows;
  static const GameEntry entry{
      GameInfo{
          "flows",
          "Flows (Quortex)",
          2,
          6,
          {int_param("players", 2, 2, 6, "number of players"),
           choice_param("legality", "distinct", {"distinct", "independent"},
                        "distinct: all players/teams must keep routes at once; independent: each alone"),
           text_param("sides", "default",
                      "board side of each seat, seat 1 first then clockwise, e.g. 0-2-4; default: 2p 0-2, "
                      "3p 0-2-4, 4p 0-1-3-4, 5p 0-1-2-3-4, 6p 0-1-2-3-4-5",
                      "'default' or sides 0..5 joined by '-' in clockwise order")}},
      make_flows};
  return entry;
}

}  // namespace arena
