#include "records/verify.h"

#include <catch2/catch.hpp>

#include "records/pgn.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace verify_test {

using namespace arena;

namespace {

// A tiny test-only game: chance rolls a target of 4..6 ("t4".."t6"), then seats 1 and 2
// alternately add 1 or 2 ("+1", "+2") to a running total; reaching the target wins.
const GameInfo& race_info() {
  static const GameInfo info{"race", "Race (test)", 2, 2, {}};
  return info;
}

class RaceGame;

class RaceState : public StateBase<RaceState> {
 public:
  explicit RaceState(const Game& g) : StateBase(g) {}
  int current_player() const override {
    if (target_ == 0) return kChance;
    if (total_ >= target_) return kTerminal;
    return to_move_;
  }
  void legal_moves(std::vector<Move>& out) const override {
    out.clear();
    if (target_ == 0)
      out = {4, 5, 6};
    else if (total_ < target_)
      out = {1, 2};
  }
  std::vector<std::pair<Move, double>> chance_outcomes() const override {
    return {{4, 0.5}, {5, 0.5}, {6, 0.0}};  // t6 exists but never happens
  }
  std::string move_to_string(Move m) const override { return (target_ == 0 ? "t" : "+") + std::to_string(m); }
  std::string observation(int) const override { return "total " + std::to_string(total_); }
  std::string render() const override { return observation(1); }
  std::vector<SeatResult> results() const override {
    // The last mover won; at a length cap (not terminal) it is adjudicated a draw.
    if (total_ < target_ || target_ == 0) return {{1, 0.5, 0}, {1, 0.5, 1}};
    int winner = to_move_ == 1 ? 2 : 1;
    return {{winner == 1 ? 1 : 2, winner == 1 ? 1.0 : 0.0, 0},
            {winner == 2 ? 1 : 2, winner == 2 ? 1.0 : 0.0, 1}};
  }

 protected:
  void do_apply(Move m) override {
    if (target_ == 0) {
      target_ = m;
      return;
    }
    total_ += m;
    to_move_ = to_move_ == 1 ? 2 : 1;
  }

 private:
  int target_ = 0, total_ = 0, to_move_ = 1;
};

class RaceGame : public Game {
 public:
  explicit RaceGame(int max_length) : Game(race_info(), Params{}), max_length_(max_length) {}
  int num_players() const override { return 2; }
  std::unique_ptr<State> new_initial_state() const override { return std::make_unique<RaceState>(*this); }
  int max_game_length() const override { return max_length_; }

 private:
  int max_length_;
};

GameFactory race_factory(int max_length = 100) {
  return [max_length](std::string_view spec) -> std::unique_ptr<Game> {
    if (spec != "race") throw SpecError("unknown game '" + std::string(spec) + "'");
    return std::make_unique<RaceGame>(max_length);
  };
}

// t5, then +2 +2 +1: seat 1 reaches 5 on its third move and wins.
GameRecord race_record() {
  GameRecord r;
  r.spec = "race";
  r.players = {"one", "two"};
  r.actions = {{kChance, "t5", -1}, {1, "+2", 1000}, {2, "+2", 2000}, {1, "+1", 3000}};
  r.results = {{1, 1, 0}, {2, 0, 1}};
  return r;
}

std::string verify_message(const GameRecord& r, int expected_action) {
  auto d = verify_record(r, race_factory());
  REQUIRE(d);
  CHECK(d->action == expected_action);
  return d->message;
}

}  // namespace

TEST_CASE("verify: a sound record passes", "[records]") {
  CHECK_FALSE(verify_record(race_record(), race_factory()));
  GameRecord r = race_record();
  r.results = {};
  r.termination = Termination::kAborted;
  r.actions.pop_back();
  CHECK_FALSE(verify_record(r, race_factory()));
}

TEST_CASE("verify: illegal moves, wrong actors and impossible chance are found at their action",
          "[records]") {
  GameRecord r = race_record();
  r.actions[2].text = "+3";
  CHECK_THAT(verify_message(r, 3), Catch::Contains("'+3' is not a legal move"));
  r = race_record();
  r.actions[2].actor = 1;
  CHECK_THAT(verify_message(r, 3), Catch::Contains("recorded for seat 1 but seat 2 is to act"));
  r = race_record();
  r.actions[0].actor = 1;
  CHECK_THAT(verify_message(r, 1), Catch::Contains("chance is to act"));
  r = race_record();
  r.actions[0].text = "t6";  // in the list of outcomes but with probability 0
  CHECK_THAT(verify_message(r, 1), Catch::Contains("not a possible chance outcome"));
  r = race_record();
  r.actions.push_back({2, "+1", 1});
  CHECK_THAT(verify_message(r, 5), Catch::Contains("already over after action 4"));
}

TEST_CASE("verify: the end of the game and the results must match the rules", "[records]") {
  GameRecord r = race_record();
  r.results = {{2, 0, 0}, {1, 1, 1}};
  CHECK_THAT(verify_message(r, 0), Catch::Contains("seat 1: the record says rank 2"));
  r = race_record();
  r.actions.pop_back();
  CHECK_THAT(verify_message(r, 0), Catch::Contains("seat 1 is still to act"));
  r = race_record();
  r.spec = "chess";
  CHECK_THAT(verify_message(r, 0), Catch::Contains("unknown game 'chess'"));
  r = race_record();
  r.players.push_back("three");
  CHECK_THAT(verify_message(r, 0), Catch::Contains("2 seats"));
}

TEST_CASE("verify: fault terminations stop the game with the faulting seat last", "[records]") {
  GameRecord r = race_record();
  r.actions.pop_back();  // seat 1 to move at total 4
  r.termination = Termination::kTimeForfeit;
  r.fault_seat = 1;
  r.results = {{2, 0, 0}, {1, 1, 1}};
  CHECK_FALSE(verify_record(r, race_factory()));
  r.fault_seat = 2;
  r.results = {{1, 1, 0}, {2, 0, 1}};
  CHECK_THAT(verify_message(r, 0), Catch::Contains("seat 1 was to act"));
  r.termination = Termination::kCrash;  // a crash may happen off turn
  CHECK_FALSE(verify_record(r, race_factory()));
  r.results = {{2, 0, 0}, {1, 1, 1}};
  CHECK_THAT(verify_message(r, 0), Catch::Contains("seat 1: the record says rank 2, score 0"));
  r.results = {{1, 1, 0}, {1, 0, 1}};
  CHECK_THAT(verify_message(r, 0),
             Catch::Contains("seat 2: the record says rank 1, score 0, team 1, the rules say rank 2"));
  r.fault_seat = 0;
  CHECK_THAT(verify_message(r, 0), Catch::Contains("without a FaultSeat"));
  r = race_record();  // the game really ended: no fault can be recorded
  r.termination = Termination::kIllegalMove;
  r.fault_seat = 2;
  CHECK_THAT(verify_message(r, 0), Catch::Contains("had ended by the rules"));
}

TEST_CASE("verify: a length cap needs the maximum length and the rules' adjudication", "[records]") {
  GameRecord r = race_record();
  r.actions.pop_back();
  r.termination = Termination::kLengthCap;
  r.results = {{1, 0.5, 0}, {1, 0.5, 1}};
  CHECK_FALSE(verify_record(r, race_factory(3)));
  auto d = verify_record(r, race_factory(4));
  REQUIRE(d);
  CHECK_THAT(d->message, Catch::Contains("the game's maximum is 4"));
  CHECK(verify_record(r, race_factory(2)));  // more actions than the cap allows
  r.results = {{1, 1, 0}, {2, 0, 1}};
  d = verify_record(r, race_factory(3));
  REQUIRE(d);
  CHECK_THAT(d->message, Catch::Contains("seat 1"));
}

TEST_CASE("verify: a PGN text reports the first discrepancy per game with game, line and action",
          "[records]") {
  GameRecord good = race_record();
  GameRecord bad = race_record();
  bad.actions[3].text = "+2";  // legal, but then the total is 6 and the result stays right...
  bad.results = {{1, 1, 0}, {2, 0, 1}};
  GameRecord illegal = race_record();
  illegal.actions[1].text = "+9";
  illegal.actions[2].text = "+7";  // only the first problem is reported
  std::string text =
      format_pgn(good) + format_pgn(bad) + format_pgn(illegal) + "[Event \"x\"]\n\n*\n" + format_pgn(good);
  VerifyReport report = verify_pgn(text, race_factory());
  CHECK(report.games == 5);
  CHECK(report.passed == 3);  // a +2 finish is legal too: the record is still sound
  REQUIRE(report.failures.size() == 2);
  CHECK(report.failures[0].game == 3);
  CHECK(report.failures[0].line == 2 * 18 + 17);  // 18 lines per game; movetext on the 17th
  CHECK_THAT(report.failures[0].message,
             Catch::StartsWith("action 2 (s1 +9): '+9' is not a legal move here"));
  CHECK(report.failures[1].game == 4);
  CHECK_THAT(report.failures[1].message, Catch::Contains("cannot read the game"));
  CHECK_FALSE(report.ok());

  // Editing a recorded move in the text is caught.
  std::string edited = format_pgn(good);
  edited.replace(edited.find("{3. s2 +2"), 9, "{3. s2 +1");
  report = verify_pgn(edited, race_factory());
  REQUIRE(report.failures.size() == 1);
  CHECK_THAT(report.failures[0].message, Catch::Contains("still to act"));
}

TEST_CASE("verify: a partnership's fault ranks count sides, the earlier seat count is still accepted",
          "[records]") {
  GameRecord r;
  r.spec = "flume-cards:players=4,target=21,hand_cap=100";
  r.players = {"a", "b", "c", "d"};
  r.termination = Termination::kCrash;  // before the deal: off turn
  r.fault_seat = 3;
  r.results = {{2, 0, 0}, {1, 1, 1}, {2, 0, 0}, {1, 1, 1}};
  CHECK_FALSE(verify_record(r, registry_game_factory()));
  r.results = {{3, 0, 0}, {1, 1, 1}, {3, 0, 0}, {1, 1, 1}};  // written before ranks counted sides
  CHECK_FALSE(verify_record(r, registry_game_factory()));
  r.results = {{4, 0, 0}, {1, 1, 1}, {4, 0, 0}, {1, 1, 1}};
  auto d = verify_record(r, registry_game_factory());
  REQUIRE(d);
  CHECK_THAT(d->message, Catch::Contains("the rules say rank 2"));
}

}  // namespace verify_test
