// A bot for the clock tests: before each of its moves it burns CPU, sleeps, or has a process
// outside its tree burn it.
//   timing_bot burn MS          spins until its own CPU time has grown by MS milliseconds (so
//                               it uses that much CPU however busy the machine is);
//   timing_bot sleep MS         sleeps MS milliseconds of wall time, using almost no CPU (a bot
//                               that waits on something, or is starved);
//   timing_bot orphan-burn MS   a grandchild that double-forked away (reparented to init, out of
//                               the bot's process tree) burns MS milliseconds of its own CPU,
//                               then tells the bot, which moves: the work is the bot's, the
//                               /proc tree walk does not see it, its control group does;
//   timing_bot vanish PIDFILE   at its second decision leaves a process behind that no marker
//                               or tree finds (double fork, new session, empty environment; its
//                               id written to PIDFILE), then kills itself with SIGKILL.
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "misbehaving_bot.h"

namespace {

const char* mode = "";
long amount_ms = 0;
const char* pid_file = "";

long cpu_ms() {
  timespec ts{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

void burn_ms(long ms) {
  const long until = cpu_ms() + ms;
  volatile unsigned long spin = 0;
  while (cpu_ms() < until)
    for (int i = 0; i < 10000; ++i) spin = spin + 1;
}

// Runs `work` in a grandchild reparented away from the bot (its parent exits at once) and
// returns once the grandchild has closed the pipe, i.e. when the work is done.
void in_orphan(void (*work)()) {
  int done[2];
  if (::pipe(done) != 0) return;
  const pid_t child = ::fork();
  if (child == 0) {
    if (::fork() == 0) {
      ::close(done[0]);
      ::close(0);
      ::close(1);
      work();
      ::_exit(0);  // closes done[1]: the bot's read returns
    }
    ::_exit(0);
  }
  ::close(done[1]);
  ::waitpid(child, nullptr, 0);  // the grandchild is now init's
  char c;
  while (::read(done[0], &c, 1) > 0) {
  }
  ::close(done[0]);
}

void orphan_burn() { burn_ms(amount_ms); }

// A process that escapes every search but a control group: its own session, init's child, no
// environment (no marker); it writes its id where the test can find it, then sleeps.
void vanish() {
  const pid_t child = ::fork();
  if (child == 0) {
    ::setsid();
    if (::fork() == 0) {
      if (std::FILE* f = std::fopen(pid_file, "w")) {
        std::fprintf(f, "%d\n", static_cast<int>(::getpid()));
        std::fclose(f);
      }
      for (int fd = 0; fd < 3; ++fd) ::close(fd);
      char* argv[] = {const_cast<char*>("sleep"), const_cast<char*>("600"), nullptr};
      char* envp[] = {nullptr};
      ::execve("/bin/sleep", argv, envp);
      ::_exit(127);
    }
    ::_exit(0);
  }
  ::waitpid(child, nullptr, 0);
  for (int i = 0; i < 1000; ++i) {  // its id is written before the bot goes
    if (std::FILE* f = std::fopen(pid_file, "r")) {
      int pid = 0;
      const bool got = std::fscanf(f, "%d", &pid) == 1;
      std::fclose(f);
      if (got) break;
    }
    testbot::sleep_ms(5);
  }
  ::raise(SIGKILL);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3) {
    mode = argv[1];
    amount_ms = std::atol(argv[2]);
    pid_file = argv[2];
  }
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (!std::strcmp(mode, "burn"))
      burn_ms(amount_ms);
    else if (!std::strcmp(mode, "sleep"))
      testbot::sleep_ms(amount_ms);
    else if (!std::strcmp(mode, "orphan-burn"))
      in_orphan(orphan_burn);
    else if (!std::strcmp(mode, "vanish") && decision == 2)
      vanish();
    return false;
  };
  return testbot::run(h);
}
