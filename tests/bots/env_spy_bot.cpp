// Plays the first legal move, and at its first decision writes to stderr everything a
// bot can see without talking to the referee: its environment, arguments, working
// directory (--probe=PATH: whether PATH exists; --write-probe=PATH: whether it can
// create PATH), the listing (and small files' contents) of its working directory, HOME
// and TMPDIR, and its open descriptors.
#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include "misbehaving_bot.h"

extern char** environ;

namespace {
int g_argc;
char** g_argv;

void dump_dir(const std::string& dir) {
  std::fprintf(stderr, "spy dir %s\n", dir.c_str());
  DIR* d = ::opendir(dir.c_str());
  if (!d) return;
  while (dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    std::fprintf(stderr, "spy entry %s/%s\n", dir.c_str(), name.c_str());
    std::ifstream f(dir + "/" + name, std::ios::binary);
    std::ostringstream text;
    text << f.rdbuf();
    std::fprintf(stderr, "spy content %s\n", text.str().substr(0, 4096).c_str());
  }
  ::closedir(d);
}
}  // namespace

int main(int argc, char** argv) {
  g_argc = argc;
  g_argv = argv;
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (decision != 1) return false;
    for (char** e = environ; *e; ++e) std::fprintf(stderr, "spy env %s\n", *e);
    for (int i = 0; i < g_argc; ++i) {
      std::fprintf(stderr, "spy arg %s\n", g_argv[i]);
      std::string arg = g_argv[i];
      if (arg.rfind("--probe=", 0) == 0)
        std::fprintf(stderr, "spy probe %s %s\n", arg.c_str() + 8,
                     ::access(arg.c_str() + 8, F_OK) == 0 ? "yes" : "no");
      if (arg.rfind("--write-probe=", 0) == 0) {
        // Tries to create (and keep) a file there: "yes" if that worked.
        const int fd = ::open(arg.c_str() + 14, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const bool ok = fd >= 0 && ::write(fd, "spy\n", 4) == 4;
        if (fd >= 0) ::close(fd);
        std::fprintf(stderr, "spy write %s %s\n", arg.c_str() + 14, ok ? "yes" : "no");
      }
    }
    for (auto [name, res] :
         {std::pair{"as", RLIMIT_AS}, {"core", RLIMIT_CORE}, {"fsize", RLIMIT_FSIZE}, {"cpu", RLIMIT_CPU}}) {
      rlimit l{};
      ::getrlimit(res, &l);
      std::fprintf(stderr, "spy limit %s %llu\n", name, static_cast<unsigned long long>(l.rlim_cur));
    }
    char cwd[4096];
    if (::getcwd(cwd, sizeof cwd)) dump_dir(cwd);
    for (const char* var : {"HOME", "TMPDIR"})
      if (const char* v = std::getenv(var)) dump_dir(v);
    for (int fd = 0; fd < 1024; ++fd)
      if (::fcntl(fd, F_GETFD) != -1) std::fprintf(stderr, "spy fd %d\n", fd);
    std::fprintf(stderr, "spy done\n");
    std::fflush(stderr);
    return false;
  };
  return testbot::run(h);
}
