// Hidden information at the referee level: the protocol text a seat receives (event lines,
// "obs" lines, the "legal" line: referee/seat_messages.h, which GameSession sends verbatim)
// must not depend on anything that seat cannot know. For every game with hidden information
// we play random games, take one seat, and build a second world that differs only in a
// chance outcome hidden from that seat: two cards dealt out of its sight swapped (so the
// cards it may later receive without an event, such as the stock, stay the same), or
// another tile drawn by someone else. Both
// worlds then replay the same actions in lockstep; as long as the seat has been told the
// same events, every decision request it receives must be byte-identical, and the event
// about the changed outcome itself must be identical too. The walk stops where the
// difference becomes public (the tile is placed, the card is played) or where the other
// world cannot follow the recorded actions.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "protocol/messages.h"
#include "referee/seat_messages.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace hidden_information_test {

using namespace arena;

namespace {

// The move or chance outcome of `state` whose notation is `text`.
std::optional<Move> find_text(const State& state, const std::string& text) {
  if (state.is_terminal()) return std::nullopt;
  if (state.is_chance()) {
    for (const auto& [m, p] : state.chance_outcomes())
      if (state.move_to_string(m) == text) return m;
    return std::nullopt;
  }
  ParsedMove p = state.parse_move(text);
  if (!p.ok() || state.move_to_string(p.move) != text) return std::nullopt;
  return p.move;
}

struct Tally {
  int worlds = 0;               // second worlds built
  int hidden_events = 0;        // events about the changed outcome, compared
  int decisions = 0;            // decision requests compared
  int differing_decisions = 0;  // ... of which the full states differed
};

// One random game cut after up to `max_cut` actions; compares what a random seat hears.
// `replace`: the second world may also take another outcome at one hidden node (sound
// only where nothing reaches a seat without an event: Flows tiles, Flush cards; not in
// the Flume card game, whose dealer takes the stock).
// Whether the seat is told the same whatever the outcome of this chance node: only such
// outcomes are mutated. (A node whose view shows part of the outcome, such as the Flume card
// game's dealer seeing the stock it takes with the last refill, tells the worlds apart.)
bool outcome_hidden(const State& state, int seat) {
  const auto outcomes = state.chance_outcomes();
  for (const auto& [m, p] : outcomes)
    if (state.action_view(seat, m) != state.action_view(seat, outcomes.front().first)) return false;
  return true;
}

void compare_worlds(const Game& game, Rng& rng, int max_cut, bool replace, Tally& tally) {
  const int n = game.num_players();
  std::vector<Move> scratch;
  auto state = game.new_initial_state();
  std::vector<Move> moves;
  std::vector<std::string> texts;
  const int cut = 5 + static_cast<int>(rng.below(max_cut));
  const int seat = 1 + static_cast<int>(rng.below(n));
  std::vector<int> hidden;  // chance nodes whose outcome the seat is not told
  while (static_cast<int>(moves.size()) < cut && !state->is_terminal()) {
    const Move m = random_action(*state, rng, scratch);
    const std::string text = state->move_to_string(m);
    if (state->is_chance() && state->action_view(seat, m) != text && outcome_hidden(*state, seat))
      hidden.push_back(moves.size());
    moves.push_back(m);
    texts.push_back(text);
    state->apply(m);
  }
  if (hidden.empty()) return;

  // The mutation: node i gets another hidden outcome, or swaps outcomes with node j.
  const int i = hidden[rng.below(hidden.size())];
  int j = -1;
  std::vector<int> later;
  for (int h : hidden)
    if (h > i && texts[h] != texts[i]) later.push_back(h);
  // Between the two nodes the worlds have dealt different cards (a seat may see the
  // difference in what is left, e.g. when the dealer takes the stock), so decisions there
  // are not compared.
  if (!later.empty() && (!replace || rng.below(2) == 0)) j = later[rng.below(later.size())];
  if (!replace && j < 0) return;

  auto a = game.new_initial_state();
  auto b = game.new_initial_state();
  std::vector<std::string> lines_a, lines_b;
  bool changed = false;
  for (std::size_t k = 0; k <= moves.size(); ++k) {
    const bool a_asks = a->current_player() == seat, b_asks = b->current_player() == seat;
    // Being asked to move is itself something the seat learns.
    REQUIRE(a_asks == b_asks);
    const bool half_swapped = j >= 0 && static_cast<int>(k) > i && static_cast<int>(k) <= j;
    if (a_asks && !half_swapped) {
      lines_a.clear();
      lines_b.clear();
      seat_decision_lines(*a, seat, true, lines_a);
      seat_decision_lines(*b, seat, true, lines_b);
      INFO("changed actions " << i + 1 << " (" << texts[i] << ")"
                              << " and " << j + 1 << " (" << (j >= 0 ? texts[j] : "")
                              << "); history:" << [&] {
                                   std::string h;
                                   for (std::size_t q = 0; q < k; ++q) h += " " + texts[q];
                                   return h;
                                 }());
      INFO(game.spec() << " seat " << seat << " after " << k << " actions\n"
                       << a->render() << "\n"
                       << b->render());
      REQUIRE(lines_a == lines_b);
      ++tally.decisions;
      tally.differing_decisions += a->render() != b->render();
    }
    if (k == moves.size()) break;
    std::optional<Move> mb;
    if (static_cast<int>(k) == i && j < 0) {
      // Another outcome at this node that is hidden from the seat too.
      std::vector<Move> others;
      for (const auto& [m, p] : b->chance_outcomes())
        if (b->move_to_string(m) != texts[k] && b->action_view(seat, m) != b->move_to_string(m))
          others.push_back(m);
      if (others.empty()) return;
      mb = others[rng.below(others.size())];
    } else if (static_cast<int>(k) == i) {
      mb = find_text(*b, texts[j]);
    } else if (static_cast<int>(k) == j) {
      mb = find_text(*b, texts[i]);
    } else {
      mb = find_text(*b, texts[k]);
    }
    if (!mb) return;  // the other world cannot follow the recorded actions from here
    const std::string ea = seat_event_line(*a, seat, moves[k]);
    const std::string eb = seat_event_line(*b, seat, *mb);
    if (static_cast<int>(k) == i || static_cast<int>(k) == j) {
      INFO(game.spec() << " seat " << seat << " action " << k + 1 << ": " << texts[k] << " vs "
                       << b->move_to_string(*mb));
      REQUIRE(ea == eb);  // an outcome hidden from the seat is told identically
      ++tally.hidden_events;
      if (!changed) ++tally.worlds;
      changed = true;
    } else if (ea != eb) {
      return;  // the difference became public: the worlds are told apart from here on
    }
    a->apply(moves[k]);
    b->apply(*mb);
  }
}

Tally run(const std::string& spec, int games, int max_cut, bool replace, bool differing_asked = true) {
  auto game = make_game(spec);
  REQUIRE(game->hidden_information());
  Tally tally;
  for (int g = 0; g < games; ++g) {
    Rng rng(derive_seed(0x41d, static_cast<std::uint64_t>(g)));
    compare_worlds(*game, rng, max_cut, replace, tally);
  }
  INFO(spec << ": " << tally.worlds << " worlds, " << tally.hidden_events << " hidden events, "
            << tally.decisions << " decisions of which " << tally.differing_decisions
            << " in differing states");
  // The comparison means something: many second worlds, many decisions asked in them while
  // the full states differed.
  CHECK(tally.worlds >= games / 3);
  if (differing_asked) CHECK(tally.differing_decisions >= games / 2);
  return tally;
}

}  // namespace

TEST_CASE("hidden information: flush seats hear the same whatever the hidden cards", "[hidden]") {
  for (int players : {2, 3, 4, 6}) run("flush:players=" + std::to_string(players), 40, 160, true);
}

TEST_CASE("hidden information: flume-cards seats hear the same whatever the hidden cards", "[hidden]") {
  run("flume-cards", 60, 120, false);
  run("flume-cards:players=5", 40, 120, false);
}

TEST_CASE("hidden information: flows seats hear the same whatever another seat drew", "[hidden]") {
  // A drawn tile is placed by the drawer's next decision, so no other seat is asked while
  // it is hidden: here the event about the draw is what is compared (and every request of
  // the drawer's opponents up to the draw). Short games: Flows legality is slow to compute.
  for (int players : {2, 5}) run("flows:players=" + std::to_string(players), 10, 20, true, false);
}

TEST_CASE("hidden information: a seat's newgame seed does not reveal the chance seed", "[hidden]") {
  // The chance of a game is drawn from Rng(derive_seed(game_seed, 0)). With a reversible
  // seat seed (as derive_seed(game_seed, seat) was) a bot could recover game_seed by
  // inverting SplitMix64's finaliser; check that attack fails on the seed it is sent.
  auto unmix = [](std::uint64_t z) {
    z = (z ^ (z >> 31) ^ (z >> 62)) * 0x319642b2d24d8ec3ULL;
    z = (z ^ (z >> 27) ^ (z >> 54)) * 0x96de1b173f119089ULL;
    return z ^ (z >> 30) ^ (z >> 60);
  };
  auto invert_derive = [&](std::uint64_t derived, std::uint64_t index) {
    return (unmix(derived) - 2 * 0x9e3779b97f4a7c15ULL) ^ (index * 0xd1b54a32d192ed03ULL);
  };
  for (std::uint64_t game_seed : {1ull, 42ull, 0xdeadbeefcafef00dull}) {
    // The attack is sound: it recovers the seed from the old, reversible derivation.
    REQUIRE(invert_derive(derive_seed(game_seed, 3), 3) == game_seed);
    for (int seat = 1; seat <= 6; ++seat) {
      const std::uint64_t sent = seat_seed(game_seed, seat);
      CHECK(invert_derive(sent, static_cast<std::uint64_t>(seat)) != game_seed);
      CHECK(sent != derive_seed(game_seed, 0));
      CHECK(sent == seat_seed(game_seed, seat));  // still repeatable
      for (int other = 1; other < seat; ++other) CHECK(sent != seat_seed(game_seed, other));
    }
  }
}

}  // namespace hidden_information_test
