#include "engine/core/registry.h"

#include "engine/games.h"

namespace arena {

const std::vector<const GameEntry*>& all_games() {
  static const std::vector<const GameEntry*> games = registered_games();
  return games;
}

std::unique_ptr<Game> make_game(std::string_view spec) {
  RawSpec raw = split_spec(spec);
  std::string ids;
  for (const GameEntry* g : all_games()) {
    if (g->info.id == raw.id) return g->make(g->info, resolve_params(g->info, raw));
    ids += (ids.empty() ? "" : ", ") + g->info.id;
  }
  throw SpecError("unknown game '" + raw.id + "' (known games: " + ids + ")");
}

}  // namespace arena
