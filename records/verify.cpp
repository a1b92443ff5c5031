#include "records/verify.h"

#include <algorithm>
#include <cmath>
#include <exception>

#include "engine/core/registry.h"
#include "records/adjudication.h"
#include "records/pgn.h"

namespace arena {

namespace {

// The fault ruling of earlier versions, which ranked the losing partnership below every
// winning *seat* (3 1 3 1) rather than every winning side (2 1 2 1): their records stay valid.
std::vector<SeatResult> fault_results_counting_seats(const Game& game, int fault_seat) {
  std::vector<SeatResult> r = fault_results(game, fault_seat);
  int winning_seats = 0;
  for (const SeatResult& x : r) winning_seats += x.rank == 1;
  for (SeatResult& x : r)
    if (x.rank != 1) x.rank = winning_seats + 1;
  return r;
}

std::string actor_name(int actor) { return actor == kChance ? "chance" : "seat " + std::to_string(actor); }

std::string describe(const SeatResult& r) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "rank %d, score %g, team %d", r.rank, r.score, r.team);
  return buf;
}

// Compares recorded results with the rules' results, seat by seat.
std::optional<std::string> compare_results(const std::vector<SeatResult>& recorded,
                                           const std::vector<SeatResult>& rules) {
  if (recorded.size() != rules.size())
    return "the record has results for " + std::to_string(recorded.size()) + " seats, the rules for " +
           std::to_string(rules.size());
  for (size_t i = 0; i < rules.size(); ++i) {
    const SeatResult &a = recorded[i], &b = rules[i];
    if (a.rank != b.rank || a.team != b.team ||
        std::fabs(a.score - b.score) > 1e-9 * (1 + std::fabs(b.score)))
      return "seat " + std::to_string(i + 1) + ": the record says " + describe(a) + ", the rules say " +
             describe(b);
  }
  return std::nullopt;
}

// Faults only the seat to act can commit: repro's decision faults, a flood while thinking, a
// resignation (wider than repro_command.h's fault_at_decision, which has a decision to rerun).
bool fault_of_seat_to_act(Termination t) {
  return t == Termination::kTimeForfeit || t == Termination::kIllegalMove || t == Termination::kUnparseable ||
         t == Termination::kOutputFlood || t == Termination::kResign;
}

std::optional<Discrepancy> game_level(std::string message) { return Discrepancy{0, std::move(message)}; }

std::optional<Discrepancy> replay(const GameRecord& r, const GameFactory& factory) {
  std::unique_ptr<Game> game;
  try {
    game = factory(r.spec);
  } catch (const std::exception& e) {
    return game_level(std::string("cannot build the game: ") + e.what());
  }
  if (game->num_players() != static_cast<int>(r.players.size()))
    return game_level(r.spec + " has " + std::to_string(game->num_players()) +
                      " seats but the record names " + std::to_string(r.players.size()));
  if (game->spec() != r.spec)
    return game_level("game spec '" + r.spec + "' is not canonical (expected '" + game->spec() + "')");

  std::unique_ptr<State> state = game->new_initial_state();
  for (size_t i = 0; i < r.actions.size(); ++i) {
    const RecordedAction& a = r.actions[i];
    const int index = static_cast<int>(i) + 1;
    auto at = [&](std::string message) { return Discrepancy{index, std::move(message)}; };
    const int to_act = state->current_player();
    if (to_act == kTerminal) return at("the game is already over after action " + std::to_string(i));
    if (a.actor != to_act)
      return at("recorded for " + actor_name(a.actor) + " but " + actor_name(to_act) + " is to act");
    ParsedMove parsed = state->parse_move(a.text);
    if (!parsed.ok()) return at(parsed.error);
    if (to_act == kChance) {
      auto outcomes = state->chance_outcomes();
      bool possible = std::any_of(outcomes.begin(), outcomes.end(),
                                  [&](const auto& o) { return o.first == parsed.move && o.second > 0; });
      if (!possible) return at("'" + a.text + "' is not a possible chance outcome here");
    }
    state->apply(parsed.move);
  }

  const int n = game->num_players();
  const bool over = state->is_terminal();
  switch (r.termination) {
    case Termination::kNormal:
      if (!over)
        return game_level("the record ends after " + std::to_string(r.actions.size()) +
                          " actions with a normal end, but " + actor_name(state->current_player()) +
                          " is still to act");
      if (r.fault_seat != 0) return game_level("a normal end names a faulting seat");
      if (auto diff = compare_results(r.results, state->results())) return game_level(*diff);
      return std::nullopt;
    case Termination::kLengthCap:
      if (over) return game_level("the record says length cap but the game ended by the rules");
      if (static_cast<int>(r.actions.size()) != game->max_game_length())
        return game_level("length cap after " + std::to_string(r.actions.size()) +
                          " actions, but the game's maximum is " + std::to_string(game->max_game_length()));
      if (r.fault_seat != 0) return game_level("a length cap names a faulting seat");
      // The referee adjudicates a capped game as a draw between all seats.
      if (auto diff = compare_results(r.results, drawn_results(*game))) return game_level(*diff);
      return std::nullopt;
    case Termination::kAborted:
      if (!r.results.empty()) return game_level("an aborted game records a result");
      return std::nullopt;
    default:
      break;
  }
  // A fault: the game stopped before the rules ended it.
  const std::string why = termination_name(r.termination);
  if (over) return game_level("the record says " + why + " but the game had ended by the rules");
  if (r.fault_seat < 1 || r.fault_seat > n) return game_level("termination " + why + " without a FaultSeat");
  if (fault_of_seat_to_act(r.termination) && state->current_player() != r.fault_seat)
    return game_level(why + " by seat " + std::to_string(r.fault_seat) + " but " +
                      actor_name(state->current_player()) + " was to act");
  // The referee's ruling: the faulting seat and its partners last, everybody else first.
  if (auto diff = compare_results(r.results, fault_results(*game, r.fault_seat))) {
    if (compare_results(r.results, fault_results_counting_seats(*game, r.fault_seat)))
      return game_level(*diff);
  }
  return std::nullopt;
}

}  // namespace

GameFactory registry_game_factory() {
  return [](std::string_view spec) { return make_game(spec); };
}

std::optional<Discrepancy> verify_record(const GameRecord& record, const GameFactory& factory) {
  try {
    return replay(record, factory);
  } catch (const std::exception& e) {
    // A game's rules code should never throw on a legal sequence; say so rather than crash.
    return game_level(std::string("the engine failed while replaying: ") + e.what());
  }
}

VerifyReport verify_pgn(std::string_view text, const GameFactory& factory) {
  VerifyReport report;
  std::vector<PgnError> errors;
  std::vector<PgnLocation> locations;
  std::vector<GameRecord> games = parse_pgn(text, errors, locations);
  for (const PgnError& e : errors)
    report.failures.push_back({e.game, e.line, "cannot read the game: " + e.message});
  for (size_t g = 0; g < games.size(); ++g) {
    const GameRecord& r = games[g];
    const PgnLocation& loc = locations[g];
    auto d = verify_record(r, factory);
    if (!d) {
      ++report.passed;
      continue;
    }
    VerifyFailure f{loc.game, loc.first_line, d->message};
    if (d->action >= 1 && static_cast<size_t>(d->action) <= r.actions.size()) {
      const RecordedAction& a = r.actions[d->action - 1];
      f.line = loc.action_lines[d->action - 1];
      f.message = "action ";
      f.message += std::to_string(d->action);
      f.message += " (";
      if (a.actor == kChance) {
        f.message += "chance";
      } else {
        f.message += 's';
        f.message += std::to_string(a.actor);
      }
      f.message += ' ';
      f.message += a.text;
      f.message += "): ";
      f.message += d->message;
    }
    report.failures.push_back(std::move(f));
  }
  std::sort(report.failures.begin(), report.failures.end(),
            [](const VerifyFailure& a, const VerifyFailure& b) { return a.game < b.game; });
  report.games = static_cast<int>(games.size() + errors.size());
  return report;
}

}  // namespace arena
