// Flush's sampled states (FlushGame::sample_state, engine/flush/flush_sample.cpp) and the
// hands shown when a round ends (engine/flush/round_end.cpp), which make a seat's views
// enough to rebuild everything it knows: the own hand is always the real one, a card seen
// played is never in another hand, every card the seat never saw turns up somewhere in some
// sample, and later rounds (whose totals come from the hands shown) sample as well.
#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <sstream>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"
#include "engine/core/user_error.h"
#include "engine/flush/flush_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flush_sample_test {

using namespace arena;
using namespace arena::flush;

namespace {

const FlushState& fs(const State& s) { return static_cast<const FlushState&>(s); }

void play(State& s, const std::string& moves) {
  std::istringstream in(moves);
  std::string token;
  while (in >> token) {
    const ParsedMove p = s.parse_move(token);
    INFO(token << ": " << p.error);
    REQUIRE(p.ok());
    s.apply(p.move);
  }
}

// Plays random actions until `stop` says so at a decision (or the game ends).
template <class Stop>
std::unique_ptr<State> play_until(const Game& game, Rng& rng, Stop stop) {
  auto state = game.new_initial_state();
  std::vector<Move> scratch;
  while (!state->is_terminal() && (state->is_chance() || !stop(fs(*state))))
    state->apply(random_action(*state, rng, scratch));
  return state;
}

std::vector<std::string> legal_texts(const State& s) {
  std::vector<std::string> out;
  for (Move m : s.legal_moves()) out.push_back(s.move_to_string(m));
  return out;
}

// A sample agrees with all the seat saw: the same views, observation and legal moves.
void check_sample(const Game& game, const State& real, const State& sample, int seat) {
  const auto seen = seen_by(game, seat, real.history());
  const auto again = seen_by(game, seat, sample.history());
  REQUIRE(again.size() == seen.size());
  for (std::size_t i = 0; i < seen.size(); ++i) {
    INFO("action " << i + 1);
    REQUIRE(again[i].view == seen[i].view);
  }
  CHECK(sample.observation(seat) == real.observation(seat));
  CHECK(legal_texts(sample) == legal_texts(real));
}

}  // namespace

TEST_CASE("flush sample: the action ending a round shows every hand still held", "[flush][sampled]") {
  auto game = make_game("flush:players=3,limit=1000");
  auto s = game->new_initial_state();
  play(*s, "#start1 #9 #9 #9 #F #F #F #F #F #F #F #9 #1 #2 #3 #5 #5 #5b #6 #7 #8 #10 #4");
  play(*s, "#1 #1 #1 #2 #2 #3 #3 #3s #4 #4 #4 #5");
  const Move first = s->parse_move("9+9^+9^+9^").move;
  CHECK(!fs(*s).ends_round(first));
  CHECK(s->action_view(2, first) == "9+9^+9^+9^");
  play(*s, "9+9^+9^+9^ F+F+F+F+F+F+F flip #F flip #F flip");
  const Move last = s->parse_move("#9b").move;
  REQUIRE(fs(*s).ends_round(last));
  for (int seat = 1; seat <= 3; ++seat) {
    CHECK(s->action_view(seat, last) == "#9b;shown:2=4+5+5+5b+6+7+8+10,3=2+2+3+3+3s+4+4+4");
    CHECK_THAT(s->describe_action(seat, last), Catch::Contains("hands shown: "));
  }
  CHECK_THAT(s->describe_action(2, last), Catch::EndsWith("you 4+5+5+5b+6+7+8+10, seat 3 2+2+3+3+3s+4+4+4"));
}

TEST_CASE("flush sample: ends_round is exactly the moves after which the round is over", "[flush][sampled]") {
  std::vector<Move> scratch;
  int ends = 0;
  for (int players = 2; players <= 6; ++players)
    for (int g = 0; g < 3; ++g) {
      auto game = make_game("flush:players=" + std::to_string(players) + ",limit=80");
      Rng rng(derive_seed(404, players * 10 + g));
      auto state = game->new_initial_state();
      while (!state->is_terminal()) {
        const FlushState& s = fs(*state);
        const Move m = random_action(*state, rng, scratch);
        const FlushState::Phase phase = s.phase();
        const bool said = s.ends_round(m);
        const int round = s.round(), voided = s.voided_rounds();
        const std::string view = state->action_view(1, m);
        state->apply(m);
        const bool decision = phase == FlushState::Phase::kPlay || phase == FlushState::Phase::kAdd ||
                              phase == FlushState::Phase::kGive || phase == FlushState::Phase::kBlindReveal;
        const bool over = s.phase() == FlushState::Phase::kScoreReveal ||
                          (s.voided_rounds() == voided && (s.round() != round || state->is_terminal()));
        INFO(game->spec() << " action " << state->history().size() << " " << view);
        CHECK(said == (decision && over));
        CHECK((view.find(";shown:") != std::string::npos) == said);
        ends += said;
      }
    }
  CHECK(ends > 20);
}

TEST_CASE("flush sample: many samples at one position in round 1", "[flush][sampled]") {
  auto game = make_game("flush:players=4");
  const int seat = 3;
  Rng rng(derive_seed(12, 1));
  // Seat 3's second decision: others have played, none has picked up yet.
  int decisions = 0;
  auto state = play_until(
      *game, rng, [&](const FlushState& s) { return s.current_player() == seat && ++decisions == 2; });
  REQUIRE(!state->is_terminal());
  const FlushState& real = fs(*state);
  REQUIRE(real.round() == 1);
  const auto seen = seen_by(*game, seat, state->history());
  Cards never_seen = real.unseen();  // every card the seat has not seen
  for (int s = 1; s <= 4; ++s)
    if (s != seat) never_seen.add_all(real.seat_cards(s).hand);
  Cards played = real.pile_cards();
  played.add_all(real.flushed());
  REQUIRE(played.size() > 0);

  std::set<std::string> pictures;
  Cards landed;  // kinds found in another seat's sampled hand
  for (int k = 0; k < 400; ++k) {
    auto sample = game->sample_state(seat, seen, rng);
    const FlushState& f = fs(*sample);
    if (k < 20) check_sample(*game, *state, *sample, seat);
    REQUIRE(f.seat_cards(seat).hand == real.seat_cards(seat).hand);
    for (int s = 1; s <= 4; ++s) {
      if (s == seat) continue;
      const Cards& hand = f.seat_cards(s).hand;
      CHECK(hand.size() == real.seat_cards(s).hand.size());
      for (int kind = 0; kind < kNumKinds; ++kind) {
        // A card seen played is on the pile or flushed, so in no hand if it was the only copy.
        if (copies_of(kind) == 1 && played[kind] > 0) CHECK(hand[kind] == 0);
        CHECK(hand[kind] <= never_seen[kind]);
        if (hand[kind] > 0) landed.n[kind] = 1;
      }
    }
    pictures.insert(sample->render());
  }
  CHECK(pictures.size() > 300);  // the samples differ from each other
  for (int kind = 0; kind < kNumKinds; ++kind) {
    INFO(kind_text(kind));
    if (never_seen[kind] > 0) CHECK(landed[kind] == 1);  // every unseen card lands somewhere
  }
}

TEST_CASE("flush sample: a late position (round 2 and on) samples correctly, and fast", "[flush][sampled]") {
  int tested = 0;
  for (int players = 2; players <= 6; ++players) {
    auto game = make_game("flush:players=" + std::to_string(players));
    Rng rng(derive_seed(33, players));
    auto state =
        play_until(*game, rng, [&](const FlushState& s) { return s.round() >= 3 && s.num_plays() >= 3; });
    if (state->is_terminal()) continue;
    const int seat = state->current_player();
    const FlushState& real = fs(*state);
    INFO(game->spec() << " round " << real.round() << " after " << state->history().size() << " actions");
    const auto seen = seen_by(*game, seat, state->history());
    std::set<std::string> pictures;
    const int samples = 40;
    std::vector<std::unique_ptr<State>> drawn;
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < samples; ++k) drawn.push_back(game->sample_state(seat, seen, rng));
    const auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
    for (const auto& sample : drawn) {
      check_sample(*game, *state, *sample, seat);
      CHECK(fs(*sample).seat_cards(seat).hand == real.seat_cards(seat).hand);
      for (int s = 1; s <= players; ++s) CHECK(fs(*sample).total(s) == real.total(s));
      pictures.insert(sample->render());
    }
    WARN(game->spec() << ": " << micros.count() / samples << " us per sample after "
                      << state->history().size() << " actions, round " << real.round());
    CHECK(pictures.size() > 1);
    ++tested;
  }
  CHECK(tested >= 4);
}

TEST_CASE("flush sample: views no game shows are a clear error", "[flush][sampled]") {
  auto game = make_game("flush:players=2");
  Rng rng(1);
  auto s = game->new_initial_state();
  play(*s, "#start1 #1 #2 #3 #4 #4 #5 #6 #6 #7 #7s #8 #9 #9 #10 #2 #2 #2 #3 #3 #3 #4 #4 #F 8");
  auto seen = seen_by(*game, 1, s->history());
  // Seat 2 cannot play a Skip 7: seat 1 holds the only one.
  CHECK(seen.back().view == "8");
  seen.push_back({2, "7s"});
  CHECK_THROWS_WITH(game->sample_state(1, seen, rng),
                    Catch::Contains("no state shows seat 1") && Catch::Contains("7s"));
  CHECK_THROWS_AS(game->sample_state(3, seen, rng), UserError);
  std::vector<SeenAction> nonsense{{kChance, "#start1"}, {kChance, "#zz"}};
  CHECK_THROWS_WITH(game->sample_state(1, nonsense, rng), Catch::Contains("no state shows seat 1"));
}

}  // namespace flush_sample_test
