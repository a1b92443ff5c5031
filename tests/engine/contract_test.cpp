// The engine contract (docs/engine.md, "The contract"), checked for every registered game
// and every player count it allows, so a new game is checked for free by adding its registry
// line: random games reach the end; clone() and assign() give states that behave the same;
// replaying history() on a fresh state reproduces the state; every legal move's text parses
// back to that move; legal_moves() is deterministic; chance probabilities sum to 1 and match
// the chance moves; observation() of every seat never throws; results() at the end rank
// every seat; rare-situation predicates answer at every decision; playout hints are small
// non-negative numbers; a game's table of move names and its observation lines as the
// referee sends them agree with move_to_string and observation().
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "engine/core/move_name_table.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace contract_test {

using namespace arena;

namespace {

// Everything a seat or a person can see of a state, for comparing two states.
std::string fingerprint(const State& s) {
  std::ostringstream o;
  o << s.current_player() << "|" << s.render() << "|";
  for (int seat = 1; seat <= s.game().num_players(); ++seat) o << s.observation(seat) << "|";
  for (Move m : s.legal_moves()) o << m << ",";
  return o.str();
}

// What the referee sends comes from the faster paths: the legal moves' names joined from the
// game's table (when it has one), and the observation appended line by line. Both must say
// exactly what move_to_string and observation() say.
void check_referee_text(const State& s, const std::vector<Move>& legal) {
  std::string expected;
  std::vector<std::uint32_t> expected_ends;
  for (Move m : legal) {
    if (!expected.empty()) expected += ' ';
    expected += s.move_to_string(m);
    expected_ends.push_back(static_cast<std::uint32_t>(expected.size()));
    std::string appended = "x";
    s.append_move_name(m, appended);
    CHECK(appended == "x" + s.move_to_string(m));
  }
  if (const MoveNameTable* table = s.game().move_name_table()) {
    for (Move m : legal) CHECK(table->name(m) == s.move_to_string(m));
    std::string joined = "left over from before";
    std::vector<std::uint32_t> ends(3, 7);
    table->join(legal, joined, ends);
    CHECK(joined == expected);
    CHECK(ends == expected_ends);
  }
  for (int seat = 1; seat <= s.game().num_players(); ++seat) {
    std::string lines;
    std::istringstream in(s.observation(seat));
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) lines += "obs " + line + "\n";
    std::string appended = "before\n";
    s.append_observation_lines(seat, "obs ", appended);
    CHECK(appended == "before\n" + lines);
  }
}

// Per-decision checks; `where` names the game, seed and ply in every failure.
void check_decision(const State& s, const std::string& where) {
  INFO(where);
  const std::vector<Move> legal = s.legal_moves();
  REQUIRE_FALSE(legal.empty());
  CHECK(s.legal_moves() == legal);  // deterministic order
  if (s.is_chance()) {
    const auto outcomes = s.chance_outcomes();
    double total = 0;
    std::vector<Move> moves;
    for (const auto& [m, p] : outcomes) {
      CHECK(p >= 0);
      total += p;
      moves.push_back(m);
    }
    CHECK(std::abs(total - 1.0) < 1e-9);
    CHECK(moves == legal);
  }
  // Every legal move's text parses back to it (a spread of at most 40 per decision).
  const std::size_t step = std::max<std::size_t>(1, legal.size() / 40);
  for (std::size_t i = 0; i < legal.size(); i += step) {
    const std::string text = s.move_to_string(legal[i]);
    const ParsedMove p = s.parse_move(text);
    INFO("move " << text);
    CHECK(p.ok());
    CHECK(p.move == legal[i]);
  }
  for (int seat = 1; seat <= s.game().num_players(); ++seat) CHECK_NOTHROW(s.observation(seat));
  if (!s.is_chance()) check_referee_text(s, legal);
  if (!s.is_chance())
    for (const RareSituation& r : s.game().rare_situations()) CHECK_NOTHROW(r.matches(s));
  // Playout hints are small non-negative numbers for every legal move.
  if (!s.is_chance() && s.game().playout_hints())
    for (Move m : legal) {
      const int h = s.playout_hint(m);
      CHECK((h >= 0 && h <= 16));
    }
}

// Teams: results() gives every seat the team Game::team_of names (schedules, partnership
// rotations, fault adjudication and ratings all take teams from team_of, so a game that
// forgets to override it plays every seat for itself), numbered from 0 by lowest seat, and
// partners share their rank.
void check_teams(const Game& game, const std::vector<SeatResult>& results) {
  int next_team = 0;
  for (int s = 1; s <= game.num_players(); ++s) {
    INFO("seat " << s);
    CHECK(results[s - 1].team == game.team_of(s));
    CHECK(game.team_of(s) >= 0);
    CHECK(game.team_of(s) <= next_team);
    if (game.team_of(s) == next_team) ++next_team;
    for (int t = 1; t < s; ++t)
      if (game.team_of(t) == game.team_of(s)) CHECK(results[t - 1].rank == results[s - 1].rank);
  }
}

void play_one(const Game& game, std::uint64_t seed) {
  const std::string where = game.spec() + " seed " + std::to_string(seed);
  Rng rng(seed);
  auto state = game.new_initial_state();
  auto copy = game.new_initial_state();
  std::vector<Move> scratch;
  int ply = 0;
  while (!state->is_terminal() && static_cast<int>(state->history().size()) < game.max_game_length()) {
    check_decision(*state, where + " ply " + std::to_string(ply));
    const Move m = random_action(*state, rng, scratch);
    if (ply % 7 == 3) {  // clone() and assign() behave like the original, now and after a move
      auto cloned = state->clone();
      copy->assign(*state);
      INFO(where << " ply " << ply);
      CHECK(fingerprint(*cloned) == fingerprint(*state));
      cloned->apply(m);
      copy->apply(m);
      state->apply(m);
      CHECK(fingerprint(*cloned) == fingerprint(*state));
      CHECK(fingerprint(*copy) == fingerprint(*state));
    } else {
      state->apply(m);
    }
    ++ply;
  }
  INFO(where << " after " << ply << " actions");
  REQUIRE(state->is_terminal());  // random games end within the game's own maximum length
  const auto results = state->results();
  REQUIRE(static_cast<int>(results.size()) == game.num_players());
  bool someone_first = false;
  for (const auto& r : results) {
    CHECK(r.rank >= 1);
    CHECK(r.rank <= game.num_players());
    someone_first = someone_first || r.rank == 1;
  }
  CHECK(someone_first);
  check_teams(game, results);
  // Replaying the history on a fresh state reproduces the state.
  auto replayed = game.new_initial_state();
  for (const Action& a : state->history()) {
    REQUIRE(replayed->current_player() == a.actor);
    replayed->apply(a.move);
  }
  CHECK(fingerprint(*replayed) == fingerprint(*state));
  CHECK(replayed->results() == results);
}

}  // namespace

TEST_CASE("engine contract: every game, every player count", "[engine][contract]") {
  const auto specs = arena::test::every_spec();
  CHECK(specs.size() >= 1 + 1 + 5 + 5 + 2);  // clump, flume, flows 2..6, flush 2..6, flume-cards 4..5
  for (const std::string& spec : specs) {
    const auto game = make_game(spec);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) play_one(*game, seed);
  }
}

}  // namespace contract_test
