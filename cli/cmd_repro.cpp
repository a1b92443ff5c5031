// `arena repro FILE.pgn --game G [--seat S] [--ply K] --bot COMMAND`: reruns a bot on exactly the
// lines the referee sent that seat in a recorded game (referee/seat_transcript.h), up to its
// decision K (the one taken in position K: docs/records.md, "Positions and decisions"), prints
// that position as `arena show` draws it, and says whether the bot answers as recorded,
// reproduces the recorded fault, and answers the same on every run (docs/bots.md, "Why did my
// bot do that?").
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "cli/position_text.h"
#include "cli/record_pick.h"
#include "engine/core/registry.h"
#include "process/command_line.h"
#include "protocol/bot_text.h"
#include "records/decisions.h"
#include "records/repro_command.h"
#include "referee/move_ruling.h"
#include "referee/repro_run.h"
#include "referee/seat_transcript.h"

namespace arena::cli {

namespace {

struct ReproOptions {
  std::string file;
  std::string game_text = "1";
  int game = 1;
  int seat = 0;  // 0: the seat that decides at --ply, else the seat that faulted
  int ply = -1;  // decision K; -1: the faulting decision, else the seat's last
  std::vector<std::string> bot;
  int runs = 2;
  double timeout_s = 10;
  bool print_lines = false;
};

struct Loaded {
  GameRecord record;
  std::unique_ptr<Game> game;
  SeatTranscript transcript;
};

// Without --seat: the seat that takes decision --ply, else the one that faulted.
int default_seat(const ReproOptions& o, const Loaded& l, const std::string& where) {
  const std::string ask =
      "give the seat to rerun with --seat S (1 to " + std::to_string(l.game->num_players()) + ")";
  if (o.ply < 0) {
    if (l.record.fault_seat == 0) throw CommandError{where + " has no fault: " + ask};
    return l.record.fault_seat;
  }
  const RecordedDecision d = recorded_decision(l.record, o.ply);
  if (d.seat > 0) return d.seat;
  const int actions = static_cast<int>(l.record.actions.size());
  const std::string k = std::to_string(o.ply);
  throw CommandError{where + ": " +
                     (o.ply > actions
                          ? "no position " + k + " (the game has " + std::to_string(actions) + " actions)"
                      : d.chance ? "position " + k + " is chance's: no decision"
                                 : "no decision " + k + ": the game was over") +
                     "; " + ask};
}

Loaded load(ReproOptions& o) {
  Loaded l;
  l.record = read_recorded_game(o.file, o.game_text, o.game);
  const std::string where = o.file + ": game " + std::to_string(o.game);
  try {
    l.game = make_game(l.record.spec);
  } catch (const UserError& e) {
    throw CommandError{where + ": " + e.what()};
  }
  if (o.seat == 0) o.seat = default_seat(o, l, where);
  if (o.seat > l.game->num_players())
    throw CommandError{"--seat " + std::to_string(o.seat) + ": " + where + " (" + l.record.spec +
                       ") has seats 1 to " + std::to_string(l.game->num_players())};
  try {
    l.transcript = seat_transcript(*l.game, l.record, o.seat);
  } catch (const UserError& e) {
    throw CommandError{where + ": " + e.what()};
  }
  return l;
}

// The decisions a seat took, for messages: "1, 3, 5, ... 41".
std::string decisions_text(const SeatTranscript& t) {
  std::string s;
  for (std::size_t i = 0; i < t.decisions.size() && i < 12; ++i)
    s += (s.empty() ? "" : ", ") + std::to_string(t.decisions[i].ply);
  if (t.decisions.size() > 12) s += ", ... " + std::to_string(t.decisions.back().ply);
  return s;
}

std::size_t chosen_decision(const ReproOptions& o, const Loaded& l) {
  const SeatTranscript& t = l.transcript;
  const std::string who = "seat " + std::to_string(o.seat) + " of game " + std::to_string(o.game);
  if (t.decisions.empty()) throw CommandError{who + " was never asked for a decision"};
  if (o.ply < 0) return t.decisions.size() - 1;  // the faulting decision, if any, is the last
  if (const TranscriptDecision* d = t.at_ply(o.ply)) return static_cast<std::size_t>(d - t.decisions.data());
  const RecordedDecision d = recorded_decision(l.record, o.ply);
  const std::string whose = o.ply > static_cast<int>(l.record.actions.size())
                                ? "the game has no position " + std::to_string(o.ply)
                            : d.chance   ? "position " + std::to_string(o.ply) + " is chance's"
                            : d.seat > 0 ? "it is seat " + std::to_string(d.seat) + "'s"
                                         : "the game was over in position " + std::to_string(o.ply);
  throw CommandError{"--ply " + std::to_string(o.ply) + ": " + who + " did not take decision " +
                     std::to_string(o.ply) + ": " + whose + " (the game has " +
                     std::to_string(l.record.actions.size()) + " actions; the seat took decisions " +
                     decisions_text(t) + ")"};
}

std::unique_ptr<State> state_at(const Loaded& l, int ply) {
  std::unique_ptr<State> s = l.game->new_initial_state();
  for (int i = 0; i < ply; ++i)
    s->apply(s->parse_move(l.record.actions[static_cast<std::size_t>(i)].text).move);
  return s;
}

// What the record says the decision ended in.
std::string recorded_text(const Loaded& l, const TranscriptDecision& d, int seat) {
  if (!d.recorded.empty()) return "move " + d.recorded;
  const GameRecord& r = l.record;
  if (r.fault_seat == seat && r.termination == Termination::kResign) return "resign";
  if (r.fault_seat == seat)
    return std::string("fault ") + termination_name(r.termination) + ": " + r.termination_detail;
  return std::string("no answer: the game ended (") + termination_name(r.termination) + ") while it thought";
}

struct Verdict {
  bool matches = false;  // the answer is the recorded move, or the recorded fault again
  std::string ruled;     // the referee's ruling on it: "move X", "resign", "fault ...: ..."
};

// The answer ruled as the referee rules it (referee/move_ruling.h) in the position it was asked.
Verdict judge(const Loaded& l, const TranscriptDecision& d, int seat, const std::string& line) {
  const std::unique_ptr<State> state = state_at(l, d.ply);
  LegalList legal;
  legal.build(*state);
  bool resigned = false;
  const MoveRuling r = rule_answer_line(*state, legal, line, resigned);
  const std::string detail = protocol::printable(r.detail, std::string::npos);
  Verdict v;
  v.ruled = resigned ? "resign"
            : r.ok() ? "move " + state->move_to_string(r.move)
                     : std::string("fault ") + termination_name(*r.fault) + ": " + detail;
  const GameRecord& rec = l.record;
  if (!d.recorded.empty())
    v.matches = r.ok() && !resigned && state->move_to_string(r.move) == d.recorded;
  else if (rec.fault_seat == seat && rec.termination == Termination::kResign)
    v.matches = resigned;
  else if (rec.fault_seat == seat)
    v.matches = r.fault == rec.termination && detail == rec.termination_detail;
  return v;
}

void print_lines(const std::string& text, std::size_t from, std::size_t to, const char* prefix) {
  while (from < to) {
    const std::size_t nl = text.find('\n', from);
    std::cout << prefix << text.substr(from, nl - from) << "\n";
    from = nl + 1;
  }
}

// The position of the decision, as `arena show FILE --game G --ply K` prints it.
void print_position(const ReproOptions& o, const Loaded& l, int ply) {
  PositionReplay position(l.record, *l.game, o.file + ": game " + std::to_string(o.game), 0);
  while (position.ply() < ply) position.step();
  std::cout << "position " << ply << " (arena show " << shell_quoted(o.file) << " --game " << o.game
            << " --ply " << ply << "):\n"
            << position.text(o.game);
}

void print_header(const ReproOptions& o, const Loaded& l, std::size_t k) {
  const TranscriptDecision& d = l.transcript.decisions[k];
  const GameRecord& r = l.record;
  const std::string bot = o.seat <= static_cast<int>(r.players.size()) ? r.players[o.seat - 1] : "?";
  std::cout << "game " << o.game << " (round " << r.round << ") of " << o.file << ": " << r.spec << ", seat "
            << o.seat << " (" << bot << "), decision " << d.ply << " (its turn " << k + 1 << " of "
            << l.transcript.decisions.size() << ")\n";
  print_position(o, l, d.ply);
  std::cout << "sent for this decision (" << d.end
            << " bytes from the handshake on; --print-lines shows all):\n";
  print_lines(l.transcript.text, d.begin, d.end, "  > ");
  std::cout << "recorded: " << recorded_text(l, d, o.seat) << "\n";
}

// Earlier decisions the bot answered otherwise than recorded: its own game would have gone
// elsewhere from there, while the lines it is fed stay those of the recorded game.
void print_divergence(const Loaded& l, const ReproRun& run, std::size_t k, int seat) {
  for (std::size_t j = 0; j < k && j < run.answers.size(); ++j) {
    const TranscriptDecision& d = l.transcript.decisions[j];
    if (run.answers[j].line.empty() || judge(l, d, seat, run.answers[j].line).matches) continue;
    std::cout << "  note: at decision " << d.ply << " it answered "
              << protocol::quoted(run.answers[j].line, 80) << ", recorded 'move " << d.recorded
              << "'; the lines fed after it are the recorded game's\n";
    return;
  }
}

// One run's answer to the chosen decision; whether it matched the record.
bool print_run(const ReproOptions& o, const Loaded& l, const ReproRun& run, std::size_t k, int number) {
  if (!run.start_error.empty())
    throw CommandError{"the bot did not start: " + run.start_error + "\n  command: " + o.bot[0], 1};
  std::cout << "run " << number << ":\n";
  print_divergence(l, run, k, o.seat);
  const bool answered = run.answers.size() == k + 1 && !run.answers[k].line.empty();
  bool matches = false;
  if (answered) {
    const ReproAnswer& a = run.answers[k];
    for (const std::string& i : a.info) std::cout << "  info " << protocol::printable(i, 300) << "\n";
    const Verdict v = judge(l, l.transcript.decisions[k], o.seat, a.line);
    std::cout << "  answer: " << protocol::printable(a.line, 300) << " (after " << a.micros / 1000 << "."
              << a.micros % 1000 / 100 << " ms)\n  ruled: " << v.ruled << "\n";
    matches = v.matches;
  } else {
    const std::size_t at = run.answers.empty() ? 0 : run.answers.size() - 1;
    std::cout << "  no answer at decision " << l.transcript.decisions[at].ply << ": " << run.failure << "\n";
    // No answer is the recorded fault again when the record says the bot was late (and it
    // hung now) or crashed (and it ended now).
    const Termination recorded = l.record.termination;
    matches = at == k && l.record.fault_seat == o.seat &&
              ((recorded == Termination::kTimeForfeit && run.timed_out) ||
               (recorded == Termination::kCrash && !run.timed_out));
  }
  print_lines(run.stderr_tail + (run.stderr_tail.empty() ? "" : "\n"), 0, run.stderr_tail.size(),
              "  stderr: ");
  std::cout << "  "
            << (matches ? (l.transcript.decisions[k].recorded.empty() ? "REPRODUCED: the recorded fault again"
                                                                      : "SAME as recorded")
                        : "DIFFERENT from the record")
            << "\n";
  return matches;
}

// The first decision at which two runs answered differently, or -1.
int first_difference(const ReproRun& a, const ReproRun& b) {
  const std::size_t n = std::max(a.answers.size(), b.answers.size());
  for (std::size_t j = 0; j < n; ++j) {
    const std::string x = j < a.answers.size() ? a.answers[j].line : "";
    const std::string y = j < b.answers.size() ? b.answers[j].line : "";
    if (x != y) return static_cast<int>(j);
  }
  return -1;
}

void repro(ReproOptions& o) {
  Loaded l = load(o);
  if (o.print_lines && o.ply < 0) {
    std::cout << l.transcript.text;
    return;
  }
  if (o.print_lines) {
    const TranscriptDecision& d = l.transcript.decisions[chosen_decision(o, l)];
    std::cout << l.transcript.text.substr(d.begin, d.end - d.begin);
    return;
  }
  if (o.bot.empty()) throw CommandError{"give the bot to rerun with --bot COMMAND"};
  const std::size_t k = chosen_decision(o, l);
  print_header(o, l, k);
  BotSpec spec;
  spec.name = "repro";
  spec.command.argv = o.bot.size() == 1 ? split_command_line(o.bot[0], "--bot") : o.bot;
  if (spec.command.argv.empty()) throw CommandError{"--bot: give the bot's command"};
  RunnerOptions ro;
  const auto timeout = std::chrono::milliseconds(static_cast<std::int64_t>(o.timeout_s * 1000 + 0.5));
  ro.time.startup_ms = timeout.count();
  std::vector<ReproRun> runs;
  bool all_match = true;
  int differs_at = -1;
  for (int i = 1; i <= o.runs; ++i) {
    runs.push_back(rerun_bot(spec, ro, l.transcript, k, timeout));
    all_match = print_run(o, l, runs.back(), k, i) && all_match;
    if (differs_at < 0 && i > 1) differs_at = first_difference(runs.front(), runs.back());
  }
  if (differs_at >= 0)
    std::cout << "NONDETERMINISTIC: on the same lines the runs answered differently at decision "
              << l.transcript.decisions[static_cast<std::size_t>(differs_at)].ply << "\n";
  else if (o.runs > 1)
    std::cout << "deterministic: " << o.runs << " runs gave the same answers\n";
  if (differs_at >= 0)
    throw CommandError{"the bot is nondeterministic: the same lines gave different answers", 1};
  for (const ReproRun& run : runs)
    if (!all_match && !run.failure.empty())
      throw CommandError{"the bot gave no answer at decision " +
                             std::to_string(l.transcript.decisions[run.answers.size() - 1].ply) + ": " +
                             run.failure,
                         1};
  if (!all_match) throw CommandError{"the bot did not answer as recorded", 1};
}

}  // namespace

void add_repro_command(CLI::App& app) {
  auto o = std::make_shared<ReproOptions>();
  auto* cmd = app.add_subcommand(
      "repro", "Rerun a bot on exactly the lines one seat was sent in a recorded game, up to one decision");
  cmd->add_option("file", o->file, "PGN record file")->required();
  cmd->add_option(
         "--game", o->game_text,
         "Which game: its number in the file, 1-based (default 1), or its round as logs print it, e.g. 1.2.2")
      ->check(CLI::Validator(
          [](std::string& text) {
            return is_game_index(text) && std::stoi(text) == 0 ? std::string("games are numbered from 1")
                                                               : "";
          },
          "N or ROUND"));
  cmd->add_option(
         "--seat", o->seat,
         "The seat whose lines are replayed (default: the seat that takes decision --ply, else the seat "
         "that faulted)")
      ->check(whole_number_from(1));
  cmd->add_option(
         "--ply", o->ply,
         "Decision K: the one taken in position K, after K actions, where the seat was sent 'obs ply "
         "K' (default: the faulting decision, else the seat's last)")
      ->check(whole_number_from(0));
  cmd->add_option("--bot", o->bot, "The bot's command (one argument is split like a shell would)");
  cmd->add_option("--runs", o->runs, "Runs on the same lines, to tell a nondeterministic bot (default 2)")
      ->check(whole_number(1, 100));
  cmd->add_option("--timeout", o->timeout_s, "Seconds to wait for each answer and for 'ready' (default 10)")
      ->type_name("SECONDS")
      ->check(decimal_number(0.01, 3600));
  cmd->add_flag("--print-lines", o->print_lines,
                "Print every line the seat was sent in the game (from the record alone; with --ply, those "
                "since its previous decision up to that one's go) and run no bot");
  cmd->footer(
      "Exit status: 0 the bot answered as recorded (or faulted as recorded) on every run; 1 it answered "
      "otherwise, differently between runs, or did not start or answer; 2 bad input.");
  cmd->callback([o] { repro(*o); });
}

}  // namespace arena::cli
