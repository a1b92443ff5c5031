// What a referee killed with SIGKILL leaves behind. Its run folder ("arena-run-<pid>", the bots'
// scratch folders; process/scratch_dir.h) is removed by the next arena that starts a bot; a
// test that kills a referee removes it itself, for no arena may run after it (`ctest
// --rerun-failed`, a test run alone) and the suite leaves the temporary folder as it found it.
#pragma once

#include <sys/types.h>

#include "process/scratch_dir.h"

namespace reftest {

// Call once `pid` has been waited for.
inline void remove_run_folder_of(pid_t pid) { arena::remove_scratch_dir(arena::run_scratch_root_of(pid)); }

}  // namespace reftest
