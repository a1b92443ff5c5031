// The sampled-state hook (engine/core/sampled_state.h), over every registered game and player
// count: at random decisions of random games, a state sampled from what the deciding seat saw
// shows that seat exactly the same views, observation and legal moves; in games with hidden
// information the samples differ where the seat cannot know (the sampler draws, it does not
// copy the real state).
#include "engine/core/sampled_state.h"

#include <catch2/catch.hpp>
#include <set>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace sampled_state_test {

using namespace arena;

namespace {

std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> out;
  for (Move m : s.legal_moves()) out.push_back(s.move_to_string(m));
  return out;
}

bool same_views(const std::vector<SeenAction>& a, const std::vector<SeenAction>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].actor != b[i].actor || a[i].view != b[i].view) return false;
  return true;
}

// Plays one random game; at every `stride`-th decision samples from the deciding seat's
// views and checks the sample. Returns how many decisions had samples that differed.
int check_game(const Game& game, std::uint64_t seed, int stride, int samples) {
  Rng rng(seed);
  auto state = game.new_initial_state();
  std::vector<Move> scratch;
  int decisions = 0, varied = 0;
  while (!state->is_terminal()) {
    if (!state->is_chance() && ++decisions % stride == 0) {
      const int seat = state->current_player();
      const auto seen = seen_by(game, seat, state->history());
      std::set<std::string> pictures;
      for (int k = 0; k < samples; ++k) {
        INFO(game.spec() << " seed " << seed << " ply " << state->history().size() << " seat " << seat
                         << " sample " << k);
        auto sampled = game.sample_state(seat, seen, rng);
        REQUIRE(sampled->current_player() == seat);
        CHECK(same_views(seen_by(game, seat, sampled->history()), seen));
        CHECK(sampled->observation(seat) == state->observation(seat));
        CHECK(legal_texts(*sampled) == legal_texts(*state));
        pictures.insert(sampled->render());
      }
      if (pictures.size() > 1) ++varied;
    }
    state->apply(random_action(*state, rng, scratch));
  }
  return varied;
}

}  // namespace

TEST_CASE("sampled state: every game's samples agree with all the deciding seat saw", "[engine][sampled]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    int varied = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) varied += check_game(*game, seed, 5, 3);
    INFO(spec);
    if (!game->hidden_information())
      CHECK(varied == 0);  // there is one state to give
    else if (game->id() != "flows")
      CHECK(varied > 0);  // hidden hands are drawn, not copied (a Flows draw is shown when placed)
  }
}

TEST_CASE("sampled state: views no state can show are a clear error", "[engine][sampled]") {
  auto game = make_game("flume:size=5");
  Rng rng(1);
  std::vector<SeenAction> seen{{1, "zz99"}};
  CHECK_THROWS_WITH(game->sample_state(1, seen, rng), Catch::Contains("no state shows seat 1"));
}

}  // namespace sampled_state_test
