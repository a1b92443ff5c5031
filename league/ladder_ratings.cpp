// The ladders shipped with Arena: each measured once by bench/ladder_measure.sh (a round robin
// of the reference bots with a fixed seed; Bradley-Terry / Plackett-Luce ratings shifted so that
// random is 0, with the fit's 95% intervals about the pool average). How and when is in `measured`;
// docs/league.md shows the tables. Regenerate a game's rows with that script when its rules or a reference
// bot's play change.
#include "league/ladder.h"

namespace arena {

const std::vector<PublishedLadder>& published_ladders() {
  // clang-format off
  static const std::vector<PublishedLadder> ladders{
    // Measured with mcts-4096 in the pool too (1649 +/- 131); left out of the ladder, whose
    // every rung plays in every ladder league, for its cost (about 2 s of CPU per game).
    {"clump:size=8", "840 games, round robin of 40 per pair, seed 2026, 2026-11-26: bench/ladder_measure.sh clump:size=8 40 16 64 256 1024 4096", {
      {"ladder-random", "random_bot", 0, 0, 175},
      {"ladder-mcts-16", "mcts_bot", 16, 32, 173},
      {"ladder-mcts-64", "mcts_bot", 64, 541, 134},
      {"ladder-mcts-256", "mcts_bot", 256, 1040, 113},
      {"ladder-greedy", "greedy_bot", 0, 1406, 120},
      {"ladder-mcts-1024", "mcts_bot", 1024, 1429, 121},
    }},
    // Random lost all of its 240 games (no finite rating): left out, the others rated on the 600
    // games without it, the zero at mcts-16. mcts-4096 measured 1229 +/- 85, left out for its cost.
    {"flume:size=7,early_end=false", "600 games, round robin of 40 per pair, seed 2026, 2026-11-26: bench/ladder_measure.sh flume 40 16 64 256 1024 4096", {
      {"ladder-mcts-16", "mcts_bot", 16, 0, 174},
      {"ladder-mcts-64", "mcts_bot", 64, 512, 83},
      {"ladder-greedy", "greedy_bot", 0, 680, 75},
      {"ladder-mcts-256", "mcts_bot", 256, 982, 74},
      {"ladder-mcts-1024", "mcts_bot", 1024, 1176, 82},
    }},
    // greedy_bot's one-ply evaluation does not help at Flows: it rates level with random.
    {"flows:players=2,legality=distinct,sides=default", "400 games, round robin of 40 per pair, seed 2026, 2026-11-26: bench/ladder_measure.sh flows 40 16 64 256", {
      {"ladder-greedy", "greedy_bot", 0, -20, 60},
      {"ladder-random", "random_bot", 0, 0, 59},
      {"ladder-mcts-16", "mcts_bot", 16, 113, 55},
      {"ladder-mcts-64", "mcts_bot", 64, 326, 59},
      {"ladder-mcts-256", "mcts_bot", 256, 591, 87},
    }},
    // Four seats at a table of the five rungs, every seat rotation; Plackett-Luce on the ranks.
    // mcts_bot at 8 iterations plays far worse than random here (measured, not studied); rungs
    // above 128 cost too much per game to play in every ladder league (mcts-128 took about 4 s
    // of CPU per seat and game).
    {"flush:players=4,limit=150,flush_points=50,bonus=10,max_rounds=100", "160 games, round robin of 8 rounds, seed 2026, 2026-11-26: bench/ladder_measure.sh flush 0 8 32 128 -- --rounds 8", {
      {"ladder-mcts-8", "mcts_bot", 8, -359, 64},
      {"ladder-random", "random_bot", 0, 0, 41},
      {"ladder-greedy", "greedy_bot", 0, 23, 42},
      {"ladder-mcts-32", "mcts_bot", 32, 42, 41},
      {"ladder-mcts-128", "mcts_bot", 128, 483, 69},
    }},
    // Two partnerships of two from the five rungs, every partnership and rotation; the deal's
    // luck keeps the ladder short. mcts-1024 took 93 s a game: the top rung is 128.
    {"flume-cards:players=4,target=21,hand_cap=100", "300 games, round robin of 5 rounds, seed 2026, 2026-11-26: bench/ladder_measure.sh flume-cards 0 8 32 128 -- --rounds 5", {
      {"ladder-random", "random_bot", 0, 0, 49},
      {"ladder-greedy", "greedy_bot", 0, 3, 49},
      {"ladder-mcts-8", "mcts_bot", 8, 174, 45},
      {"ladder-mcts-32", "mcts_bot", 32, 239, 47},
      {"ladder-mcts-128", "mcts_bot", 128, 357, 51},
    }},
  };
  // clang-format on
  return ladders;
}

}  // namespace arena
