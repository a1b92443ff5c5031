#include "engine/core/random.h"

namespace arena {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& s : s_) s = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  // Rejection sampling keeps every value equally likely.
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
  std::uint64_t x;
  do x = next();
  while (x >= limit);
  return x % n;
}

std::uint64_t derive_seed(std::uint64_t base, std::uint64_t index) {
  std::uint64_t x = base ^ (index * 0xd1b54a32d192ed03ULL);
  splitmix64(x);
  return splitmix64(x);
}

Move sample_chance(const State& state, Rng& rng) {
  auto outcomes = state.chance_outcomes();
  double u = rng.unit(), acc = 0;
  for (const auto& [m, p] : outcomes) {
    acc += p;
    if (u < acc) return m;
  }
  return outcomes.back().first;  // rounding left u just above the sum
}

Move random_action(const State& state, Rng& rng, std::vector<Move>& scratch) {
  if (state.is_chance()) return sample_chance(state, rng);
  state.legal_moves(scratch);
  return scratch[rng.below(scratch.size())];
}

}  // namespace arena
