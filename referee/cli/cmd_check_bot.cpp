// `arena check-bot CMD... --game GAME_SPEC`: runs a bot through the conformance checks
// of referee/check_bot.h and prints a PASS/FAIL/SKIP line per check (docs/check-bot.md).
#include <iostream>

#include "referee/check_bot.h"
#include "referee/cli/commands.h"
#include "referee/command_line.h"

namespace arena::cli {

namespace {

struct CheckBotCliOptions {
  std::vector<std::string> command;
  std::string spec;
  int games = 10;
  std::uint64_t seed = 1;
  std::string tc, move_time, startup_time, quit_grace;
  std::int64_t margin_ms = 50;
  std::string log_dir;
};

int run_check_bot(const CheckBotCliOptions& o) {
  CheckBotOptions co;
  co.spec = o.spec;
  // One argument is split like a shell would ("python3 bot.py"); several are taken as argv.
  co.command.argv = o.command.size() == 1 ? split_command_line(o.command[0]) : o.command;
  if (co.command.argv.empty()) throw CommandError{"give the bot's command"};
  co.games = o.games;
  co.seed = o.seed;
  co.log_dir = o.log_dir;
  try {
    if (!o.tc.empty()) parse_tc(o.tc, co.time);
    if (!o.move_time.empty()) co.time.move_time_ms = parse_seconds(o.move_time, "--move-time");
    if (!o.startup_time.empty()) co.time.startup_ms = parse_seconds(o.startup_time, "--startup-time");
    if (!o.quit_grace.empty())
      co.quit_grace = std::chrono::milliseconds(parse_seconds(o.quit_grace, "--quit-grace"));
  } catch (const TimeControlError& e) {
    throw CommandError{e.what()};
  }
  co.time.margin_ms = o.margin_ms;
  try {
    return check_bot(co, &std::cout).passed() ? 0 : 1;
  } catch (const std::invalid_argument& e) {
    throw CommandError{e.what()};
  }
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
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--seed", o->seed, "Seed of the games and of the referee's steering moves (default 1)");
  cmd->add_option("--tc", o->tc, "Game clock BASE+INC in seconds per seat, e.g. 10+0.1");
  cmd->add_option("--move-time", o->move_time, "Hard limit per move in seconds (default 10 when no --tc)");
  cmd->add_option("--startup-time", o->startup_time, "Seconds to answer the handshake (default 10)");
  cmd->add_option("--margin", o->margin_ms, "Milliseconds of grace added to every deadline (default 50)")
      ->check(CLI::Range(0, 60000));
  cmd->add_option("--quit-grace", o->quit_grace, "Seconds a bot has to exit after 'quit' (default 1)");
  cmd->add_option("--log-dir", o->log_dir, "Keep each copy's stderr, info lines and referee notes here");
  cmd->callback([o] {
    const int code = run_check_bot(*o);
    if (code != 0) throw CommandError{"the bot failed a check (see the FAIL lines above)", code};
  });
}

}  // namespace arena::cli
