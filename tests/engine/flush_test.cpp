// Flush engine: the rulings of issue 5, notation, hidden information and whole games.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <memory>
#include <set>
#include <sstream>

#include "engine/core/perft.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/flush/flush_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flush_test {

using namespace arena;
using namespace arena::flush;

namespace {

struct Table {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> state;
  explicit Table(const std::string& spec) : game(make_game(spec)), state(game->new_initial_state()) {}
  const FlushState& fs() const { return static_cast<const FlushState&>(*state); }
  // Applies space-separated moves; fails the test with the parser's message on a bad one.
  void play(const std::string& moves) {
    std::istringstream in(moves);
    std::string token;
    while (in >> token) {
      ParsedMove p = state->parse_move(token);
      INFO("move '" << token << "' in\n" << state->render());
      REQUIRE(p.error == "");
      REQUIRE(p.ok());
      state->apply(p.move);
    }
  }
  std::vector<std::string> legal() const {
    std::vector<std::string> out;
    for (Move m : state->legal_moves()) out.push_back(state->move_to_string(m));
    return out;
  }
  bool is_legal(const std::string& text) const {
    auto l = legal();
    return std::find(l.begin(), l.end(), text) != l.end();
  }
  std::string error(const std::string& text) const {
    ParsedMove p = state->parse_move(text);
    return p.ok() ? "accepted" : p.error;
  }
};

// The chance moves of a deal: for each live seat "UP UP UP | HAND x8", then the Mimic.
std::string deal(int start, const std::vector<std::string>& seats, const std::string& mimic) {
  std::string out = start ? "#start" + std::to_string(start) : "";
  for (const auto& seat : seats) {
    std::istringstream in(seat);
    std::string card;
    while (in >> card)
      if (card != "|") out += " #" + card;
  }
  return out + " #" + mimic;
}

Cards parse_hand(const std::string& text) {
  Cards c;
  std::istringstream in(text);
  std::string card;
  while (in >> card) {
    int kind;
    REQUIRE(parse_kind(card, kind) == static_cast<int>(card.size()));
    c.add(kind);
  }
  return c;
}

// Every one of the 90 cards is somewhere: hands, face-up Bases, the pile, flushed, Blinds
// scored at round end, the turned Mimic, or among the unseen (Blinds + out of play).
void check_accounting(const FlushState& s) {
  const int n = s.game().num_players();
  Cards all = s.unseen();
  all.add_all(s.flushed());
  all.add_all(s.pile_cards());
  int blinds = 0;
  for (int seat = 1; seat <= n; ++seat) {
    all.add_all(s.seat_cards(seat).hand);
    all.add_all(s.seat_cards(seat).up);
    all.add_all(s.revealed(seat));
    blinds += s.seat_cards(seat).blinds;
    if (s.phase() != FlushState::Phase::kScoreReveal && s.phase() != FlushState::Phase::kOver)
      REQUIRE(s.seat_cards(seat).lone() >= 0);
  }
  if (s.mimic_kind() >= 0) all.add(s.mimic_kind());
  REQUIRE(all == full_deck());
  REQUIRE(s.unseen().size() >= blinds);
}

}  // namespace

TEST_CASE("flush: spec, parameters and registry", "[flush]") {
  Table t("flush");
  CHECK(t.game->spec() == "flush:players=4,limit=150,flush_points=50,bonus=10,max_rounds=100");
  CHECK(t.game->num_players() == 4);
  CHECK(t.game->hidden_information());
  CHECK_THROWS_AS(make_game("flush:players=7"), SpecError);
  CHECK_THROWS_AS(make_game("flush:players=1"), SpecError);
  CHECK(full_deck().size() == 90);
}

TEST_CASE("flush: deal is one chance action per card, proportional to counts", "[flush]") {
  Table t("flush:players=2");
  REQUIRE(t.state->is_chance());
  auto start = t.state->chance_outcomes();
  REQUIRE(start.size() == 2);
  CHECK(start[0].second == Approx(0.5));
  CHECK(t.legal() == std::vector<std::string>{"#start1", "#start2"});
  t.play("#start2");
  auto out = t.state->chance_outcomes();
  REQUIRE(out.size() == 31);
  double sum = 0;
  for (auto& [m, p] : out) {
    sum += p;
    CHECK(p == Approx(copies_of(m) / 90.0));
  }
  CHECK(sum == Approx(1.0));
  // Perft at a chance node counts distinct outcomes: 31 kinds, then 30 after a Skip or
  // Bonus card (single copies) and 31 after a plain or Flush card.
  CHECK(perft(*t.state, 1) == 31);
  CHECK(perft(*t.state, 2) == 20 * 30 + 11 * 31);
  t.play(deal(0, {"1 2 3 | 4 4 4 5 5 6 7 8", "1 2 3 | 6 6 7 7 8 9 10 10"}, "5s"));
  const FlushState& s = t.fs();
  CHECK(s.phase() == FlushState::Phase::kPlay);
  CHECK(t.state->current_player() == 2);
  CHECK(s.mimic_value() == 5);
  CHECK(s.seat_cards(1).hand.size() == 8);
  CHECK(s.seat_cards(1).up.size() == 3);
  CHECK(s.seat_cards(1).blinds == 3);
  CHECK(s.unseen().size() == 90 - 22 - 1);
  check_accounting(s);
}

TEST_CASE("flush: a Flush card turned as the Mimic means no Mimic this round", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"1 2 3 | 4 4 4 5 5 6 7 8", "1 2 3 | 6 6 7 7 8 9 10 10"}, "F"));
  CHECK(t.fs().mimic_value() == 0);
  CHECK_THAT(t.state->observation(1), Catch::Contains("mimic none card F"));
  t.play("6");
  CHECK_THAT(t.error("5=6"), Catch::Contains("no Mimic this round"));
}

TEST_CASE("flush: normal plays, the previous-play flush and Mimics", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"1 2 3 | 6 6 4 4 4 5 8 9", "1 2 3 | 6 6 7 7 5 5s 8 10"}, "5"));
  // Any value leads an empty pile; a Mimic cannot stand in alone on an empty pile.
  CHECK(t.is_legal("6+6"));
  CHECK(t.is_legal("4+4+4"));
  CHECK(t.is_legal("1^"));
  CHECK(t.is_legal("6+6+5=6"));
  CHECK(t.is_legal("5"));
  CHECK_FALSE(t.is_legal("5=6"));
  CHECK_THAT(t.error("5=6"), Catch::Contains("only with a natural 6"));
  CHECK_THAT(t.error("6+5"), Catch::Contains("mixes 6 and 5") && Catch::Contains("5=V"));
  CHECK_THAT(t.error("7"), Catch::Contains("you hold 0 7 in hand"));
  CHECK_THAT(t.error("6^"), Catch::Contains("no face-up Base of yours shows 6"));
  t.play("6+6");
  REQUIRE(t.state->current_player() == 2);
  // Higher than the top play is not allowed while a lower play exists.
  CHECK_THAT(t.error("7+7"), Catch::Contains("higher than the top play (6)"));
  CHECK_THAT(t.error("pick:7+7"), Catch::Contains("higher than the top play"));
  // 2 sixes on the previous play's 2 sixes make 4: a Flush; the same player leads again.
  t.play("6+6");
  CHECK(t.fs().num_plays() == 0);
  CHECK(t.fs().flushed()[kind_of(6, Mark::kPlain)] == 4);
  CHECK(t.state->current_player() == 2);
  CHECK_THAT(t.state->observation(1), Catch::Contains("flushed 6+6+6+6"));
  t.play("8");
  // A Mimic stands for the top play's value without a natural card, and keeps it.
  CHECK(t.is_legal("5=8"));
  t.play("5=8");
  CHECK(t.fs().pile_play(1).value == 8);
  CHECK_THAT(t.state->observation(2), Catch::Contains("pile 2:8 1:5=8"));
  CHECK(t.state->current_player() == 2);
  // A Mimic as its own value (5 <= 8); its Skip card skips seat 1, so seat 2 plays again.
  CHECK_FALSE(t.is_legal("5+5s=8"));
  t.play("5+5s");
  CHECK(t.fs().pile_play(2).value == 5);
  CHECK(t.state->current_player() == 2);
}

TEST_CASE("flush: a Mimic joins the previous play's cards to make a Flush", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"1 2 3 | 6 6 6 4 4 5 8 9", "1 2 3 | 7 7 7 10 5 5s 8 10"}, "5"));
  t.play("6+6+6");
  t.play("5=6");  // 3 + 1 = 4 sixes
  CHECK(t.fs().num_plays() == 0);
  CHECK(t.fs().flushed()[kind_of(5, Mark::kPlain)] == 1);
  CHECK(t.state->current_player() == 2);
}

TEST_CASE("flush: Skip cards skip players, two Skips skip two, none inside a Flush", "[flush]") {
  Table t("flush:players=3");
  t.play(deal(1, {"1 2 3 | 4s 5s 3s 7 7 9 9 10", "1 2 3 | 7s 7 8 8 6 6 10 10", "1 2 3 | 4 4 4 6 6 6 10 8"},
              "5"));
  t.play("7+7");
  t.play("7s+7");  // 2 + 2 sevens: a Flush, so the Skip skips nobody and seat 2 leads
  CHECK(t.fs().num_plays() == 0);
  CHECK(t.state->current_player() == 2);
  t.play("10+10");
  t.play("10");
  CHECK(t.state->current_player() == 1);
  // A natural Skip 4 with the Mimic's Skip standing for 4: two Skips pass seats 2 and 3.
  t.play("4s+5s=4");
  CHECK(t.state->current_player() == 1);
  t.play("3s");
  CHECK(t.state->current_player() == 3);
}

TEST_CASE("flush: Flush cards flush any pile, from the hand or a face-up Base", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"F 2 3 | F 4 4 5 6 7 8 9", "1 2 3 | 6 6 7 7 8 9 10 10"}, "F"));
  t.play("9 8");
  CHECK(t.is_legal("F"));
  CHECK(t.is_legal("F^"));
  CHECK(t.is_legal("F+F^"));
  CHECK_THAT(t.error("F+8"), Catch::Contains("played on their own"));
  t.play("F");
  CHECK(t.fs().num_plays() == 0);
  CHECK(t.fs().flushed() == parse_hand("9 8 F"));
  CHECK(t.state->current_player() == 1);
  t.play("F^");  // on an empty pile too; the Blind under it is now free to flip
  CHECK(t.state->current_player() == 1);
  CHECK(t.fs().seat_cards(1).lone() == 1);
  CHECK(t.is_legal("flip"));
}

TEST_CASE("flush: Blind flips: playable with cards added, higher with a pick-up, a Flush card", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"7 2 3 | 6 6 9 9 4 4 5 1", "1 2 3 | 6 8 8 10 10 5 5 7"}, "F"));
  CHECK_FALSE(t.is_legal("flip"));  // every Blind is still covered
  CHECK_THAT(t.error("flip"), Catch::Contains("no Blind to flip"));
  t.play("7^ 6");
  REQUIRE(t.is_legal("flip"));
  t.play("flip");
  REQUIRE(t.state->is_chance());
  // The Blind's value is drawn from the unseen cards, in proportion to their counts.
  const Cards unseen = t.fs().unseen();
  int kinds = 0;
  for (int k = 0; k < kNumKinds; ++k) kinds += unseen[k] > 0;
  CHECK(perft(*t.state, 1) == static_cast<std::uint64_t>(kinds));
  for (auto& [m, p] : t.state->chance_outcomes()) CHECK(p == Approx(double(unseen[m]) / unseen.size()));
  CHECK_THAT(t.error("6"), Catch::Contains("chance outcome is due"));
  t.play("#6");
  // Playable (6 on 6): the player may add cards of the same value as a second decision.
  CHECK(t.state->current_player() == 1);
  CHECK(t.legal() == std::vector<std::string>{"done", "6", "6+6"});
  CHECK_THAT(t.state->observation(2), Catch::Contains("phase add 6"));
  CHECK_THAT(t.error("4"), Catch::Contains("only cards of value 6"));
  t.play("6+6");  // Blind 6 + two 6s + the top play's 6 = 4: a Flush
  CHECK(t.fs().num_plays() == 0);
  CHECK(t.state->current_player() == 1);
  t.play("2^ 1^");
  t.play("flip #9");
  // Higher than the top play (1): a new pile and a pick-up; the player may still add 9s.
  CHECK(t.legal() == std::vector<std::string>{"done", "9", "9+9"});
  CHECK_THAT(t.state->observation(1), Catch::Contains("1:9:pick:blind"));
  t.play("9");
  CHECK(t.fs().num_plays() == 1);
  CHECK(t.fs().pile_play(0).count == 2);
  CHECK(t.fs().seat_cards(1).hand == parse_hand("1 1 2 4 4 5 9"));
  CHECK(t.state->current_player() == 2);
  t.play("8+8 3^ 3^");
  t.play("flip #F");  // a Flush card flushes, and the player leads again
  CHECK(t.fs().num_plays() == 0);
  CHECK(t.state->current_player() == 1);
  CHECK(t.fs().seat_cards(1).blinds == 0);
  check_accounting(t.fs());
}

TEST_CASE("flush: forced pick-up when there is no play of the top value or lower", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"1 2 3 | 1 4 4 5 6 7 8 9", "7 8 9 | 9 9 9 9 10 10 8 8"}, "F"));
  t.play("1");
  auto legal = t.legal();
  REQUIRE_FALSE(legal.empty());
  for (const auto& m : legal) CHECK(m.rfind("pick:", 0) == 0);
  CHECK(t.is_legal("pick:9+9+9+9"));
  CHECK(t.is_legal("pick:10+10"));
  // The pick-up prefix may be left out: the play cannot mean anything else.
  ParsedMove p = t.state->parse_move("9+9+9+9");
  REQUIRE(p.ok());
  CHECK(t.state->move_to_string(p.move) == "pick:9+9+9+9");
  t.play("pick:9+9+9+9");  // four cards, but a pick-up never flushes
  CHECK(t.fs().num_plays() == 1);
  CHECK(t.fs().pile_play(0).pickup);
  CHECK(t.fs().seat_cards(2).hand == parse_hand("1 8 8 10 10"));
  CHECK(t.state->current_player() == 1);
}

TEST_CASE("flush: Super Flush gives a Base of the player's choice to the previous player", "[flush]") {
  Table t("flush:players=3");
  t.play(deal(1, {"1 2 3 | 10 5 5 5 6 6 6 7", "1 2 3 | 9 4 4 4 6 6 7 7", "8 3 4 | 8 8 8 8 8 2 2 2"}, "F"));
  t.play("10 9");
  t.play("8+8+8+8+8+8^");
  CHECK(t.fs().num_plays() == 0);
  REQUIRE(t.fs().phase() == FlushState::Phase::kGive);
  CHECK(t.state->current_player() == 3);
  CHECK(t.legal() == std::vector<std::string>{"give:3", "give:4", "give:blind"});
  CHECK_THAT(t.error("give:8"), Catch::Contains("no face-up Base of yours shows 8"));
  t.play("give:4");
  CHECK(t.fs().seat_cards(2).up == parse_hand("1 2 3 4"));
  CHECK(t.fs().seat_cards(2).blinds == 4);
  CHECK(t.fs().seat_cards(3).up == parse_hand("3"));
  CHECK(t.fs().seat_cards(3).blinds == 2);
  CHECK(t.state->current_player() == 3);
  CHECK(t.fs().phase() == FlushState::Phase::kPlay);
}

TEST_CASE("flush: no Base transfer on the first play of a round", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"1 2 3 | 8 8 8 8 8 8 2 2", "1 2 3 | 9 4 4 4 6 6 7 7"}, "F"));
  t.play("8+8+8+8+8+8");
  CHECK(t.fs().phase() == FlushState::Phase::kPlay);
  CHECK(t.state->current_player() == 1);
  CHECK(t.fs().seat_cards(1).blinds == 3);
  CHECK(t.fs().seat_cards(2).blinds == 3);
}

TEST_CASE("flush: round end scoring with Blinds revealed, triple Mimics and bonuses", "[flush]") {
  Table t("flush:players=2,limit=1000");
  t.play(deal(1, {"9 9 9 | F F F F F F F 9", "1 2 3 | 5 5 5b 6 7 8 10 4"}, "5"));
  t.play("9+9^+9^+9^");
  t.play("F+F+F+F+F+F+F");  // a Super Flush, but nobody else has played yet
  CHECK(t.fs().phase() == FlushState::Phase::kPlay);
  CHECK(t.legal() == std::vector<std::string>{"flip"});
  t.play("flip #F flip #F flip #9b");
  // Seat 1 holds nothing: the round ends and seat 2's Blinds are turned for scoring.
  REQUIRE(t.fs().phase() == FlushState::Phase::kScoreReveal);
  t.play("#5s #10 #F");
  // 5,5,5b,5s are Mimics (x3): 60; 6+7+8+10+4 = 35; Bases 1+2+3 = 6; Blinds 10 + F 50.
  CHECK(t.fs().total(2) == 60 + 35 + 6 + 10 + 50);
  CHECK(t.fs().total(1) == 0);  // a bonus never takes a total below 0
  REQUIRE(t.fs().phase() == FlushState::Phase::kDeal);
  CHECK(t.fs().round() == 2);

  // Round 2: the previous winner (seat 1) starts; no starting-seat draw.
  t.play(deal(0, {"1 2 3 | 1 4 4 6 6 7 7 8", "9 9 9b | F F F F F F 9 9"}, "10"));
  CHECK(t.state->current_player() == 1);
  t.play("1 F+F+F+F+F+F");
  REQUIRE(t.fs().phase() == FlushState::Phase::kGive);
  CHECK(t.legal() == std::vector<std::string>{"give:9", "give:9b"});
  t.play("give:9 9+9+9^+9b^ flip #F flip #7b");
  t.play("#1 #2 #3 #4");
  CHECK(t.fs().total(2) == 161 - 10);  // the Bonus 7 in the finishing play
  CHECK(t.fs().total(1) == (4 + 4 + 6 + 6 + 7 + 7 + 8) + (1 + 2 + 3 + 9) + (1 + 2 + 3 + 4));
  check_accounting(t.fs());
}

namespace {
// Seat 1 empties all its cards at once; seats 2 and 3 score 20 and 50.
void quick_round(Table& t) {
  t.play(deal(1, {"9 9 9 | F F F F F F F 9", "1 1 1 | 1 1 1 2 2 2 2 2", "3 3 3 | 3 3 3 4 4 4 4 4"}, "6"));
  t.play("9+9^+9^+9^ F+F+F+F+F+F+F flip #F flip #F flip #9b");
  t.play("#1s #1b #2s #2b #5 #5");
}
}  // namespace

TEST_CASE("flush: elimination and ranking of players out in the same round", "[flush]") {
  Table t("flush:players=3,limit=20");
  quick_round(t);
  CHECK(t.fs().total(2) == 20);
  CHECK(t.fs().total(3) == 50);
  REQUIRE(t.state->is_terminal());
  CHECK(t.fs().eliminated(2));
  CHECK(t.fs().eliminated(3));
  CHECK_FALSE(t.fs().ended_by_round_cap());
  auto r = t.state->results();
  CHECK(r[0].rank == 1);
  CHECK(r[1].rank == 2);
  CHECK(r[2].rank == 3);
  CHECK(r[2].score == 50);
}

TEST_CASE("flush: the round cap ends the game and players rank by total", "[flush]") {
  Table t("flush:players=3,max_rounds=1");
  quick_round(t);
  REQUIRE(t.state->is_terminal());
  CHECK(t.fs().ended_by_round_cap());
  CHECK_FALSE(t.fs().eliminated(2));
  auto r = t.state->results();
  CHECK(r[0].rank == 1);
  CHECK(r[1].rank == 2);
  CHECK(r[2].rank == 3);
}

TEST_CASE("flush: a later round starts with the previous winner, eliminated seats are skipped", "[flush]") {
  Table t("flush:players=3,limit=30");
  quick_round(t);  // seat 3 (50) is out, seat 2 (20) stays
  REQUIRE_FALSE(t.state->is_terminal());
  CHECK(t.fs().eliminated(3));
  CHECK_FALSE(t.fs().eliminated(2));
  // Only two seats are dealt now: 2 x 11 cards and the Mimic.
  t.play(deal(0, {"1 2 3 | 4 4 4 5 5 6 7 8", "1 2 3 | 6 6 7 7 8 9 10 10"}, "5s"));
  CHECK(t.fs().seat_cards(3).held() == 0);
  CHECK(t.state->current_player() == 1);
  t.play("8");
  CHECK(t.state->current_player() == 2);
  t.play("8");
  CHECK(t.state->current_player() == 1);
}

TEST_CASE("flush: notation tells unparseable text from illegal moves", "[flush]") {
  Table t("flush:players=2");
  using S = ParsedMove::Status;
  CHECK(t.state->parse_move("9").status == S::kIllegal);  // a play during the deal
  CHECK(t.state->parse_move("#start3").status == S::kIllegal);
  CHECK(t.state->parse_move("#startx").status == S::kUnparseable);
  t.play("#start1");
  CHECK(t.state->parse_move("#?").status == S::kIllegal);
  CHECK(t.state->parse_move("#Q").status == S::kUnparseable);
  CHECK(t.state->parse_move("#").status == S::kUnparseable);  // found by move_parser_fuzz
  t.play(deal(0, {"1 2 3 | 4 4 4 5 5 6 7 8", "1 2 3 | 6 6 7 7 8 9 10 10"}, "5s"));
  CHECK(t.state->parse_move("#7").status == S::kIllegal);
  for (const char* junk :
       {"", "x", "6+", "+6", "6++6", "6=", "6=11", "11", "6 6", "6,6", "give:", "give:zz", "pick:"})
    CHECK(t.state->parse_move(junk).status == S::kUnparseable);
  CHECK(t.state->parse_move("8+8").status == S::kIllegal);
  CHECK(t.state->parse_move("done").status == S::kIllegal);
  CHECK(t.state->parse_move("give:1").status == S::kIllegal);
  CHECK_THAT(t.error("8+8"), Catch::Contains("you hold 1 8 in hand, the play names 2"));
  CHECK_THAT(t.error("4=6"), Catch::Contains("only Mimic cards (value 5 this round)"));
  // The order of cards in a text does not matter; the canonical text is unique.
  ParsedMove p = t.state->parse_move("5=4+4^+4+5");
  CHECK_FALSE(p.ok());
  p = t.state->parse_move("5=4+4+4");
  REQUIRE(p.ok());
  CHECK(t.state->move_to_string(p.move) == "4+4+5=4");
}

TEST_CASE("flush: hand deals are seen only by their owner, other actions are public", "[flush]") {
  Table t("flush:players=3");
  t.play("#start2");
  CHECK(t.state->action_view(3, t.state->legal_moves()[0]) == "#1");  // face-up: public
  t.play("#1 #2 #3");
  for (Move m : t.state->legal_moves()) {
    CHECK(t.state->action_view(1, m) == t.state->move_to_string(m));
    CHECK(t.state->action_view(2, m) == "#?");
    CHECK(t.state->action_view(3, m) == "#?");
  }
}

namespace {

// Rebuilds `s` with the cards `seat` cannot see (other hands and the unseen rest, Blinds
// included) shuffled among those places, each keeping its size.
std::unique_ptr<State> permute_hidden(const FlushState& s, int seat, Rng& rng) {
  const int n = s.game().num_players();
  std::vector<int> pool;
  auto take = [&](const Cards& c) {
    for (int k = 0; k < kNumKinds; ++k)
      for (int i = 0; i < c[k]; ++i) pool.push_back(k);
  };
  for (int o = 1; o <= n; ++o)
    if (o != seat) take(s.seat_cards(o).hand);
  take(s.unseen());
  for (size_t i = pool.size(); i > 1; --i) std::swap(pool[i - 1], pool[rng.below(i)]);
  std::vector<Cards> hands(n);
  size_t next = 0;
  for (int o = 1; o <= n; ++o) {
    if (o == seat) {
      hands[o - 1] = s.seat_cards(o).hand;
      continue;
    }
    for (int i = 0; i < s.seat_cards(o).hand.size(); ++i) hands[o - 1].add(pool[next++]);
  }
  Cards unseen;
  while (next < pool.size()) unseen.add(pool[next++]);
  auto copy = s.clone();
  static_cast<FlushState&>(*copy).redistribute_hidden(hands, unseen);
  return copy;
}

}  // namespace

TEST_CASE("flush: a seat's view does not change when hidden cards are shuffled", "[flush]") {
  std::vector<Move> scratch;
  int compared_steps = 0, changed_worlds = 0;
  for (int players = 2; players <= 5; ++players)
    for (int g = 0; g < 6; ++g) {
      auto game = make_game("flush:players=" + std::to_string(players));
      Rng rng(derive_seed(77, players * 100 + g));
      auto state = game->new_initial_state();
      const int stop = 30 + static_cast<int>(rng.below(200));
      for (int i = 0; i < stop && !state->is_terminal(); ++i)
        state->apply(random_action(*state, rng, scratch));
      if (state->is_terminal()) continue;
      const int seat = 1 + static_cast<int>(rng.below(players));
      auto other = permute_hidden(static_cast<const FlushState&>(*state), seat, rng);
      changed_worlds += other->render() != state->render();
      REQUIRE(other->observation(seat) == state->observation(seat));
      // Walk on with the same actions while they stay legal in both worlds: the seat's
      // view of each action and its observation after it must agree.
      for (int step = 0; step < 40 && !state->is_terminal(); ++step) {
        Move m = random_action(*state, rng, scratch);
        const std::string text = state->move_to_string(m);
        ParsedMove p = other->parse_move(text);
        if (!p.ok()) break;  // another seat's hidden cards differ here
        const auto& fs = static_cast<const FlushState&>(*state);
        if (fs.ends_round(m)) {
          // The hands still held are shown for scoring: from here the hidden cards are public.
          const std::string view = state->action_view(seat, m);
          REQUIRE(view.starts_with(text + ";shown:"));
          REQUIRE(other->action_view(seat, p.move).starts_with(text + ";shown:"));
          break;
        }
        REQUIRE(other->action_view(seat, p.move) == state->action_view(seat, m));
        state->apply(m);
        other->apply(p.move);
        REQUIRE(other->observation(seat) == state->observation(seat));
        ++compared_steps;
      }
    }
  CHECK(changed_worlds > 10);
  CHECK(compared_steps > 100);
}

TEST_CASE("flush: random games of 2..6 players finish, every card accounted for", "[flush]") {
  std::vector<Move> scratch;
  for (int players = 2; players <= 6; ++players)
    for (int g = 0; g < 4; ++g) {
      auto game = make_game("flush:players=" + std::to_string(players));
      Rng rng(derive_seed(5, players * 10 + g));
      auto state = game->new_initial_state();
      int actions = 0;
      while (!state->is_terminal()) {
        const auto& fs = static_cast<const FlushState&>(*state);
        check_accounting(fs);
        REQUIRE(fs.plays_since_flush() < kStalematePlays);
        if (!state->is_chance() && actions % 7 == 0) {
          // Legal moves are distinct and their texts parse back to themselves.
          auto legal = state->legal_moves();
          REQUIRE_FALSE(legal.empty());
          std::set<std::string> texts;
          for (Move m : legal) {
            const std::string text = state->move_to_string(m);
            REQUIRE(text.find(' ') == std::string::npos);
            texts.insert(text);
            ParsedMove p = state->parse_move(text);
            REQUIRE(p.ok());
            REQUIRE(p.move == m);
          }
          REQUIRE(texts.size() == legal.size());
        }
        state->apply(random_action(*state, rng, scratch));
        REQUIRE(++actions <= game->max_game_length());
      }
      check_accounting(static_cast<const FlushState&>(*state));
      auto r = state->results();
      REQUIRE(std::count_if(r.begin(), r.end(), [](const SeatResult& x) { return x.rank == 1; }) >= 1);
    }
}

TEST_CASE("flush: stalemate voids the round after 100 plays without a Flush", "[flush]") {
  std::vector<Move> scratch;
  int voids = 0;
  for (int g = 0; g < 40 && voids < 3; ++g) {
    auto game = make_game("flush:players=2");
    Rng rng(derive_seed(11, g));
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      const auto& fs = static_cast<const FlushState&>(*state);
      const int round = fs.round(), voided = fs.voided_rounds(), starter_totals = fs.total(1) + fs.total(2);
      const bool at_edge = fs.plays_since_flush() == kStalematePlays - 1 && !state->is_chance();
      state->apply(random_action(*state, rng, scratch));
      if (fs.voided_rounds() != voided) {
        ++voids;
        REQUIRE(at_edge);
        CHECK(fs.round() == round + 1);
        CHECK(fs.total(1) + fs.total(2) == starter_totals);  // nobody scores a void round
        CHECK(fs.phase() == FlushState::Phase::kDeal);
        CHECK(fs.unseen().size() == 90);
      }
    }
  }
  CHECK(voids > 0);
}

TEST_CASE("flush: perft from a recorded position, in process and through the CLI", "[flush]") {
  auto game = make_game("flush:players=3");
  auto state = game->new_initial_state();
  Rng rng(2024);
  std::vector<Move> scratch;
  std::string record;
  for (int i = 0; i < 60; ++i) {
    Move m = random_action(*state, rng, scratch);
    record += (record.empty() ? "" : " ") + state->move_to_string(m);
    state->apply(m);
  }
  // Depth 1 is the number of legal moves; a deeper count sums its children.
  CHECK(perft(*state, 1) == state->legal_moves().size());
  std::uint64_t sum = 0;
  for (Move m : state->legal_moves()) {
    auto child = state->clone();
    child->apply(m);
    sum += perft(*child, 1);
  }
  CHECK(perft(*state, 2) == sum);

  const std::string cmd =
      std::string(ARENA_BIN_DIR) + "/arena perft flush:players=3 --depth 2 --moves \"" + record + "\" 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  char buf[256] = {0};
  std::string out;
  while (fgets(buf, sizeof buf, pipe)) out += buf;
  pclose(pipe);
  CHECK(out == std::to_string(sum) + "\n");
}

TEST_CASE("flush: a Super Flush with one kind of Base gives it without a decision", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(1, {"1 2 3 | 10 5 5 5 6 6 6 7", "8 8 8 | 8 8 8 4 4 5 6 7"}, "F"));
  t.play("10");
  t.play("8+8+8+8^+8^+8^");  // three lone Blinds left: one kind of Base
  CHECK(t.fs().phase() == FlushState::Phase::kPlay);
  CHECK(t.state->current_player() == 2);
  CHECK(t.fs().seat_cards(1).blinds == 4);
  CHECK(t.fs().seat_cards(1).lone() == 1);
  CHECK(t.fs().seat_cards(2).blinds == 2);
}

TEST_CASE("flush: 100 plays in a row without a Flush void the round, dealt again", "[flush]") {
  Table t("flush:players=2");
  t.play(deal(2, {"1 2 3 | 4 4 4 5 5 6 7 8", "1 2 3 | 6 6 7 7 8 9 10 10"}, "F"));
  // Both seats keep choosing a play that does not flush (the first such legal move).
  int plays = 0;
  while (t.fs().voided_rounds() == 0) {
    REQUIRE(t.fs().round() == 1);
    if (t.state->is_chance()) {
      t.state->apply(t.state->legal_moves()[0]);
      continue;
    }
    bool done = false;
    for (Move m : t.state->legal_moves()) {
      auto next = t.state->clone();
      next->apply(m);
      const auto& n = static_cast<const FlushState&>(*next);
      if (n.voided_rounds() > 0 || (n.plays_since_flush() > t.fs().plays_since_flush())) {
        t.state->apply(m);
        done = true;
        break;
      }
    }
    if (!done) t.state->apply(t.state->legal_moves()[0]);  // e.g. a Blind flip or an add decision
    plays = t.fs().plays_since_flush() > plays ? t.fs().plays_since_flush() : plays;
  }
  CHECK(plays == kStalematePlays - 1);
  CHECK(t.fs().round() == 2);
  CHECK(t.fs().total(1) == 0);
  CHECK(t.fs().total(2) == 0);
  CHECK(t.fs().phase() == FlushState::Phase::kDeal);
  CHECK(t.fs().unseen().size() == 90);
  t.play(deal(0, {"1 2 3 | 4 4 4 5 5 6 7 8", "1 2 3 | 6 6 7 7 8 9 10 10"}, "F"));
  CHECK(t.state->current_player() == 2);  // the void round's starting seat deals again
}

}  // namespace flush_test
