#include "referee/run_folder_check.h"

#include "engine/core/user_error.h"
#include "process/bot_process.h"

namespace arena {

void refuse_commands_showing_run_folders(const std::vector<BotSpec>& bots, const RunnerOptions& options) {
  if (options.sandbox != Sandbox::kBwrap) return;  // without it a bot sees every file its user can
  BotProcess::Options po;
  po.sandbox_binds = options.sandbox_binds;
  po.sandbox_hidden = options.sandbox_hidden;
  if (!options.log_dir.empty()) po.sandbox_hidden.push_back(options.log_dir);
  for (const BotSpec& bot : bots) {
    if (bot.untimed) continue;  // a person at the terminal: Arena's own client
    const HiddenShown shown = BotProcess::sandbox_hidden_shown(bot.command, po);
    if (shown.named.empty()) continue;
    throw UserError("bot '" + bot.name + "': under --sandbox bwrap its command names '" + shown.named +
                    "', which would show the bot " + shown.bound + "; the run's own folder " + shown.hidden +
                    " (records, seeds, journal, games in play) must stay hidden from every bot: keep the bot "
                    "and its files outside it\nno game was played");
  }
}

}  // namespace arena
