// Who sits where in Flows, who plays with whom, and the turn order.
//
// A seating lists the board side of every seat: seat 1 on the first listed side, the
// others following clockwise. Players on opposite sides form a team; a player facing a
// black (unused) side plays alone toward it. Either way every player or team owns one
// "axis": the pair of opposite board sides {a, a+3} (a = 0, 1, 2) it must join.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arena::flows {

inline constexpr int kAxes = 3;

struct Seating {
  int players = 0;
  std::vector<int> side_of_seat;      // index seat-1 -> board side
  std::array<int, 6> seat_on_side{};  // board side -> seat (1..N) or 0 for black
  std::vector<int> team_of_seat;      // index seat-1 -> 0-based team, numbered by lowest seat
  std::uint8_t axes = 0;              // bit a set: axis {a, a+3} belongs to a player or team
  std::vector<int> turn_cycle;        // seats in turn order, repeating (5 players: 6 turns)

  int axis_of_seat(int seat) const { return side_of_seat[seat - 1] % 3; }
  // "0-2-4": the seating as a sides= value.
  std::string to_text() const;
};

// The default seating for a player count (2..6).
std::vector<int> default_sides(int players);

// Builds a seating from a sides= value ("default" or e.g. "0-2-4"); throws SpecError
// naming the broken rule.
Seating make_seating(int players, std::string_view sides_text);

}  // namespace arena::flows
