// `arena check-bot CMD... --game GAME_SPEC`: runs a bot through the conformance checks
// of referee/check_bot.h and prints a PASS/FAIL/SKIP line per check (docs/check-bot.md).
#include <iostream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "cli/run_flags.h"
#include "process/command_line.h"
#include "referee/check_bot.h"

namespace arena::cli {

namespace {

struct CheckBotCliOptions {
  std::vector<std::string> command;
  std::string spec;
  int games = 10;
  std::uint64_t seed = 1;
  RunFlags run;
  std::string quit_grace;
};

int run_check_bot(const CheckBotCliOptions& o) {
  CheckBotOptions co;
  co.spec = o.spec;
  // One argument is split like a shell would ("python3 bot.py"); several are taken as argv.
  co.command.argv = o.command.size() == 1 ? split_command_line(o.command[0]) : o.command;
  if (co.command.argv.empty()) throw CommandError{"give the bot's command"};
  co.games = o.games;
  co.seed = o.seed;
  co.log_dir = o.run.log_dir;
  co.time = time_control(o.run);
  if (!o.quit_grace.empty())
    co.quit_grace = std::chrono::milliseconds(seconds_flag(o.quit_grace, "--quit-grace"));
  RunnerOptions ro;
  apply_run_flags(o.run, ro);  // the sandbox and the limits, checked like a match's
  co.sandbox = ro.sandbox;
  co.sandbox_binds = ro.sandbox_binds;
  co.limits = ro.process_limits;
  return check_bot(co, &std::cout).passed() ? 0 : 1;
}

}  // namespace

void add_check_bot_command(CLI::App& app) {
  auto o = std::make_shared<CheckBotCliOptions>();
  auto* cmd = app.add_subcommand(
      "check-bot",
      "Check that a bot follows the protocol: handshake, many games, legal moves in rare positions, "
      "time, messages, clean quit");
  cmd->add_option("command", o->command,
                  "The bot: a program and its arguments (after --), or one quoted command line")
      ->required();
  cmd->add_option("--game,-g", o->spec, "Game spec, e.g. flume or flume-cards:players=5")->required();
  cmd->add_option("--games,-n", o->games, "Games every copy of the bot plays in a row (default 10)")
      ->check(whole_number(1, 100000));
  cmd->add_option("--seed", o->seed, "Seed of the games and of the referee's steering moves (default 1)")
      ->check(seed_number());
  add_run_flags(*cmd, o->run, kTimeFlags | kProcessFlags | kLogDirFlag);
  cmd->add_option("--quit-grace", o->quit_grace, "Seconds a bot has to exit after 'quit' (default 1)")
      ->check(seconds_value(0, 3600 * 1000))
      ->type_name("SECONDS");
  cmd->callback([o] {
    const int code = run_check_bot(*o);
    if (code != 0) throw CommandError{"the bot failed a check (see the FAIL lines above)", code};
  });
}

}  // namespace arena::cli
