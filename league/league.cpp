#include "league/league.h"

#include <filesystem>

#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "league/ladder.h"
#include "league/league_bot_spec.h"
#include "league/league_summary.h"
#include "process/bot_name.h"
#include "process/command_line.h"
#include "process/self_path.h"
#include "referee/start_check.h"
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

namespace {

// The check `arena match` makes before its first game (referee/start_check.h), of one bot
// with the league's clock, limits and sandbox; `not_done` says what did not happen.
void check_bot_starts(LeagueStore& store, const std::string& dir, const LeagueBot& bot,
                      const std::string& not_done) {
  const RunSettings settings =
      parse_config(store.settings_json(), store.name() + " settings", RunCommand::kLeagueNew);
  RunnerOptions options = runner_options(settings, RunCommand::kLeagueNew);
  options.sandbox_hidden = {std::filesystem::absolute(dir).string()};  // as the run hides it
  const std::vector<StartProblem> problems = check_bots_start({league_bot_spec(bot)}, options);
  if (problems.empty()) return;
  throw UserError(describe_start_problems(problems) + "\n" + not_done +
                  " (check a bot with: arena check-bot COMMAND --game " + settings.game +
                  "; a command that starts only on the machines that run the league: give --no-check)");
}

LeagueBot find_bot(LeagueStore& store, const std::string& name) {
  for (LeagueBot& b : store.bots())
    if (b.name == name) return b;
  throw UserError("the league has no bot named '" + name + "'");
}

}  // namespace

void add_league_bot(const std::string& dir, const std::string& name_and_command, const std::string& parent,
                    const std::string& note, bool check) {
  const NamedCommand nc = parse_named_command(name_and_command);
  auto store = open_league_store(dir);
  if (!parent.empty()) {
    bool known = false;
    for (const LeagueBot& b : store->bots()) known = known || b.name == parent;
    if (!known) throw UserError("--parent: the league has no bot named '" + parent + "'");
  }
  const LeagueBot bot{nc.name, nc.command, std::filesystem::current_path().string(), parent, note, false, ""};
  if (check) check_bot_starts(*store, dir, bot, "the bot was not added");
  store->add_bot(bot);
}

void retire_league_bot(const std::string& dir, const std::string& name) {
  open_league_store(dir)->retire_bot(name);
}

void resume_league_bot(const std::string& dir, const std::string& name, bool check) {
  auto store = open_league_store(dir);
  const LeagueBot bot = find_bot(*store, name);
  if (bot.suspended.empty()) throw UserError("bot '" + name + "' is not suspended");
  if (check) check_bot_starts(*store, dir, bot, "it stays suspended");
  store->resume_bot(name);
}

std::string league_pgn(const std::string& dir) {
  std::string out;
  for (const LeagueGame& g : open_league_store(dir)->games()) out += g.pgn;
  return out;
}

}  // namespace arena
