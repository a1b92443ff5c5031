#include "league/league.h"

#include <filesystem>

#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "league/ladder.h"
#include "league/league_summary.h"
#include "process/bot_name.h"
#include "process/command_line.h"
#include "process/self_path.h"
#include "store/league_store.h"
#include "tournaments/config.h"
#include "tournaments/runner_setup.h"

namespace arena {

void new_league(const RunSettings& given) {
  RunSettings s = given;
  s.game = make_game(s.game)->spec();         // a bad spec is refused before the folder is made
  runner_options(s, RunCommand::kLeagueNew);  // so are the clock, sandbox and binds
  std::vector<LeagueBot> ladder;
  if (s.ladder)  // before the folder is made: a spec without a ladder is refused
    ladder = ladder_bots(ladder_for(s.game), std::filesystem::path(self_executable()).parent_path().string());
  auto store = create_league_store(s.out, config_to_json(s, RunCommand::kLeagueNew), s.db);
  ensure_tallied(*store, s.out);  // no game yet: marks the (empty) tallies current
  for (const LeagueBot& b : ladder) store->add_bot(b);
}

void add_league_bot(const std::string& dir, const std::string& name_and_command, const std::string& parent,
                    const std::string& note) {
  const NamedCommand nc = parse_named_command(name_and_command);
  auto store = open_league_store(dir);
  if (!parent.empty()) {
    bool known = false;
    for (const LeagueBot& b : store->bots()) known = known || b.name == parent;
    if (!known) throw UserError("--parent: the league has no bot named '" + parent + "'");
  }
  store->add_bot({nc.name, nc.command, std::filesystem::current_path().string(), parent, note, false});
}

void retire_league_bot(const std::string& dir, const std::string& name) {
  open_league_store(dir)->retire_bot(name);
}

std::string league_pgn(const std::string& dir) {
  std::string out;
  for (const LeagueGame& g : open_league_store(dir)->games()) out += g.pgn;
  return out;
}

}  // namespace arena
