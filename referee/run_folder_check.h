// Under --sandbox bwrap, before a run's first game: no bot's command (nor --sandbox-bind) may
// name the run's own folders, the output folder (records, seeds, the journal, live files), a
// league's folder or the log folder, or a path inside one. The sandbox masks such a folder
// inside a folder it binds, but binding the folder itself or a path inside it would show it
// (docs/security.md, "What a sandboxed bot sees"). A check of its own, beside the start check
// (referee/start_check.h): it starts nothing.
#pragma once

#include <vector>

#include "referee/run_options.h"

namespace arena {

// Throws UserError naming the bot, the path its command names and the folder it would show.
void refuse_commands_showing_run_folders(const std::vector<BotSpec>& bots, const RunnerOptions& options);

}  // namespace arena
