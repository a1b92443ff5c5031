#include "records/adjudication.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "engine/core/random.h"
#include "engine/core/registry.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace adjudication_test {

using namespace arena;

TEST_CASE("adjudication: two seats, the faulting seat loses", "[referee]") {
  auto game = make_game("clump");
  auto r = fault_results(*game, 1);
  REQUIRE(r.size() == 2);
  CHECK(r[0].rank == 2);
  CHECK(r[0].score == 0);
  CHECK(r[1].rank == 1);
  CHECK(r[1].score == 1);
  r = fault_results(*game, 2);
  CHECK(r[0].rank == 1);
  CHECK(r[1].rank == 2);
  auto d = drawn_results(*game);
  CHECK(d[0].rank == 1);
  CHECK(d[1].rank == 1);
  CHECK(d[0].score == 0.5);
}

TEST_CASE("adjudication: more seats, the faulting seat is last and the others share first place",
          "[referee]") {
  auto game = make_game("flush:players=4");
  auto r = fault_results(*game, 3);
  REQUIRE(r.size() == 4);
  for (int s : {0, 1, 3}) {
    CHECK(r[s].rank == 1);
    CHECK(r[s].score == 1);
  }
  CHECK(r[2].rank == 4);
  CHECK(r[2].score == 0);
}

TEST_CASE("adjudication: partners of the faulting seat share its loss", "[referee]") {
  // A game with fixed partnerships: seats 1+3 against 2+4.
  struct Teams : Game {
    Teams(const GameInfo& info) : Game(info, Params{}) {}
    int num_players() const override { return 4; }
    std::unique_ptr<State> new_initial_state() const override { return nullptr; }
    int max_game_length() const override { return 1; }
    int team_of(int seat) const override { return (seat - 1) % 2; }
  };
  GameInfo info;
  info.id = "teams";
  info.min_players = info.max_players = 4;
  Teams game(info);
  auto r = fault_results(game, 4);
  CHECK(r[0].rank == 1);
  CHECK(r[2].rank == 1);
  // Two sides: the partners are second, as when the rules end a team game (docs/records.md).
  CHECK(r[1].rank == 2);
  CHECK(r[3].rank == 2);
  CHECK(r[1].team == r[3].team);
}

namespace {

// Standard competition ranking over sides (docs/records.md): the seats of a side share one
// rank, and a side's rank is 1 + the number of sides strictly ahead of it.
std::string ranking_problem(const std::vector<SeatResult>& r) {
  std::map<int, int> side_rank;
  for (const SeatResult& x : r) {
    auto [it, fresh] = side_rank.emplace(x.team, x.rank);
    if (!fresh && it->second != x.rank) return "partners ranked apart";
  }
  for (const auto& [side, rank] : side_rank) {
    int ahead = 0;
    for (const auto& [other, other_rank] : side_rank) ahead += other_rank < rank;
    if (rank != 1 + ahead)
      return "side " + std::to_string(side) + " ranked " + std::to_string(rank) + " with " +
             std::to_string(ahead) + " sides ahead";
  }
  return "";
}

std::string ranks_text(const std::vector<SeatResult>& r) {
  std::string out;
  for (const SeatResult& x : r) out += std::to_string(x.rank) + " ";
  return out;
}

}  // namespace

TEST_CASE("adjudication: every game's ranks and every fault's follow one ranking rule", "[referee]") {
  for (const GameEntry* entry : all_games()) {
    for (int n = entry->info.min_players; n <= entry->info.max_players; ++n) {
      const std::string spec = entry->info.id + (entry->info.min_players == entry->info.max_players
                                                     ? std::string()
                                                     : ":players=" + std::to_string(n));
      const auto game = make_game(spec);
      for (int seat = 1; seat <= n; ++seat) {
        const auto r = fault_results(*game, seat);
        INFO(spec << " fault by seat " << seat << ": " << ranks_text(r));
        CHECK(ranking_problem(r).empty());
      }
      int finished = 0;
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        Rng rng(seed);
        auto state = game->new_initial_state();
        std::vector<Move> legal;
        while (!state->is_terminal() && static_cast<int>(state->history().size()) < game->max_game_length()) {
          if (state->is_chance()) {
            state->apply(sample_chance(*state, rng));
            continue;
          }
          state->legal_moves(legal);
          state->apply(legal[rng.next() % legal.size()]);
        }
        if (!state->is_terminal()) continue;
        ++finished;
        const auto r = state->results();
        INFO(spec << " seed " << seed << ": " << ranks_text(r));
        CHECK(ranking_problem(r).empty());
      }
      INFO(spec);
      CHECK(finished > 0);
    }
  }
}

}  // namespace adjudication_test
