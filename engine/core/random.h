// The one random number generator of Arena. Hand-written (SplitMix64 seeding a
// xoshiro256**) rather than <random> distributions, whose output differs between
// standard libraries: a seed must replay the same game everywhere.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/game.h"

namespace arena {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);
  std::uint64_t next();
  // Uniform integer in [0, n), n > 0, without modulo bias.
  std::uint64_t below(std::uint64_t n);
  // Uniform double in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t s_[4];
};

// Derives an independent seed from a base seed and an index (game number, seat...).
std::uint64_t derive_seed(std::uint64_t base, std::uint64_t index);

// Samples one outcome of a chance node by its probability.
Move sample_chance(const State& state, Rng& rng);

// Uniformly random legal move of the seat to act (a chance outcome at chance nodes).
Move random_action(const State& state, Rng& rng, std::vector<Move>& scratch);

}  // namespace arena
