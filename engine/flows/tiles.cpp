#include "engine/flows/tiles.h"

namespace arena::flows {

namespace {

constexpr int kBasePairs[kTileTypes][3][2] = {
    {{0, 2}, {3, 5}, {1, 4}},  // T0: two wide curves and a straight
    {{0, 1}, {2, 4}, {3, 5}},  // T1: one sharp corner, two crossing curves
    {{0, 1}, {3, 4}, {2, 5}},  // T2: two sharp corners and a straight
    {{0, 1}, {2, 3}, {4, 5}},  // T3: three sharp corners
};

struct Tables {
  std::array<Mates, kPairings> mates{};
  int count = 0;
  int three_straights = -1;
  int pairing_of[kTileTypes][6]{};
  int canonical[kTileTypes][6]{};
  RotationList rotations[kTileTypes]{};
  TileRotation tile_of[kPairings]{};

  int intern(const Mates& m) {
    for (int i = 0; i < count; ++i)
      if (mates[i] == m) return i;
    mates[count] = m;
    return count++;
  }

  Tables() {
    // Enumerate all 15 pairings so the ids are fixed: pair side 0 first, then the
    // lowest unpaired side, in increasing order of mates.
    for (int a = 1; a < 6; ++a) {
      int rest[4], n = 0;
      for (int s = 1; s < 6; ++s)
        if (s != a) rest[n++] = s;
      for (int b = 1; b < 4; ++b) {
        int others[2], k = 0;
        for (int i = 1; i < 4; ++i)
          if (i != b) others[k++] = rest[i];
        Mates m{};
        m[0] = static_cast<std::int8_t>(a), m[a] = 0;
        m[rest[0]] = static_cast<std::int8_t>(rest[b]), m[rest[b]] = static_cast<std::int8_t>(rest[0]);
        m[others[0]] = static_cast<std::int8_t>(others[1]),
        m[others[1]] = static_cast<std::int8_t>(others[0]);
        intern(m);
      }
    }
    three_straights = intern(Mates{3, 4, 5, 0, 1, 2});
    for (auto& t : tile_of) t = {-1, 0};
    for (int t = 0; t < kTileTypes; ++t) {
      rotations[t].count = 0;
      for (int r = 0; r < 6; ++r) {
        Mates m{};
        for (auto& p : kBasePairs[t]) {
          int x = (p[0] + r) % 6, y = (p[1] + r) % 6;
          m[x] = static_cast<std::int8_t>(y), m[y] = static_cast<std::int8_t>(x);
        }
        int id = intern(m);
        pairing_of[t][r] = id;
        canonical[t][r] = r;
        for (int earlier = 0; earlier < r; ++earlier)
          if (pairing_of[t][earlier] == id) {
            canonical[t][r] = earlier;
            break;
          }
        if (canonical[t][r] == r) {
          rotations[t].rotation[rotations[t].count++] = static_cast<std::int8_t>(r);
          tile_of[id] = {t, r};
        }
      }
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

const Mates& pairing_mates(int pairing) { return tables().mates[pairing]; }
int three_straights_pairing() { return tables().three_straights; }
int tile_pairing(int type, int rotation) { return tables().pairing_of[type][rotation]; }
int canonical_rotation(int type, int rotation) { return tables().canonical[type][rotation]; }
const RotationList& canonical_rotations(int type) { return tables().rotations[type]; }
TileRotation tile_of_pairing(int pairing) { return tables().tile_of[pairing]; }

}  // namespace arena::flows
