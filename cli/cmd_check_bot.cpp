// `arena check-bot CMD... --game GAME_SPEC`: runs a bot through the conformance checks
// of referee/check_bot.h and prints a PASS/FAIL/SKIP line per check (docs/check-bot.md).
#include <iostream>

#include "cli/commands.h"
#include "cli/option_flags.h"
#include "process/command_line.h"
#include "referee/check_bot.h"
#include "tournaments/runner_setup.h"

namespace arena::cli {

namespace {

int run_check_bot(RunSettings s, bool tc_given, bool move_time_given) {
  // --move-time alone: no game clock, as in a match (docs/referee.md, "Run options").
  if (move_time_given && !tc_given) s.tc.clear();
  CheckBotOptions co;
  co.spec = s.game;
  // One argument is split like a shell would ("python3 bot.py"); several are taken as argv.
  co.command.argv = s.bot_under_test.size() == 1 ? split_command_line(s.bot_under_test[0]) : s.bot_under_test;
  if (co.command.argv.empty()) throw CommandError{"give the bot's command"};
  co.games = s.games;
  co.seed = s.seed;
  co.log_dir = s.log_dir;
  const RunnerOptions ro = runner_options(s, RunCommand::kCheckBot);  // checked like a match's
  co.time = ro.time;
  co.quit_grace = std::chrono::milliseconds(static_cast<std::int64_t>(s.quit_grace * 1000 + 0.5));
  co.sandbox = ro.sandbox;
  co.sandbox_binds = ro.sandbox_binds;
  co.limits = ro.process_limits;
  return check_bot(co, &std::cout).passed() ? 0 : 1;
}

}  // namespace

void add_check_bot_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "check-bot",
      "Check that a bot follows the protocol: handshake, many games, legal moves in rare positions, "
      "time, messages, clean quit");
  auto flags = std::make_shared<TableFlags>(*cmd, RunCommand::kCheckBot);
  cmd->callback([flags] {
    const int code = run_check_bot(flags->settings(), flags->given("tc"), flags->given("move-time"));
    if (code != 0) throw CommandError{"the bot failed a check (see the FAIL lines above)", code};
  });
}

}  // namespace arena::cli
