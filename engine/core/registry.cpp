#include "engine/core/registry.h"

#include <stdexcept>

#include "engine/games.h"

namespace arena {

namespace {

// The games registered from outside engine/, and whether all_games() has been built. A
// function-local static, so a registrar running while the program starts finds it ready
// whatever the order in which the linker placed the object files.
struct Registered {
  std::vector<const GameEntry*> games;
  bool fixed = false;
};

Registered& registered() {
  static Registered r;
  return r;
}

}  // namespace

void register_game(const GameEntry& entry) {
  Registered& r = registered();
  const std::string& id = entry.info.id;
  std::vector<const GameEntry*> known = registered_games();
  known.insert(known.end(), r.games.begin(), r.games.end());
  for (const GameEntry* g : known)
    if (g->info.id == id) throw std::logic_error("register_game('" + id + "'): a game with this id exists");
  if (r.fixed)
    throw std::logic_error("register_game('" + id +
                           "'): too late, the list of games is already in use; register before anything "
                           "calls all_games() or make_game()");
  r.games.push_back(&entry);
}

const std::vector<const GameEntry*>& all_games() {
  static const std::vector<const GameEntry*> games = [] {
    Registered& r = registered();
    r.fixed = true;
    std::vector<const GameEntry*> v = registered_games();
    v.insert(v.end(), r.games.begin(), r.games.end());
    return v;
  }();
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
