// Referee overhead against the pipes themselves, measured in one run (the machine is noisy,
// so only ratios inside one run mean much):
//   - bare round trip: a parent and a child process exchanging a short line over two pipes;
//   - payload round trip: the same, but the parent sends as many bytes in one write as the
//     referee sends per decision in the game (events + obs + legal + go), so what is left
//     above it is the referee's own cost, not the protocol's;
//   - per ply: a long match between two instances of the first-move bot through the
//     MatchRunner (what `arena match` runs), wall time per decision, process start-up
//     excluded (timed from the end of the first game to the end of the last, so stopping the
//     bots is excluded too).
//   - the referee's CPU time (user + system) per ply in that match: its own work with its
//     syscalls, the bots' excluded;
//   - the bare round trip and the match again with this process and its children pinned to
//     one CPU, in turn for a few rounds, each at its best: the ratio that carries the target. Unpinned, both
//     figures follow where the scheduler puts the two sides: a wake-up on the other CPU of this VM costs 4 µs
//     on one day and 40 µs on another, and the unpinned ratio moved from 0.6x to 2.5x with it; on one CPU
//     every ply is the two processes' own work and two context switches;
//   - peak memory (VmHWM) of this process, the referee, after K concurrent games (--rss).
// Prints Markdown table rows: | measurement | value | target | met |
//
//   referee_bench BOT [--quick] [--rss K]
//   referee_bench BOT --match-only GAMES [SPEC]   one match alone (default clump:size=8), for a
//       profiler: `valgrind --tool=callgrind referee_bench BOT --match-only 200`, the difference
//       of two game counts divided by the plies is the referee's work per ply. The bots run
//       without resource limits: valgrind refuses the setrlimit calls between fork and exec.
#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "bench/table_row.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "protocol/messages.h"
#include "referee/match_runner.h"
#include "referee/seat_messages.h"

using namespace arena;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

bool write_all(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    ssize_t k = ::write(fd, p, n);
    if (k <= 0) return false;
    p += k;
    n -= static_cast<std::size_t>(k);
  }
  return true;
}

// Reads until a '\n' ends the data read so far (messages are never pipelined here).
bool read_message(int fd, std::vector<char>& buf) {
  std::size_t have = 0;
  for (;;) {
    if (have == buf.size()) buf.resize(buf.size() * 2);
    ssize_t k = ::read(fd, buf.data() + have, buf.size() - have);
    if (k <= 0) return false;
    have += static_cast<std::size_t>(k);
    if (buf[have - 1] == '\n') return true;
  }
}

// Mean time of one round trip: the parent writes `request_bytes` (one write, ending in
// '\n'), the child reads it all and answers with a short line.
double pipe_round_trip_us(std::size_t request_bytes, int trips) {
  int to_child[2], to_parent[2];
  if (::pipe(to_child) != 0 || ::pipe(to_parent) != 0) return -1;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(to_child[1]);
    ::close(to_parent[0]);
    std::vector<char> buf(1 << 16);
    const char answer[] = "move a1-b2\n";
    while (read_message(to_child[0], buf))
      if (!write_all(to_parent[1], answer, sizeof answer - 1)) break;
    ::_exit(0);
  }
  ::close(to_child[0]);
  ::close(to_parent[1]);
  std::string request(std::max<std::size_t>(request_bytes, 1), 'x');
  request.back() = '\n';
  std::vector<char> buf(1 << 16);
  for (int i = 0; i < 200; ++i) {  // warm up
    write_all(to_child[1], request.data(), request.size());
    read_message(to_parent[0], buf);
  }
  auto start = Clock::now();
  for (int i = 0; i < trips; ++i) {
    write_all(to_child[1], request.data(), request.size());
    read_message(to_parent[0], buf);
  }
  double us = seconds_since(start) * 1e6 / trips;
  ::close(to_child[1]);
  ::close(to_parent[0]);
  ::waitpid(pid, nullptr, 0);
  return us;
}

struct DecisionWork {
  double bytes = 0;      // mean bytes sent to the deciding seat
  double engine_us = 0;  // mean engine time per decision (observation, legal list, apply, ...)
};

// What the referee must do per decision of first-move games of `spec`, without any
// process: the bytes it sends the seat (events since its last decision, observation
// lines, the legal list, "go") and the engine's time for the calls the referee makes
// (the same calls: the decision request as GameSession builds it, action views, apply,
// the end-of-game test).
DecisionWork work_per_decision(const std::string& spec, int games) {
  auto game = make_game(spec);
  const int n = game->num_players();
  LegalList legal;
  std::string message;
  std::vector<std::size_t> pending(n + 1, 0);
  double bytes = 0, engine_s = 0;
  long decisions = 0;
  for (int g = 0; g < games; ++g) {
    auto t0 = Clock::now();
    Rng rng(derive_seed(7, g));
    auto s = game->new_initial_state();
    std::fill(pending.begin(), pending.end(), 0);
    while (!s->is_terminal() && static_cast<int>(s->history().size()) < game->max_game_length()) {
      Move m;
      int actor = 0;
      if (s->is_chance()) {
        m = sample_chance(*s, rng);
      } else {
        actor = s->current_player();
        message.clear();
        append_decision_request(*s, actor, &legal, message);
        protocol::append_go_line(message, 10000, 100, -1);
        bytes += static_cast<double>(pending[actor] + message.size());
        pending[actor] = 0;
        ++decisions;
        m = legal.move(0);
      }
      for (int seat = 1; seat <= n; ++seat) {
        message.clear();
        append_seat_event(*s, seat, m, message);
        pending[seat] += message.size();
      }
      s->apply(m);
    }
    engine_s += seconds_since(t0);
  }
  DecisionWork w;
  if (decisions) {
    w.bytes = bytes / decisions;
    w.engine_us = engine_s * 1e6 / decisions;
  }
  return w;
}

// CPU time (user + system) of this process, the referee, so far: its bots are children
// and not counted.
double cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct MatchResult {
  double us_per_ply = 0;
  double cpu_us_per_ply = 0;  // the referee's CPU time per ply
  long plies = 0;
  int games = 0;
  bool clean = true;
  std::string problem;
};

// `games` games of `spec` between two first-move bots, `concurrency` at once.
MatchResult run_match(const std::string& bot, const std::string& spec, int games, int concurrency,
                      bool limits = true) {
  std::vector<BotSpec> bots(2);
  bots[0].name = "first-a";
  bots[1].name = "first-b";
  bots[0].command.argv = bots[1].command.argv = {bot};
  RunnerOptions opt;
  parse_tc("600+1", opt.time);
  opt.concurrency = concurrency;
  opt.stop_on_signals = false;
  opt.quit_grace = std::chrono::milliseconds(2000);
  if (!limits) opt.process_limits = ProcessLimits{0, 0, 0, 0, 0};
  std::vector<GameJob> jobs;
  for (int g = 0; g < games; ++g)
    jobs.push_back(GameJob{spec, {g % 2, 1 - g % 2}, derive_seed(11, g), std::to_string(g + 1)});
  MatchResult r;
  // Plies are timed from the end of the first game (the bots' start-up done) to the end of the
  // last; stopping the bots after it (quit, their exit, the look for leftover processes, about
  // 2 ms) is no ply's cost.
  Clock::time_point first_end{}, last_end{};
  double first_cpu = 0, last_cpu = 0;
  int finished = 0;
  MatchRunner runner(bots, opt);
  runner.run(jobs, [&](std::size_t, const GameRecord& rec) {
    if (rec.termination != Termination::kNormal && rec.termination != Termination::kLengthCap) {
      r.clean = false;
      r.problem = std::string(termination_name(rec.termination)) + ": " + rec.termination_detail;
    }
    ++finished;
    if (finished == 1) {
      first_end = Clock::now();
      first_cpu = cpu_seconds();
      return;
    }
    for (const auto& a : rec.actions)
      if (a.actor > 0) ++r.plies;
    if (finished == games) {
      last_end = Clock::now();
      last_cpu = cpu_seconds();
    }
  });
  r.games = finished;
  if (finished < games) {  // a game not played: the times would not cover the plies counted
    r.clean = false;
    r.problem = std::to_string(games - finished) + " games not played";
  }
  const double plies = static_cast<double>(r.plies);
  r.us_per_ply =
      r.plies ? std::chrono::duration<double, std::micro>(last_end - first_end).count() / plies : 0;
  r.cpu_us_per_ply = r.plies ? (last_cpu - first_cpu) * 1e6 / plies : 0;
  return r;
}

// This process (and the children it starts) on the CPU it runs on, until destroyed.
class PinnedToOneCpu {
 public:
  PinnedToOneCpu() {
    ok_ = ::sched_getaffinity(0, sizeof saved_, &saved_) == 0;
    cpu_set_t one;
    CPU_ZERO(&one);
    const int cpu = ::sched_getcpu();
    CPU_SET(cpu < 0 ? 0 : cpu, &one);
    ok_ = ok_ && ::sched_setaffinity(0, sizeof one, &one) == 0;
  }
  ~PinnedToOneCpu() {
    if (ok_) ::sched_setaffinity(0, sizeof saved_, &saved_);
  }
  bool ok() const { return ok_; }

 private:
  cpu_set_t saved_{};
  bool ok_ = false;
};

long vm_hwm_kb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

using bench::fmt;
using bench::row;

// The bare round trip and the match with everything on one CPU: the ratio of the target. The
// two are measured in turn, several rounds, and each is taken at its best: the machine's
// bursts only ever add time, and one that hit a single measurement (10-30 ms each) moved its
// ratio by up to a tenth (docs/performance.md, issue 30, "Fifth look").
// The row says the spread of the rounds' own ratios too.
void pinned_ratio(const std::string& bot, const std::string& spec, int trips, bool quick) {
  PinnedToOneCpu pin;
  if (!pin.ok()) {
    row("referee " + spec + " on one CPU", "cannot pin (sched_setaffinity refused)", "≤ 2× bare round trip",
        "no");
    return;
  }
  const int rounds = quick ? 3 : 5;
  double bare = 1e9, per_ply = 1e9, lowest = 1e9, highest = 0;
  MatchResult m;
  for (int round = 0; round < rounds; ++round) {
    const double b = pipe_round_trip_us(12, trips / rounds);
    const MatchResult r = run_match(bot, spec, quick ? 101 : 401, 1);
    if (!r.clean || r.plies == 0) {
      m = r;
      if (r.clean) m.problem = "no plies measured";
      m.clean = false;
      break;
    }
    bare = std::min(bare, b);
    per_ply = std::min(per_ply, r.us_per_ply);
    lowest = std::min(lowest, r.us_per_ply / b);
    highest = std::max(highest, r.us_per_ply / b);
  }
  const double ratio = per_ply / bare;
  row("referee " + spec +
          " first-move bots, all on one CPU: wall time per ply against the bare round trip there (best of " +
          std::to_string(rounds) + " rounds each)",
      fmt("%.1f µs", per_ply) + " = " + fmt("%.2f", ratio) + "× " + fmt("%.1f µs", bare) + " (rounds " +
          fmt("%.2f", lowest) + "-" + fmt("%.2f", highest) + "×)",
      "≤ 2× bare round trip", m.clean ? (ratio <= 2 ? "yes" : "no") : "no (" + m.problem + ")");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: referee_bench FIRST_MOVE_BOT [--quick] [--rss K] [--only-rss]\n");
    return 2;
  }
  const std::string bot = argv[1];
  bool quick = false, only_rss = false;
  int rss_games = 0;
  if (argc >= 4 && !std::strcmp(argv[2], "--match-only")) {
    const std::string spec = argc >= 5 ? argv[4] : "clump:size=8";
    const MatchResult m = run_match(bot, spec, std::atoi(argv[3]), 1, false);
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    std::printf(
        "%s: %d games, %ld plies after the first game, %.1f µs per ply, referee CPU %.1f µs per ply "
        "(whole run: user %.3f s, system %.3f s)%s\n",
        spec.c_str(), m.games, m.plies, m.us_per_ply, m.cpu_us_per_ply,
        static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) * 1e-6,
        static_cast<double>(u.ru_stime.tv_sec) + static_cast<double>(u.ru_stime.tv_usec) * 1e-6,
        m.clean ? "" : " (not clean)");
    return m.clean ? 0 : 1;
  }
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else if (!std::strcmp(argv[i], "--only-rss"))
      only_rss = true;
    else if (!std::strcmp(argv[i], "--rss") && i + 1 < argc)
      rss_games = std::atoi(argv[++i]);
  }
  if (!only_rss) {
    const int trips = quick ? 20000 : 100000;
    for (const std::string spec : {"clump:size=8", "flume:size=7"}) {
      // Measured next to each match: the machine's load changes over a run.
      const double bare = pipe_round_trip_us(12, trips);
      row("pipe round trip, short line (bare ping-pong), before the " + spec + " match", fmt("%.1f µs", bare),
          "(reference)", "");
      const DecisionWork work = work_per_decision(spec, quick ? 50 : 200);
      const double loaded = pipe_round_trip_us(static_cast<std::size_t>(work.bytes), trips / 2);
      MatchResult m = run_match(bot, spec, quick ? 201 : 1001, 1);
      const double ratio = m.us_per_ply / bare;
      row("pipe round trip carrying " + spec + "'s per-decision message (" + fmt("%.0f", work.bytes) +
              " bytes in one write)",
          fmt("%.1f µs", loaded), "(protocol floor)", "");
      row("engine work per " + spec + " decision, in-process (observation, legal list, apply, ...)",
          fmt("%.1f µs", work.engine_us), "(rules floor)", "");
      row("referee " + spec + " first-move bots: wall time per ply (" + std::to_string(m.plies) + " plies)",
          fmt("%.1f µs", m.us_per_ply) + " = " + fmt("%.2f", ratio) + "× bare; referee's own share " +
              fmt("%.1f µs", m.us_per_ply - loaded - work.engine_us),
          "(follows the scheduler's placement)", m.clean ? "" : "no (" + m.problem + ")");
      row("referee " + spec + ": the referee process's CPU time (user + system) per ply",
          fmt("%.1f µs", m.cpu_us_per_ply), "(bots excluded)", "");
      pinned_ratio(bot, spec, trips, quick);
    }
  }
  if (rss_games > 0) {
    MatchResult m = run_match(bot, "clump:size=8", 2 * rss_games, rss_games);
    const double mb = vm_hwm_kb() / 1024.0;
    row("referee peak RSS (VmHWM, bots excluded), " + std::to_string(rss_games) +
            " concurrent clump:size=8 games",
        fmt("%.1f MB", mb), "≤ 64 MB", m.clean ? (mb <= 64 ? "yes" : "no") : "no (" + m.problem + ")");
  }
  return 0;
}
