#include "engine/flows/seating.h"

#include "engine/core/spec.h"

namespace arena::flows {

std::vector<int> default_sides(int players) {
  switch (players) {
    case 2:
      return {0, 2};
    case 3:
      return {0, 2, 4};
    case 4:
      return {0, 1, 3, 4};
    case 5:
      return {0, 1, 2, 3, 4};
    default:
      return {0, 1, 2, 3, 4, 5};
  }
}

std::string Seating::to_text() const {
  std::string s;
  for (size_t i = 0; i < side_of_seat.size(); ++i) {
    if (i) s += '-';
    s += static_cast<char>('0' + side_of_seat[i]);
  }
  return s;
}

namespace {

[[noreturn]] void fail(const std::string& why) { throw SpecError("flows: bad sides: " + why); }

std::vector<int> parse_sides(int players, std::string_view text) {
  if (text == "default") return default_sides(players);
  std::vector<int> sides;
  size_t i = 0;
  while (true) {
    if (i >= text.size() || text[i] < '0' || text[i] > '5')
      fail(std::string("'").append(text) +
           "' is not a list of board sides 0..5 joined by '-', e.g. 0-2-4, or 'default'");
    sides.push_back(text[i] - '0');
    ++i;
    if (i == text.size()) break;
    if (text[i] != '-')
      fail(std::string("'").append(text) +
           "' is not a list of board sides 0..5 joined by '-', e.g. 0-2-4, or 'default'");
    ++i;
  }
  if (static_cast<int>(sides.size()) != players)
    fail(std::string("'").append(text) + "' lists " + std::to_string(sides.size()) +
         " sides for players=" + std::to_string(players));
  for (size_t a = 0; a < sides.size(); ++a)
    for (size_t b = a + 1; b < sides.size(); ++b)
      if (sides[a] == sides[b]) fail("side " + std::to_string(sides[a]) + " is listed twice");
  // Play goes clockwise by side, starting with seat 1: the list must follow that order.
  for (size_t a = 1; a < sides.size(); ++a) {
    int prev = (sides[a - 1] - sides[0] + 6) % 6, cur = (sides[a] - sides[0] + 6) % 6;
    if (cur < prev)
      fail(std::string("'").append(text) +
           "' is not in clockwise order from seat 1's side (seats take turns clockwise)");
  }
  return sides;
}

}  // namespace

Seating make_seating(int players, std::string_view sides_text) {
  Seating st;
  st.players = players;
  st.side_of_seat = parse_sides(players, sides_text);
  st.seat_on_side.fill(0);
  for (int seat = 1; seat <= players; ++seat) st.seat_on_side[st.side_of_seat[seat - 1]] = seat;
  // Rule sheet: in 2-3 player games everyone plays alone toward the black side opposite;
  // in 4-player games everyone has the opposite player as partner (team play).
  for (int seat = 1; seat <= players; ++seat) {
    int side = st.side_of_seat[seat - 1];
    int partner = st.seat_on_side[(side + 3) % 6];
    if (players <= 3 && partner)
      fail("sides " + std::to_string(side) + " and " + std::to_string((side + 3) % 6) +
           " face each other, but in a " + std::to_string(players) +
           "-player game every player plays alone and must face a black side");
    if (players == 4 && !partner)
      fail("side " + std::to_string(side) +
           " faces a black side, but a 4-player game is team play: the two black "
           "sides must face each other so that every player faces a partner");
  }
  st.team_of_seat.assign(players, -1);
  int teams = 0;
  for (int seat = 1; seat <= players; ++seat) {
    if (st.team_of_seat[seat - 1] >= 0) continue;
    st.team_of_seat[seat - 1] = teams;
    int partner = st.seat_on_side[(st.side_of_seat[seat - 1] + 3) % 6];
    if (partner) st.team_of_seat[partner - 1] = teams;
    ++teams;
  }
  for (int seat = 1; seat <= players; ++seat)
    st.axes |= static_cast<std::uint8_t>(1u << st.axis_of_seat(seat));
  // Turn order: the six sides clockwise from seat 1's side. An occupied side plays; in a
  // 5-player game the lone black side's turn goes to the solo player facing it.
  int first = st.side_of_seat[0];
  for (int i = 0; i < 6; ++i) {
    int side = (first + i) % 6;
    if (st.seat_on_side[side])
      st.turn_cycle.push_back(st.seat_on_side[side]);
    else if (players == 5)
      st.turn_cycle.push_back(st.seat_on_side[(side + 3) % 6]);
  }
  return st;
}

}  // namespace arena::flows
