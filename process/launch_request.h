// What is executed to start a bot, decided before anything is started: its program found,
// its working folder, the bot's whole environment and, under the sandbox, bubblewrap's
// arguments before the bot's own. BotProcess::spawn() builds one and hands it to
// launch_child() (process/child_launch.h); tests build them without starting anything.
#pragma once

#include <string>
#include <vector>

#include "process/bot_command.h"
#include "process/sandbox_view.h"

namespace arena {

struct LaunchRequest {
  std::string program;            // the bot's own program, absolute
  std::string working_dir;        // absolute; "" until prepare_launch() if it could not be made so
  std::string exe;                // what is executed: `program`, or bwrap, which runs it
  std::vector<std::string> argv;  // `exe`'s, its own name first
  std::vector<std::string> env;   // the bot's whole environment: nothing of the referee's leaks
  std::string sandbox_note;       // under the sandbox: what the bot sees (sandbox_view.h)
  bool own_group = true;
};

// The absolute path of `program`, or "" with `error` set. A relative path ("./bot",
// "bin/bot") is taken from `folder` (the bot's working folder; "": the current one), as a
// shell there would; a bare name is looked up in PATH.
std::string find_program(const std::string& program, const std::string& folder, std::string& error);

// The first step, which starts and writes nothing: the program of `command` found and its
// working folder checked. False with `error` set (empty command, program not found or not
// executable, missing working folder).
bool locate_bot(const BotCommand& command, LaunchRequest& request, std::string& error);

// The second step, once the bot's scratch folder (HOME, TMPDIR) exists: the environment with
// `marker` (process/bot_tree.h), the argument list and, under the sandbox, `bwrap` (the
// executable check_sandbox() approved) wrapped around it. False with `error` set if a path
// to bind (--sandbox-bind) does not exist.
bool prepare_launch(const BotProcessOptions& options, const std::string& bwrap, const std::string& scratch,
                    const std::string& marker, LaunchRequest& request, std::string& error);

// Why exec may have failed on a file that exists, for the error message: its "#!" line names
// an interpreter that is not installed, or ends in a carriage return (a script saved with
// Windows line endings, which makes the kernel look for "/bin/sh\r"). "" when not that.
std::string exec_failure_hint(const std::string& program);

// The bubblewrap to run: ARENA_BWRAP if set (a site's own build, or a missing path in tests of
// the error), else "bwrap" on PATH; "" if that is not an executable file.
std::string find_bwrap();
// Runs `bwrap ... /bin/true` once: "" if that works, else a sentence naming what is wrong
// (bwrap missing, or unable to create namespaces).
std::string probe_bwrap();
// "" when `sandbox` can be used here, else probe_bwrap()'s sentence. Probed once per
// referee process.
std::string check_sandbox(Sandbox sandbox);

// The paths `command` would see read-only under the sandbox (process/sandbox_view.h): its
// program, scripts, interpreters, and `options.sandbox_binds`. Empty if the program is not
// found. The runner hides each bot's paths from the others.
std::vector<std::string> sandbox_paths(const BotCommand& command, const BotProcessOptions& options);
// A path `command` (or `options.sandbox_binds`) names that would show one of
// `options.sandbox_hidden` to the bot under the sandbox (process/sandbox_view.h); empty
// fields when none does.
HiddenShown sandbox_hidden_shown(const BotCommand& command, const BotProcessOptions& options);

}  // namespace arena
