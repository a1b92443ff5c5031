// Flows tiles. Every tile joins the six sides of its hex in three pairs (a "pairing").
// A hexagon has 15 pairings; the four tile types in their rotations give 14 of them, all
// but the three-straights pairing {0-3, 1-4, 2-5}.
//
// At rotation 0: T0 {0-2, 3-5, 1-4}, T1 {0-1, 2-4, 3-5}, T2 {0-1, 3-4, 2-5}, T3 {0-1, 2-3, 4-5}.
// Rotation r adds r (mod 6) to every side. Rotations giving the same pairing are one move;
// the canonical rotation is the smallest.
#pragma once

#include <array>
#include <cstdint>

namespace arena::flows {

inline constexpr int kTileTypes = 4;
inline constexpr int kCopiesPerType = 10;
inline constexpr int kPairings = 15;
inline constexpr int kNoTile = -1;

// Pairing id 0..14 -> mate of each side.
using Mates = std::array<std::int8_t, 6>;
const Mates& pairing_mates(int pairing);
int three_straights_pairing();

// Pairing id of tile `type` at `rotation` (0..5).
int tile_pairing(int type, int rotation);
// The smallest rotation with the same pairing as (type, rotation).
int canonical_rotation(int type, int rotation);
// Canonical rotations of a type, ascending (T0: 0,1,2  T1: 0..5  T2: 0,1,2  T3: 0,1).
struct RotationList {
  std::array<std::int8_t, 6> rotation;
  int count;
};
const RotationList& canonical_rotations(int type);
// The tile type and canonical rotation giving a pairing, or type -1 (three straights).
struct TileRotation {
  int type, rotation;
};
TileRotation tile_of_pairing(int pairing);

}  // namespace arena::flows
