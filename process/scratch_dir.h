// A bot process's scratch folder: its HOME and TMPDIR, created fresh and removed after it.
// A bot owns what it writes there and may make it hard to remove (a subfolder without
// permissions): removal restores the owner's permissions as it walks.
#pragma once

#include <string>

namespace arena {

// A new empty folder "arena-bot-XXXXXX" under `root` (empty: this referee's run folder,
// below), canonical path; "" with `error` set on failure.
std::string make_scratch_dir(const std::string& root, std::string& error);

// The folder that holds this referee process's scratch folders: "arena-run-<pid>" in the
// system temporary folder, made on first use and removed when the process exits normally.
// A referee killed with SIGKILL cannot remove its own: the first use also removes every
// "arena-run-<pid>" whose process is gone, so leftovers never pile up. "" if it cannot be made.
std::string run_scratch_root();

// Where the run folder of the referee process `pid` is (or was): what a referee killed with
// SIGKILL leaves, for whoever cleans up after it.
std::string run_scratch_root_of(long pid);

// Removes `path` and everything below it, giving folders back their owner's rwx first where a
// plain removal fails. Returns false if something is still there afterwards.
bool remove_scratch_dir(const std::string& path);

}  // namespace arena
