// Writes a PGN file of N random games (default 10,000) for timing `arena verify`, mixing
// the games at their defaults the way a season of tournaments would. The records are made
// in-process with the engine and records/pgn.h, exactly as the referee writes them
// (chance outcomes included), so verify has real work: every action is replayed.
//
//   records_bench OUT.pgn [N]
#include <cstdio>
#include <string>
#include <vector>

#include "arena_version.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "records/pgn.h"

using namespace arena;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: records_bench OUT.pgn [GAMES]\n");
    return 2;
  }
  const int n = argc > 2 ? std::atoi(argv[2]) : 10000;
  // Every game at its defaults but Flows: its exact legality makes random games slow to
  // generate, and its verify cost is that of the legality solver, benchmarked on its own
  // (flows_bench).
  std::vector<std::unique_ptr<Game>> games;
  for (const GameEntry* g : all_games())
    if (g->info.id != "flows") games.push_back(make_game(g->info.id));
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) {
    std::perror(argv[1]);
    return 1;
  }
  std::vector<Move> scratch;
  for (int g = 0; g < n; ++g) {
    const Game& game = *games[g % games.size()];
    const std::uint64_t seed = derive_seed(2024, g);
    Rng rng(seed);
    GameRecord r;
    r.event = "records bench";
    r.date = "2024.01.01";
    r.round = std::to_string(g + 1);
    r.spec = game.spec();
    r.seed = seed;
    r.time_control = "10+0.1";
    for (int s = 1; s <= game.num_players(); ++s) r.players.push_back("bot" + std::to_string(s));
    r.referee_version = std::string("arena ") + ARENA_VERSION;
    auto state = game.new_initial_state();
    while (!state->is_terminal() && static_cast<int>(state->history().size()) < game.max_game_length()) {
      const bool chance = state->is_chance();
      Move m = chance ? sample_chance(*state, rng) : random_action(*state, rng, scratch);
      r.actions.push_back(RecordedAction{chance ? kChance : state->current_player(), state->move_to_string(m),
                                         chance ? -1 : static_cast<std::int64_t>(rng.below(5000))});
      state->apply(m);
    }
    if (state->is_terminal()) {
      r.results = state->results();
      r.termination = Termination::kNormal;
    } else {
      continue;  // a length-capped game would need the adjudication rules; not needed here
    }
    const std::string text = format_pgn(r);
    std::fwrite(text.data(), 1, text.size(), out);
  }
  std::fclose(out);
  return 0;
}
