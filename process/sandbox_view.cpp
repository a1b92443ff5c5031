#include "process/sandbox_view.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

namespace arena {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSystemFolders[] = {"/usr", "/etc",   "/bin",   "/sbin",
                                          "/lib", "/lib32", "/lib64", "/libx32"};

fs::path normal(const fs::path& p, const fs::path& base) {
  fs::path abs = (p.is_absolute() ? p : base / p).lexically_normal();
  if (abs.has_filename() || abs == abs.root_path()) return abs;
  return abs.parent_path();  // "a/b/" -> "a/b"
}

// Component-wise: "/a/bc" is not under "/a/b".
bool is_under(const fs::path& p, const fs::path& root) {
  auto [r, q] = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
  return r == root.end();
}

bool is_system(const fs::path& p) {
  return std::any_of(std::begin(kSystemFolders), std::end(kSystemFolders),
                     [&](const char* s) { return is_under(p, s); });
}

// The folder to bind for a file: the file's folder, or the installation it belongs to when
// that folder is an installation's "bin" (an interpreter needs its lib/ too: /opt/python3.12,
// a JDK, a virtual environment with its pyvenv.cfg), or a version manager's root when the
// folder is its "shims" (pyenv, rbenv and asdf shims run the manager from there).
fs::path install_root(const fs::path& file) {
  const fs::path dir = file.parent_path();
  const fs::path up = dir.parent_path();
  std::error_code ec;
  if (up.empty() || up == up.root_path()) return dir;
  if (dir.filename() == "shims") return up;
  if (dir.filename() == "bin" && (fs::exists(up / "lib", ec) || fs::exists(up / "pyvenv.cfg", ec))) return up;
  return dir;
}

// The absolute interpreter named on a "#!" line, or "".
fs::path shebang_interpreter(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string first;
  if (!in || !std::getline(in, first) || first.rfind("#!", 0) != 0) return {};
  std::string interpreter = first.substr(2);
  interpreter.erase(0, interpreter.find_first_not_of(" \t"));
  interpreter = interpreter.substr(0, interpreter.find_first_of(" \t\r"));
  return fs::path(interpreter).is_absolute() ? fs::path(interpreter) : fs::path();
}

// Adds the folder of `file` and of every link on its way to the real file (the kernel walks
// each one), then does the same for the interpreter of a "#!" line, a few levels deep.
void add_program(const fs::path& file, std::vector<fs::path>& binds, int depth = 0) {
  fs::path cur = file;
  std::error_code ec;
  for (int hops = 0; hops < 40; ++hops) {
    binds.push_back(install_root(cur));
    if (!fs::is_symlink(cur, ec)) break;
    const fs::path target = fs::read_symlink(cur, ec);
    if (ec) break;
    cur = normal(target, cur.parent_path());
  }
  const fs::path interpreter = shebang_interpreter(cur);
  if (!interpreter.empty() && depth < 4) add_program(interpreter, binds, depth + 1);
}

// An argument that names an existing file or folder (relative to the working directory):
// a folder is bound itself ("-cp out"), a file with its folder (a script imports its
// neighbours). Options ("-m", "--depth") are not paths.
void add_argument(const std::string& arg, const fs::path& working_dir, std::vector<fs::path>& binds) {
  if (arg.empty() || arg[0] == '-') return;
  const fs::path p = normal(arg, working_dir);
  std::error_code ec;
  if (!fs::exists(p, ec)) return;
  if (fs::is_directory(p, ec)) {
    binds.push_back(p);
    return;
  }
  add_program(p, binds);
}

bool is_covered(const fs::path& p, const std::vector<std::string>& binds) {
  return is_system(p) ||
         std::any_of(binds.begin(), binds.end(), [&](const std::string& b) { return is_under(p, b); });
}

// The path as the host resolves it, links and all (bwrap binds what a bind's source resolves
// to); lexical where nothing is there yet.
fs::path resolved(const fs::path& p) {
  std::error_code ec;
  fs::path r = fs::weakly_canonical(p, ec);
  return ec ? p : r;
}

// Where hidden path `h` shows inside bind `b`, if it does: compared as the host resolves both,
// so a bind reached through a link is masked too.
std::optional<fs::path> shown_inside(const fs::path& h, const fs::path& b) {
  const fs::path rh = resolved(h), rb = resolved(b);
  if (rh == rb || !is_under(rh, rb)) return std::nullopt;
  return b / rh.lexically_relative(rb);
}

}  // namespace

SandboxView sandbox_view(const SandboxRequest& r) {
  const fs::path wd = r.working_dir.empty() ? fs::path("/") : fs::path(r.working_dir);
  std::vector<fs::path> binds;
  if (!r.program.empty()) add_program(normal(r.program, wd), binds);
  for (const auto& a : r.args) add_argument(a, wd, binds);
  for (const auto& e : r.extra) binds.push_back(normal(e, fs::current_path()));
  std::set<fs::path> kept;  // ordered component by component: parents first
  for (const auto& b : binds)
    if (b != b.root_path() && !b.empty() && !is_system(b)) kept.insert(b);
  SandboxView view;
  for (const auto& b : kept) view.read_only.push_back(b.string());
  std::error_code ec;
  std::set<fs::path> masked;
  for (const auto& h : r.hidden) {
    const fs::path p = normal(h, fs::current_path());
    if (!fs::exists(p, ec)) continue;
    for (const fs::path& b : kept)
      if (const std::optional<fs::path> at = shown_inside(p, b)) masked.insert(*at);
  }
  for (const auto& m : masked) view.masked.push_back(m.string());
  view.make_working_dir = !r.working_dir.empty() && !is_covered(wd, view.read_only);
  return view;
}

HiddenShown hidden_path_shown(const SandboxRequest& r) {
  const fs::path wd = r.working_dir.empty() ? fs::path("/") : fs::path(r.working_dir);
  // Each thing the command names, with the folders the sandbox would bind for it.
  std::vector<std::pair<std::string, std::vector<fs::path>>> named;
  if (!r.program.empty())
    add_program(normal(r.program, wd), named.emplace_back(r.program, std::vector<fs::path>{}).second);
  for (const auto& a : r.args) {
    std::vector<fs::path>& binds = named.emplace_back(a, std::vector<fs::path>{}).second;
    add_argument(a, wd, binds);
    // A path not there yet counts too: the records file is written after game 1, and the
    // processes of later games would bind its folder.
    if (!a.empty() && a[0] != '-') binds.push_back(normal(a, wd));
  }
  for (const auto& e : r.extra) named.emplace_back(e, std::vector<fs::path>{normal(e, fs::current_path())});
  for (const auto& [text, binds] : named)
    for (const fs::path& b : binds) {
      if (b == b.root_path() || b.empty() || is_system(b)) continue;
      for (const auto& h : r.hidden) {
        const fs::path rh = resolved(normal(h, fs::current_path())), rb = resolved(b);
        if (is_under(rb, rh)) return HiddenShown{text, b.string(), normal(h, fs::current_path()).string()};
      }
    }
  return {};
}

std::vector<std::string> bwrap_arguments(const SandboxRequest& r) {
  std::vector<std::string> a = {"--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                                "--die-with-parent"};
  for (const char* dir : kSystemFolders) {
    std::error_code ec;
    auto st = fs::symlink_status(dir, ec);
    if (ec || !fs::exists(st)) continue;
    if (fs::is_symlink(st)) {
      a.insert(a.end(), {"--symlink", fs::read_symlink(dir, ec).string(), dir});
    } else {
      a.insert(a.end(), {"--ro-bind", dir, dir});
    }
  }
  a.insert(a.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
  const SandboxView view = sandbox_view(r);
  // In path order, so a folder comes before what is bound or masked inside it: a mask hides
  // the output folder inside a bound working directory, and a bind inside a mask (a bot kept
  // in the output folder) shows that one folder again.
  std::vector<std::pair<fs::path, std::vector<std::string>>> steps;
  for (const auto& b : view.read_only) steps.push_back({b, {"--ro-bind", b, b}});
  // A folder is masked by an empty tmpfs, a file (the records of `arena match --out`) by /dev/null.
  for (const auto& m : view.masked)
    steps.push_back({m, fs::is_directory(m) ? std::vector<std::string>{"--tmpfs", m}
                                            : std::vector<std::string>{"--ro-bind", "/dev/null", m}});
  if (view.make_working_dir) steps.push_back({r.working_dir, {"--dir", r.working_dir}});
  std::stable_sort(steps.begin(), steps.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& s : steps) a.insert(a.end(), s.second.begin(), s.second.end());
  if (!r.scratch.empty()) a.insert(a.end(), {"--bind", r.scratch, r.scratch});
  // The root is bwrap's own tmpfs: read-only, so a bot writes only to its scratch folder and
  // /tmp, never into the folders made for the view (its working directory among them).
  a.insert(a.end(), {"--remount-ro", "/"});
  const std::string chdir = !r.working_dir.empty() ? r.working_dir : !r.scratch.empty() ? r.scratch : "/";
  a.insert(a.end(), {"--chdir", chdir, "--", r.program});
  return a;
}

std::string describe_sandbox_view(const SandboxView& view) {
  std::string s =
      "under --sandbox bwrap the bot sees only the system folders (/usr, /etc, /bin, /lib...), an empty "
      "/tmp, its scratch folder (HOME, TMPDIR) and, read-only, the paths its command names: ";
  std::string listed;
  for (const auto& b : view.read_only) listed += (listed.empty() ? "" : ", ") + b;
  s += listed.empty() ? "none" : listed;
  if (!view.masked.empty()) {
    std::string masked;
    for (const auto& m : view.masked) masked += (masked.empty() ? "" : ", ") + m;
    s += " (with the referee's folders " + masked + " hidden)";
  }
  return s +
         "; if it needs another file or folder, bind it read-only with --sandbox-bind PATH (tournament "
         "key sandbox_binds)";
}

}  // namespace arena
