#include "referee/check_bot.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "process/bot_name.h"
#include "protocol/bot_text.h"
#include "records/termination.h"
#include "referee/bot_session.h"
#include "referee/game_session.h"
#include "referee/match_runner.h"

namespace arena {

namespace {

using Clock = std::chrono::steady_clock;

// ---- the run -----------------------------------------------------------------------

// The checks every run makes, besides one per rare situation ("situation:NAME").
enum class Check { kHandshake, kManyGames, kLegalMoves, kTime, kMessages, kNoCrash, kQuit };

const char* check_name(Check c) {
  static const char* const kNames[] = {"handshake", "many_games", "legal_moves", "time",
                                       "messages",  "no_crash",   "quit"};
  return kNames[static_cast<int>(c)];
}

// Which check a fault of a game falls under (a crash, or a fault of no check's: no_crash).
Check check_of(Termination t) {
  switch (t) {
    case Termination::kTimeForfeit:
      return Check::kTime;
    case Termination::kIllegalMove:
      return Check::kLegalMoves;
    case Termination::kUnparseable:
    case Termination::kProtocolViolation:
    case Termination::kOutputFlood:
      return Check::kMessages;
    case Termination::kStartFailure:
      return Check::kHandshake;
    default:
      return Check::kNoCrash;
  }
}

// A crash's detail is one line, then the bot's last lines of stderr, one per line: notes and
// places go after the first line, the stderr lines stay last (game_session.cpp).
std::string first_line(const std::string& detail) { return detail.substr(0, detail.find('\n')); }
std::string after_first_line(const std::string& detail) {
  const std::size_t nl = detail.find('\n');
  return nl == std::string::npos ? std::string() : detail.substr(nl);
}

std::string ms(std::int64_t us) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(1);
  o << static_cast<double>(us) / 1000.0 << " ms";
  return o.str();
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

class Checker {
 public:
  Checker(const CheckBotOptions& o, std::ostream* out) : opt_(o), out_(out) {}
  CheckBotReport run();

 private:
  struct Fault {
    std::string check;
    std::string reason;
  };
  struct LastAsk {
    int seat = 0;
    std::size_t ply = 0;
    std::vector<int> situations;  // indices into sits_
  };

  bool handshake();
  std::string startup_budget_note() const;
  void play_games();
  bool play_one(int g, bool steer);
  std::optional<Move> on_decision(const State& state, int seat, bool steer);
  std::optional<Move> steer_move(const State& state);
  bool all_seen() const;
  void quit_all();
  void wait_until(const bool& flag);
  void set(const std::string& name, CheckResult::Status st, std::string detail);
  void fail(const std::string& name, std::string detail) {
    set(name, CheckResult::Status::kFail, std::move(detail));
  }
  void set(Check c, CheckResult::Status st, std::string detail) { set(check_name(c), st, std::move(detail)); }
  void fail(Check c, std::string detail) { fail(check_name(c), std::move(detail)); }
  void print(const std::string& line) {
    if (out_) *out_ << line << "\n" << std::flush;
  }

  const CheckBotOptions& opt_;
  std::ostream* out_;
  std::unique_ptr<Game> game_;
  int n_ = 0;
  BotSpec spec_;
  RunnerOptions ro_;
  boost::asio::io_context io_;
  std::vector<std::shared_ptr<BotSession>> copies_;
  std::vector<RareSituation> sits_;
  std::vector<int> sit_asked_;
  std::vector<std::string> sit_failed_;
  Rng steer_rng_{0};
  bool force_bot_ = false;
  LastAsk last_;
  std::vector<int> asked_this_game_;  // per seat
  long decisions_ = 0;
  std::int64_t slowest_us_ = 0;
  int games_played_ = 0, steered_games_ = 0, steered_moves_ = 0;
  int fault_copy_ = -1;                  // index into copies_ of the process that faulted in a game
  Check fault_check_ = Check::kNoCrash;  // the check that fault failed
  bool handshake_ok_ = false;
  bool stopped_ = false;      // a fault ended the series
  bool many_failed_ = false;  // many_games already judged failed
  CheckBotReport report_;
};

void Checker::set(const std::string& name, CheckResult::Status st, std::string detail) {
  for (auto& c : report_.checks)
    if (c.name == name) {
      if (c.status == CheckResult::Status::kFail) return;  // the first failure stands
      c.status = st;
      c.detail = std::move(detail);
      return;
    }
  report_.checks.push_back({name, st, std::move(detail)});
}

void Checker::wait_until(const bool& flag) {
  while (!flag)
    if (io_.run_one() == 0) break;  // nothing left that could set it
}

CheckBotReport Checker::run() {
  if (opt_.games < 1) throw UserError("--games must be at least 1");
  if (opt_.command.argv.empty() || opt_.command.argv[0].empty()) throw UserError("no bot command given");
  game_ = make_game(opt_.spec);
  n_ = game_->num_players();
  report_.spec = game_->spec();
  sits_ = game_->rare_situations();  // each game names its own (engine/core/rare_situation.h)
  sit_asked_.assign(sits_.size(), 0);
  sit_failed_.assign(sits_.size(), "");
  steer_rng_ = Rng(derive_seed(opt_.seed, 0x5eed));

  spec_.name = "bot";
  spec_.command = opt_.command;
  ro_.time = opt_.time;
  // Never wait for ever on a silent bot: without any limit, each move gets 10 seconds.
  if (!ro_.time.has_clock() && ro_.time.move_time_ms < 0) ro_.time.move_time_ms = 10000;
  // The copies start at once and compete for the processor: N JVMs starting together each
  // take about N times as long as one alone. --startup-time is per copy; the handshake of all
  // of them gets that many times as long (docs/check-bot.md).
  ro_.time.startup_ms = opt_.time.startup_ms * n_;
  ro_.quit_grace = opt_.quit_grace;
  ro_.log_dir = opt_.log_dir;
  ro_.sandbox = opt_.sandbox;
  ro_.sandbox_binds = opt_.sandbox_binds;
  ro_.process_limits = opt_.limits;
  ro_.event = "Arena check-bot";
  ro_.stop_on_signals = false;
  if (!opt_.log_dir.empty()) std::filesystem::create_directories(opt_.log_dir);
  ::signal(SIGPIPE, SIG_IGN);  // a bot that dies while we write to it must not kill us

  print("check-bot " + report_.spec + ": " + std::to_string(n_) + " copies of the bot (one per seat), " +
        std::to_string(opt_.games) + " games, seed " + std::to_string(opt_.seed) + ", time " +
        ro_.time.text());

  // Fixed order of the report, whatever is decided first.
  for (Check c : {Check::kHandshake, Check::kManyGames, Check::kLegalMoves, Check::kTime, Check::kMessages,
                  Check::kNoCrash})
    report_.checks.push_back({check_name(c), CheckResult::Status::kSkip, "not reached"});
  for (const auto& s : sits_)
    report_.checks.push_back({std::string("situation:") + s.name, CheckResult::Status::kSkip, ""});
  report_.checks.push_back({check_name(Check::kQuit), CheckResult::Status::kSkip, "not reached"});

  if (handshake()) play_games();
  quit_all();
  io_.run();  // every process is reaped; drain what is left
  if (fault_copy_ >= 0 && (fault_check_ == Check::kNoCrash || fault_check_ == Check::kManyGames)) {
    // The crash's detail says how the process ended and what it last wrote; say which copy
    // it was and where the whole of its stderr is.
    for (auto& c : report_.checks)
      if (c.name == check_name(fault_check_) && c.status == CheckResult::Status::kFail)
        c.detail = first_line(c.detail) + "; copy " + std::to_string(fault_copy_ + 1) +
                   (opt_.log_dir.empty() ? " (--log-dir keeps all its stderr)"
                                         : " (all its stderr: " + opt_.log_dir + "/copy" +
                                               std::to_string(fault_copy_ + 1) + ".log)") +
                   after_first_line(c.detail);
  }

  for (const auto& c : report_.checks) print(format_check(c));
  if (report_.has_position) print(format_position(report_));
  const long failed = std::count_if(report_.checks.begin(), report_.checks.end(), [](const CheckResult& c) {
    return c.status == CheckResult::Status::kFail;
  });
  const long skipped = std::count_if(report_.checks.begin(), report_.checks.end(), [](const CheckResult& c) {
    return c.status == CheckResult::Status::kSkip;
  });
  print(failed
            ? "result: " + std::to_string(failed) + " check(s) failed"
            : "result: all checks passed" +
                  (skipped ? " (" + std::to_string(skipped) + " skipped: see SKIP lines)" : std::string()));
  return std::move(report_);
}

bool Checker::handshake() {
  std::vector<std::string> errors(n_);
  std::vector<std::int64_t> ready_us(n_, 0);
  int waiting = n_;
  bool all_back = false;
  const auto t0 = Clock::now();
  for (int i = 0; i < n_; ++i) {
    std::string log;
    if (!opt_.log_dir.empty()) log = opt_.log_dir + "/copy" + std::to_string(i + 1) + ".log";
    copies_.push_back(std::make_shared<BotSession>(io_, 0, spec_, ro_, log));
  }
  for (int i = 0; i < n_; ++i)
    copies_[i]->start([&, i](const std::string& error) {
      errors[i] = error;
      ready_us[i] = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
      if (--waiting == 0) all_back = true;
    });
  wait_until(all_back);
  for (int i = 0; i < n_; ++i)
    if (!errors[i].empty()) {
      fail(Check::kHandshake, "copy " + std::to_string(i + 1) + ": " + errors[i] +
                                  (n_ > 1 && errors[i].rfind("no 'ready'", 0) == 0
                                       ? " (check-bot's limit: " + startup_budget_note() + ")"
                                       : ""));
      return false;
    }
  handshake_ok_ = true;
  const auto& name = copies_[0]->reported_name();
  const auto& author = copies_[0]->reported_author();
  set(Check::kHandshake, CheckResult::Status::kPass,
      std::to_string(n_) + " process(es) said ready after 'arena 1' (slowest " +
          ms(*std::max_element(ready_us.begin(), ready_us.end())) + ", limit " +
          std::to_string(ro_.time.startup_ms) + " ms" + (n_ > 1 ? " = " + startup_budget_note() : "") +
          "); name " + (name.empty() ? "-" : protocol::quoted(name, kMaxBotNameBytes)) + ", author " +
          (author.empty() ? "-" : protocol::quoted(author, kMaxAuthorBytes)));
  return true;
}

// How the handshake's limit was made from --startup-time, when it is not that alone.
std::string Checker::startup_budget_note() const {
  if (n_ < 2) return "";
  return std::to_string(opt_.time.startup_ms) + " ms per copy x " + std::to_string(n_) +
         " copies started at once";
}

bool Checker::all_seen() const {
  for (std::size_t i = 0; i < sits_.size(); ++i)
    if ((sits_[i].players == 0 || sits_[i].players == n_) && sit_asked_[i] == 0) return false;
  return true;
}

void Checker::play_games() {
  // Base games alternate plain self-play (every decision is the bot's) with steered
  // games; while an applicable rare situation is still unseen, up to twice as many
  // steered games follow.
  const int max_games = opt_.games * 3;
  for (int g = 0; g < max_games; ++g) {
    const bool base = g < opt_.games;
    if (!base && all_seen()) break;
    if (!play_one(g, !base || g % 2 == 1)) break;
  }
  if (stopped_) {
    const std::string why = "not judged: the games stopped at the first failure (game " +
                            std::to_string(games_played_ + 1) + ", after " + std::to_string(decisions_) +
                            " decisions asked)";
    for (Check c : {Check::kManyGames, Check::kLegalMoves, Check::kTime, Check::kMessages, Check::kNoCrash})
      if (report_.find(check_name(c))->status != CheckResult::Status::kFail)
        set(c, CheckResult::Status::kSkip, why);
    return;
  }
  const std::string played = std::to_string(games_played_) + " games (" + std::to_string(steered_games_) +
                             " steered, " + std::to_string(steered_moves_) + " moves chosen by the referee)";
  if (!many_failed_) {
    if (games_played_ < 2)
      set(Check::kManyGames, CheckResult::Status::kSkip, "needs at least 2 games (--games)");
    else
      set(Check::kManyGames, CheckResult::Status::kPass,
          "each of the " + std::to_string(n_) + " processes played all " + played + " without a restart");
  }
  set(Check::kLegalMoves, CheckResult::Status::kPass,
      std::to_string(decisions_) + " decisions answered with legal moves");
  set(Check::kTime, CheckResult::Status::kPass,
      "slowest answer " + ms(slowest_us_) + " (" + ro_.time.text() + ", margin " +
          std::to_string(ro_.time.margin_ms) + " ms)");
  set(Check::kMessages, CheckResult::Status::kPass,
      "every line was a well-formed message, in turn, within the caps");
  set(Check::kNoCrash, CheckResult::Status::kPass,
      "every process kept running and reading through " + played);
}

bool Checker::play_one(int g, bool steer) {
  for (int i = 0; i < n_; ++i)
    if (!copies_[i]->ready()) {
      fail(Check::kManyGames, "copy " + std::to_string(i + 1) + " (" +
                                  copies_[i]->process().exit_description() +
                                  ") closed its output or exited after game " + std::to_string(g) +
                                  " instead of waiting for the next 'newgame'");
      many_failed_ = stopped_ = true;
      return false;
    }
  // Copy i sits in seat (i + g) mod N + 1: every process plays every seat.
  std::vector<std::shared_ptr<BotSession>> seated(n_);
  for (int i = 0; i < n_; ++i) seated[(i + g) % n_] = copies_[i];
  GameRecord rec;
  rec.event = ro_.event;
  rec.round = std::to_string(g + 1);
  rec.spec = game_->spec();
  const std::uint64_t seed = derive_seed(opt_.seed, static_cast<std::uint64_t>(g) + 1);
  rec.seed = seed;
  rec.time_control = ro_.time.text();
  for (int s = 0; s < n_; ++s) rec.players.push_back("bot");

  asked_this_game_.assign(n_ + 1, 0);
  last_ = LastAsk{};
  force_bot_ = false;
  bool done = false;
  GameRecord result;
  auto session =
      std::make_shared<GameSession>(io_, *game_, seed, seated, ro_, std::move(rec), [&](GameRecord r) {
        result = std::move(r);
        done = true;
      });
  session->set_decision_hook(
      [this, steer](const State& st, int seat) { return on_decision(st, seat, steer); });
  session->start();
  wait_until(done);
  if (!done) throw std::logic_error("check-bot: the game session stopped without a result");
  if (steer) ++steered_games_;

  for (const auto& a : result.actions)
    if (a.actor != kChance) slowest_us_ = std::max(slowest_us_, a.micros);
  const Termination t = result.termination;
  if (t == Termination::kNormal || t == Termination::kLengthCap || t == Termination::kResign) {
    ++games_played_;
    return true;
  }

  // A fault: name its check, keep the position, stop the series.
  stopped_ = true;
  const int seat = result.fault_seat;
  const bool at_decision = seat > 0 && last_.seat == seat && last_.ply == result.actions.size();
  Check check = check_of(t);
  // A process that dies in a later game before answering anything in it (typically at
  // the previous gameover or the new newgame) cannot play many games in a row; unless it
  // died at a rare situation, which is then the likelier cause.
  const int answered = seat > 0 ? asked_this_game_[seat] - (at_decision ? 1 : 0) : 0;
  if (t == Termination::kCrash && g > 0 && seat > 0 && answered == 0 &&
      !(at_decision && !last_.situations.empty())) {
    check = Check::kManyGames;
    many_failed_ = true;
  }
  std::string where =
      "game " + std::to_string(g + 1) + " (seed " + std::to_string(seed) + "), seat " + std::to_string(seat);
  std::string in_situation;
  if (at_decision)
    for (int i : last_.situations) {
      in_situation += (in_situation.empty() ? "" : ", ") + std::string(sits_[i].name);
      if (sit_failed_[i].empty())
        sit_failed_[i] =
            std::string(termination_token(t)) + " in " + where + ": " + first_line(result.termination_detail);
    }
  if (seat > 0) {
    fault_copy_ = ((seat - 1 - g) % n_ + n_) % n_;
    fault_check_ = check;
  }
  fail(check, std::string(termination_token(t)) + ": " + first_line(result.termination_detail) + " (" +
                  where + (at_decision ? ", at its decision" : ", while it was not its decision") +
                  (in_situation.empty() ? "" : ", situation " + in_situation) + ")" +
                  after_first_line(result.termination_detail));
  for (std::size_t i = 0; i < sits_.size(); ++i)
    if (!sit_failed_[i].empty()) fail(std::string("situation:") + sits_[i].name, sit_failed_[i]);
  report_.has_position = true;
  for (const auto& a : result.actions) report_.position_actions.push_back(a.text);
  report_.position_note = where + (at_decision ? " to act" : "") + ": " + std::string(termination_token(t)) +
                          ": " + first_line(result.termination_detail);
  return false;
}

std::optional<Move> Checker::on_decision(const State& state, int seat, bool steer) {
  if (steer && !force_bot_ && steer_rng_.unit() < 0.5) {
    if (auto m = steer_move(state)) {
      ++steered_moves_;
      force_bot_ = true;  // whatever the referee led into, the bot answers next
      return m;
    }
  }
  force_bot_ = false;
  last_ = LastAsk{seat, state.history().size(), {}};
  for (std::size_t i = 0; i < sits_.size(); ++i)
    if ((sits_[i].players == 0 || sits_[i].players == n_) && sits_[i].matches(state)) {
      last_.situations.push_back(static_cast<int>(i));
      ++sit_asked_[i];
    }
  ++asked_this_game_[seat];
  ++decisions_;
  return std::nullopt;
}

// The referee's own player: a random legal move, preferring one after which the next
// decision is a rare situation not seen yet (one action of look-ahead, no chance).
std::optional<Move> Checker::steer_move(const State& state) {
  std::vector<Move> moves;
  state.legal_moves(moves);
  if (moves.empty()) return std::nullopt;
  std::vector<Move> leading;
  auto next = state.clone();
  for (Move m : moves) {
    next->assign(state);
    next->apply(m);
    if (next->is_terminal() || next->is_chance()) continue;
    for (std::size_t i = 0; i < sits_.size(); ++i)
      if (sit_asked_[i] == 0 && (sits_[i].players == 0 || sits_[i].players == n_) &&
          sits_[i].matches(*next)) {
        leading.push_back(m);
        break;
      }
  }
  const auto& pool = leading.empty() ? moves : leading;
  return pool[steer_rng_.below(pool.size())];
}

void Checker::quit_all() {
  // Situations: answered, failed (set above) or never met.
  for (std::size_t i = 0; i < sits_.size(); ++i) {
    const std::string name = std::string("situation:") + sits_[i].name;
    if (sits_[i].players != 0 && sits_[i].players != n_)
      set(name, CheckResult::Status::kSkip,
          std::string(sits_[i].what) + " exists only with " + std::to_string(sits_[i].players) +
              " players (try a spec with players=" + std::to_string(sits_[i].players) + ")");
    else if (!sit_failed_[i].empty())
      continue;
    else if (sit_asked_[i] > 0)
      set(name, CheckResult::Status::kPass,
          std::string(sits_[i].what) + ": answered " + std::to_string(sit_asked_[i]) + " time(s)");
    else
      set(name, CheckResult::Status::kSkip,
          std::string(sits_[i].what) + ": " +
              (stopped_ ? "not met before the first failure"
                        : "never met; try more --games or another --seed"));
  }

  struct Outcome {
    bool judged = false, done = false;
    int left = 0;  // processes it left running, wherever they went (all killed by now)
    std::int64_t us = 0;
    std::string exit;
    bool killed = false;  // by a signal
  };
  std::vector<Outcome> out(copies_.size());
  int pending = static_cast<int>(copies_.size());
  bool all_done = pending == 0;
  for (std::size_t i = 0; i < copies_.size(); ++i) {
    auto& c = copies_[i];
    const bool healthy = c->ready();
    if (!healthy && handshake_ok_ && !stopped_ && !many_failed_) {
      fail(Check::kManyGames, "copy " + std::to_string(i + 1) +
                                  " closed its output or exited after the last game, before 'quit'");
      many_failed_ = true;
    }
    out[i].judged = healthy;
    const auto t0 = Clock::now();
    c->shutdown([&, i, t0] {
      out[i].us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
      if (out[i].judged) {
        out[i].exit = copies_[i]->process().exit_description();
        out[i].killed = copies_[i]->process().killed_by_signal();
        // The bot is reaped, and whatever it left running (in its group, or escaped to a
        // group or session of its own) was found and killed then (process/bot_tree.h).
        out[i].left = copies_[i]->process().leftovers_killed();
      }
      if (--pending == 0) all_done = true;
    });
  }
  wait_until(all_done);

  int judged = 0;
  std::int64_t slowest = 0;
  std::string problems;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out[i].judged) continue;
    ++judged;
    slowest = std::max(slowest, out[i].us);
    std::string problem;
    // Past the grace period the referee killed it, whatever signal did it in the end.
    if (out[i].killed && out[i].us >= opt_.quit_grace.count() * 1000)
      problem = "was still running " + std::to_string(opt_.quit_grace.count()) +
                " ms after 'quit' and the end of its input, and was killed";
    else if (out[i].killed)
      problem = "died on 'quit': " + out[i].exit;
    else if (out[i].left > 0)
      problem = "exited but left " + std::to_string(out[i].left) +
                " process(es) running (in its process group or escaped from it; killed)";
    if (!problem.empty())
      problems += (problems.empty() ? "copy " : "; copy ") + std::to_string(i + 1) + " " + problem;
  }
  if (!problems.empty()) return fail(Check::kQuit, problems);
  if (judged == 0) {
    set(Check::kQuit, CheckResult::Status::kSkip, "no process left in a state to be asked to quit");
    return;
  }
  set(Check::kQuit, CheckResult::Status::kPass,
      std::to_string(judged) + " process(es) exited within " + ms(slowest) + " of 'quit' (grace " +
          std::to_string(opt_.quit_grace.count()) + " ms), nothing left running");
}

}  // namespace

bool CheckBotReport::passed() const {
  return std::none_of(checks.begin(), checks.end(),
                      [](const CheckResult& c) { return c.status == CheckResult::Status::kFail; });
}

const CheckResult* CheckBotReport::find(const std::string& name) const {
  for (const auto& c : checks)
    if (c.name == name) return &c;
  return nullptr;
}

std::string format_check(const CheckResult& r) {
  const char* word = r.status == CheckResult::Status::kPass   ? "PASS"
                     : r.status == CheckResult::Status::kFail ? "FAIL"
                                                              : "SKIP";
  return std::string(word) + " " + r.name + (r.detail.empty() ? "" : ": " + r.detail);
}

std::string format_position(const CheckBotReport& report) {
  std::string moves;
  for (const auto& a : report.position_actions) moves += (moves.empty() ? "" : " ") + a;
  return "first failing position: " + report.spec + " after " +
         std::to_string(report.position_actions.size()) + " actions; " + report.position_note +
         "\n  actions: " + (moves.empty() ? "(none)" : moves) + "\n  reproduce: arena perft " +
         shell_quote(report.spec) + " --depth 1 --divide --moves " + shell_quote(moves);
}

CheckBotReport check_bot(const CheckBotOptions& options, std::ostream* out) {
  return Checker(options, out).run();
}

}  // namespace arena
