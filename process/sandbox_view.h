// What a bot under `--sandbox bwrap` sees of the host's files, and the bubblewrap arguments
// that make it so. The sandboxed command must mean what it means without the sandbox
// (docs/security.md, "What a sandboxed bot sees"): the working directory is the same path,
// and every file or folder the command names is there, read-only, at the same path — the
// program and its folder, a script given as an argument and its folder, the interpreter a
// link or a "#!" line leads to (its installation, e.g. /opt/python3.12), a virtual
// environment, version-manager shims. Nothing else of the host is bound, and folders the
// referee writes (its output and log folders) are masked by an empty tmpfs wherever a bind
// would show them.
#pragma once

#include <string>
#include <vector>

namespace arena {

struct SandboxRequest {
  std::string program;              // absolute path, as resolved for exec
  std::vector<std::string> args;    // the rest of the command line
  std::string working_dir;          // absolute: where the bot runs, inside as outside
  std::string scratch;              // the bot's writable scratch folder (HOME, TMPDIR)
  std::vector<std::string> extra;   // more read-only binds the user asked for (--sandbox-bind)
  std::vector<std::string> hidden;  // folders or files the bot must never see (output, logs)
};

struct SandboxView {
  std::vector<std::string> read_only;  // bound read-only at the same path, parents first
  std::vector<std::string> masked;     // hidden paths a bind would have shown: empty tmpfs, /dev/null
  bool make_working_dir = false;       // nothing binds it: an empty read-only folder
};

// The paths of `r` to bind and to mask. Paths under the system folders (/usr, /etc, /bin,
// /sbin, /lib*) are visible anyway and never listed; "/" is never bound.
SandboxView sandbox_view(const SandboxRequest& r);

// A path a bot's command names that would show a hidden folder or file (the run's output
// folder, a league's folder, the log folder) to the bot: the hidden path itself or a path
// inside it, as named or through a link. Masks hide what lies *inside* a bound folder; a bind
// of the hidden folder itself, or of a folder inside it (its live/ files, its logs), would show
// it, so the run refuses such a command before its first game.
struct HiddenShown {
  std::string named;   // as the command or --sandbox-bind names it ("" none)
  std::string bound;   // the folder or file the sandbox would bind for it
  std::string hidden;  // the hidden path it would show
};
HiddenShown hidden_path_shown(const SandboxRequest& r);

// The bubblewrap arguments (after "bwrap", up to and including the program; the bot's
// arguments follow) for `r`: own network, PID, IPC and UTS namespaces; system folders
// read-only; private /proc, /dev and /tmp; the view above; the scratch folder writable.
std::vector<std::string> bwrap_arguments(const SandboxRequest& r);

// One line for a person: what a sandboxed bot sees, and how to give it more.
std::string describe_sandbox_view(const SandboxView& view);

}  // namespace arena
