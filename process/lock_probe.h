// Whether another process holds a write lock on a file (an open-file-description lock, as
// `arena league run` and a tournament's live folder hold theirs: tournaments/live_games.h).
// Only tests the lock, never takes it, so a reader (`arena serve`) can ask without disturbing
// the holder.
#pragma once

#include <string>

namespace arena {

// False when the file is missing or unlocked.
bool write_lock_held(const std::string& file);

}  // namespace arena
