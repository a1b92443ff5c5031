#include "process/launch_request.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace arena {

namespace fs = std::filesystem;

namespace {

bool is_executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// A bot starts where the referee was started (or in its configured folder), as it would from
// the same shell: relative paths in its command ("python3 bots/mine.py") mean what they say,
// in the sandbox too (process/sandbox_view.h). "" if that folder cannot be made absolute.
std::string absolute_working_dir(const BotCommand& command) {
  std::error_code ec;
  std::string dir = command.working_dir.empty() ? fs::current_path(ec).string()
                                                : fs::absolute(command.working_dir, ec).string();
  return ec ? std::string() : dir;
}

SandboxRequest sandbox_request(const std::string& program, const BotCommand& command,
                               const BotProcessOptions& options, std::vector<std::string> hidden) {
  return SandboxRequest{program,
                        {command.argv.begin() + 1, command.argv.end()},
                        absolute_working_dir(command),
                        "",
                        options.sandbox_binds,
                        std::move(hidden)};
}

}  // namespace

const char* sandbox_name(Sandbox sandbox) { return sandbox == Sandbox::kBwrap ? "bwrap" : "none"; }

std::string find_program(const std::string& program, const std::string& folder, std::string& error) {
  if (program.empty()) {
    error = "empty command";
    return "";
  }
  std::error_code ec;
  const fs::path base = fs::absolute(folder.empty() ? fs::path(".") : fs::path(folder), ec);
  // Named in a message only when it is not where the user stands.
  const std::string where = !folder.empty() && !fs::equivalent(base, fs::current_path(ec), ec)
                                ? " (in the bot's folder " + base.lexically_normal().string() + ")"
                                : "";
  if (program.find('/') != std::string::npos) {
    std::string abs = fs::path(program).is_absolute() ? program : (base / program).string();
    if (!fs::exists(abs)) {
      error = "'" + program + "' does not exist" + where;
      return "";
    }
    if (!is_executable_file(abs)) {
      error = "'" + program + "' is not an executable file" + where;
      return "";
    }
    return abs;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + program;
    if (is_executable_file(candidate)) return fs::absolute(candidate).string();
    start = end + 1;
  }
  error = "'" + program + "' not found in PATH";
  // A program beside the user, typed bare as at a Windows prompt: the shell needs "./" too.
  if (fs::is_regular_file(base / program, ec))
    error += " (a file of that name is in " +
             (where.empty() ? std::string("this folder") : "the bot's folder") + ": run it as './" + program +
             "')";
  return "";
}

bool locate_bot(const BotCommand& command, LaunchRequest& request, std::string& error) {
  if (command.argv.empty()) {
    error = "empty bot command";
    return false;
  }
  request.program = find_program(command.argv[0], command.working_dir, error);
  if (request.program.empty()) return false;
  if (!command.working_dir.empty() && !fs::is_directory(command.working_dir)) {
    error = "working directory '" + command.working_dir + "' does not exist";
    return false;
  }
  request.working_dir = absolute_working_dir(command);
  request.exe = request.program;
  request.argv = command.argv;
  request.argv[0] = request.program;
  request.own_group = command.own_process_group;
  return true;
}

bool prepare_launch(const BotProcessOptions& options, const std::string& bwrap, const std::string& scratch,
                    const std::string& marker, LaunchRequest& request, std::string& error) {
  if (request.working_dir.empty()) request.working_dir = scratch;
  if (options.sandbox == Sandbox::kBwrap) {
    for (const auto& extra : options.sandbox_binds) {
      std::error_code ec;
      if (!fs::exists(extra, ec)) {
        error = "--sandbox-bind: '" + extra + "' does not exist";
        return false;
      }
    }
    std::vector<std::string> args(request.argv.begin() + 1, request.argv.end());
    const SandboxRequest r{request.program,       args, request.working_dir, scratch, options.sandbox_binds,
                           options.sandbox_hidden};
    request.sandbox_note = describe_sandbox_view(sandbox_view(r));
    request.exe = bwrap;
    request.argv = {bwrap};
    for (std::string& arg : bwrap_arguments(r)) request.argv.push_back(std::move(arg));
    request.argv.insert(request.argv.end(), args.begin(), args.end());
  }
  // The marker lets the referee find every process the bot starts (process/bot_tree.h).
  request.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + scratch, "TMPDIR=" + scratch, "LANG=C.UTF-8",
                 marker};
  return true;
}

std::string exec_failure_hint(const std::string& program) {
  std::ifstream in(program, std::ios::binary);
  std::string first;
  if (!in || !std::getline(in, first) || first.rfind("#!", 0) != 0) return "";
  if (!first.empty() && first.back() == '\r')
    return " (its first line '" + first.substr(0, first.size() - 1) +
           "' ends in a carriage return: the script has Windows line endings; convert it, e.g. with "
           "dos2unix)";
  std::string interpreter = first.substr(2);
  interpreter.erase(0, interpreter.find_first_not_of(" \t"));
  interpreter = interpreter.substr(0, interpreter.find_first_of(" \t"));
  if (!interpreter.empty() && !fs::exists(interpreter))
    return " (its interpreter '" + interpreter + "', named on its first line, does not exist)";
  return "";
}

std::string find_bwrap() {
  if (const char* chosen = std::getenv("ARENA_BWRAP"); chosen && *chosen)
    return is_executable_file(chosen) ? std::string(chosen) : std::string();
  std::string ignored;
  return find_program("bwrap", "", ignored);
}

std::string probe_bwrap() {
  const std::string bwrap = find_bwrap();
  if (bwrap.empty())
    return std::getenv("ARENA_BWRAP") && *std::getenv("ARENA_BWRAP")
               ? std::string("--sandbox bwrap: ARENA_BWRAP='") + std::getenv("ARENA_BWRAP") +
                     "' is not an executable file"
               : "--sandbox bwrap: bubblewrap ('bwrap') is not installed or not in PATH (Debian package "
                 "'bubblewrap')";
  std::string cmd = bwrap;
  SandboxRequest probe;
  probe.program = "/bin/true";
  for (const auto& arg : bwrap_arguments(probe)) cmd += " '" + arg + "'";
  cmd += " 2>&1";
  std::FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return std::string("--sandbox bwrap: cannot run bwrap: ") + std::strerror(errno);
  std::string output;
  char buf[256];
  while (std::fgets(buf, sizeof buf, p)) output += buf;
  const int status = ::pclose(p);
  if (status == 0) return "";
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  return "--sandbox bwrap: bubblewrap cannot create a sandbox here (" +
         (output.empty() ? "exit status " + std::to_string(status) : output) +
         "); unprivileged user namespaces may be disabled";
}

std::string check_sandbox(Sandbox sandbox) {
  if (sandbox == Sandbox::kNone) return "";
  static const std::string result = probe_bwrap();  // once per referee run
  return result;
}

std::vector<std::string> sandbox_paths(const BotCommand& command, const BotProcessOptions& options) {
  std::string ignored;
  if (command.argv.empty()) return {};
  const std::string program = find_program(command.argv[0], command.working_dir, ignored);
  if (program.empty()) return {};
  return sandbox_view(sandbox_request(program, command, options, {})).read_only;
}

HiddenShown sandbox_hidden_shown(const BotCommand& command, const BotProcessOptions& options) {
  std::string ignored;
  if (command.argv.empty()) return {};
  const std::string program = find_program(command.argv[0], command.working_dir, ignored);
  HiddenShown shown = hidden_path_shown(sandbox_request(program, command, options, options.sandbox_hidden));
  if (!shown.named.empty() && shown.named == program) shown.named = command.argv[0];  // as typed
  return shown;
}

}  // namespace arena
