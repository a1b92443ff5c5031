#include "referee/seat_messages.h"

#include <boost/uuid/detail/sha1.hpp>
#include <string_view>

#include "protocol/messages.h"

namespace arena {

std::uint64_t seat_seed(std::uint64_t game_seed, int seat) {
  // A reversible mix (SplitMix64, as derive_seed) would hand every bot the chance seed:
  // invert the mix, undo the seat index, and replay the dealer's RNG.
  unsigned char input[24] = {'a', 'r', 'e', 'n', 'a', '-', 's', 'e', 'a', 't', '-', 's', 'e', 'e', 'd', 0};
  for (int i = 0; i < 8; ++i) input[16 + i] = static_cast<unsigned char>(game_seed >> (8 * i));
  input[15] = static_cast<unsigned char>(seat);
  boost::uuids::detail::sha1 hash;
  hash.process_bytes(input, sizeof input);
  boost::uuids::detail::sha1::digest_type digest;
  hash.get_digest(digest);
  return (std::uint64_t{digest[0]} << 32) | digest[1];
}

void append_seat_event(const State& state, int seat, Move m, std::string& out) {
  const std::string view = state.action_view(seat, m);
  if (view.empty()) return;
  protocol::append_event_line(out, state.current_player(), view);
}

void append_decision_request(const State& state, int seat, LegalList* legal, std::string& out) {
  state.append_observation_lines(seat, protocol::kObsLinePrefix, out);
  if (legal) {
    legal->build(state);
    protocol::append_legal_line(out, legal->joined_names());
  }
}

void append_newgame(const Game& game, int seat, int players, std::uint64_t game_seed, std::string& out) {
  out += protocol::newgame_line(game.spec(), seat, players, seat_seed(game_seed, seat));
  out += '\n';
}

void append_go(const SeatClock& clock, const TimeControl& tc, std::string& out) {
  const bool timed = !clock.untimed();
  protocol::append_go_line(out, clock.remaining_ms(), timed && tc.has_clock() ? tc.increment_ms : 0,
                           timed ? tc.move_time_ms : -1);
}

void append_gameover(Termination why, const std::vector<SeatResult>& results, std::string& out) {
  std::vector<protocol::SeatOutcome> outcomes;
  for (const auto& r : results) outcomes.push_back({r.rank, r.score});
  out += protocol::gameover_line(termination_token(why), outcomes);
  out += '\n';
}

namespace {
void split_lines(const std::string& text, std::vector<std::string>& out) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
}
}  // namespace

std::string seat_event_line(const State& state, int seat, Move m) {
  std::string text;
  append_seat_event(state, seat, m, text);
  if (!text.empty()) text.pop_back();
  return text;
}

void seat_decision_lines(const State& state, int seat, bool with_legal, std::vector<std::string>& out) {
  std::string text;
  LegalList legal;
  append_decision_request(state, seat, with_legal ? &legal : nullptr, text);
  split_lines(text, out);
}

}  // namespace arena
