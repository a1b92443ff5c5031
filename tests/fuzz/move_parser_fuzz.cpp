// libFuzzer target: every game's move parser, in positions reached by random play.
// Input: byte 0 picks the game, bytes 1-2 the number of random actions to play first
// (seeded from bytes 3-10), the rest is the text handed to parse_move. Whatever the text,
// parse_move must return (never crash), and a move it accepts must be legal and applicable.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "engine/core/random.h"
#include "engine/core/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arena;
  if (size < 11) return 0;
  const auto& games = all_games();
  if (games.empty()) return 0;
  const GameEntry* entry = games[data[0] % games.size()];
  static thread_local std::vector<std::unique_ptr<Game>> cache;
  if (cache.size() != games.size()) {
    cache.clear();
    for (const GameEntry* g : games) cache.push_back(make_game(g->info.id));
  }
  const Game& game = *cache[data[0] % games.size()];
  (void)entry;
  int plies = (data[1] | (data[2] << 8)) % std::max(1, std::min(game.max_game_length(), 400));
  std::uint64_t seed;
  std::memcpy(&seed, data + 3, sizeof seed);
  std::string_view text(reinterpret_cast<const char*>(data + 11), size - 11);

  auto state = game.new_initial_state();
  Rng rng(seed);
  std::vector<Move> scratch;
  for (int i = 0; i < plies && !state->is_terminal(); ++i) state->apply(random_action(*state, rng, scratch));
  if (state->is_terminal()) return 0;
  ParsedMove p = state->parse_move(text);
  if (p.ok()) {
    state->legal_moves(scratch);
    if (std::find(scratch.begin(), scratch.end(), p.move) == scratch.end()) __builtin_trap();
    state->apply(p.move);
  } else if (p.error.empty()) {
    __builtin_trap();  // every rejection must say why
  }
  return 0;
}
