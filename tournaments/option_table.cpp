#include "tournaments/option_table.h"

#include <array>
#include <charconv>
#include <cstdlib>

#include "process/bot_name.h"
#include "process/command_line.h"
#include "ratings/sprt.h"
#include "tournaments/value_check.h"

namespace arena {

namespace {

// ---- Reading and writing a field as text (values are checked before they are added) ----

template <typename T>
T whole(std::string_view text) {
  T v{};
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

template <typename E>
E by_name(std::string_view text, const char* (*name)(E), int count) {
  for (int i = 0; i < count; ++i)
    if (text == name(static_cast<E>(i))) return static_cast<E>(i);
  return E{};
}

void add_text(std::string& f, std::string_view t) { f = t; }
void add_text(int& f, std::string_view t) { f = whole<int>(t); }
void add_text(std::uint64_t& f, std::string_view t) { f = whole<std::uint64_t>(t); }
void add_text(double& f, std::string_view t) { f = std::strtod(std::string(t).c_str(), nullptr); }
void add_text(bool& f, std::string_view t) { f = t == "true"; }
void add_text(std::vector<std::string>& f, std::string_view t) { f.emplace_back(t); }
void add_text(Format& f, std::string_view t) { f = by_name(t, format_name, 5); }
void add_text(Sandbox& f, std::string_view t) { f = by_name(t, sandbox_name, 2); }
void add_text(OpeningsOrder& f, std::string_view t) { f = by_name(t, openings_order_name, 2); }
void add_text(std::vector<BotConfig>& f, std::string_view t) {
  const NamedCommand nc = parse_named_command(t);
  f.push_back(BotConfig{nc.name, nc.command, {}, ""});
}

template <typename T>
void clear_list(T&) {}
template <typename T>
void clear_list(std::vector<T>& f) {
  f.clear();
}

std::vector<std::string> texts(const std::string& f) { return {f}; }
std::vector<std::string> texts(int f) { return {std::to_string(f)}; }
std::vector<std::string> texts(std::uint64_t f) { return {std::to_string(f)}; }
std::vector<std::string> texts(double f) { return {plain_number(f)}; }
std::vector<std::string> texts(bool f) { return {f ? "true" : "false"}; }
std::vector<std::string> texts(const std::vector<std::string>& f) { return f; }
std::vector<std::string> texts(Format f) { return {format_name(f)}; }
std::vector<std::string> texts(Sandbox f) { return {sandbox_name(f)}; }
std::vector<std::string> texts(OpeningsOrder f) { return {openings_order_name(f)}; }
std::vector<std::string> texts(const std::vector<BotConfig>& f) {
  std::vector<std::string> out;
  for (const BotConfig& b : f) out.push_back(b.name + "=" + b.command);
  return out;
}

// The OptionField of member M of RunSettings.
template <auto M>
constexpr OptionField field() {
  return {[](RunSettings& s, std::string_view t) { add_text(s.*M, t); },
          [](RunSettings& s) { clear_list(s.*M); }, [](const RunSettings& s) { return texts(s.*M); }};
}

constexpr OptionRow opt(std::string_view flags, std::string_view key, OptionKind kind, unsigned commands,
                        OptionField field, std::string_view help) {
  OptionRow r;
  r.flags = flags, r.key = key, r.kind = kind, r.commands = commands, r.field = field, r.help = help;
  return r;
}

constexpr unsigned M = static_cast<unsigned>(RunCommand::kMatch);
constexpr unsigned T = static_cast<unsigned>(RunCommand::kTournament);
constexpr unsigned C = static_cast<unsigned>(RunCommand::kCheckBot);
constexpr unsigned LN = static_cast<unsigned>(RunCommand::kLeagueNew);
constexpr unsigned LR = static_cast<unsigned>(RunCommand::kLeagueRun);
using K = OptionKind;
using S = RunSettings;

// The rows, in the order --help, tournament.json and the docs show them.
// clang-format off
const std::array kRows{
  // What is played, by whom.
  opt("game", "", K::kText, M, field<&S::game>(), "Game spec, e.g. clump or clump:size=6").needed(),
  opt("game", "game", K::kText, T, field<&S::game>(), "Game spec, e.g. clump:size=8 (or the configuration's)"),
  opt("--game,-g", "", K::kText, C, field<&S::game>(), "Game spec, e.g. flume or flume-cards:players=5").needed(),
  opt("command", "", K::kTexts, C, field<&S::bot_under_test>(), "The bot: a program and its arguments (after --), or one quoted command line").needed(),
  opt("dir", "", K::kPath, LN | LR, field<&S::out>(), "The league's folder").needed(),
  opt("game", "game", K::kText, LN, field<&S::game>(), "Game spec of the league, e.g. flume or flows:players=4").needed(),
  opt("--bot,-b", "bots", K::kBot, M | T, field<&S::bots>(), "NAME=COMMAND, once per bot; COMMAND is a program (a path or a name in PATH) with its arguments, or in a match 'human' to play yourself; tournament.json: objects {name, command, args, workdir}"),
  // The schedule.
  opt("--format", "format", K::kChoice, T, field<&S::format>(), "The tournament's format").one_of("round-robin|gauntlet|swiss|knockout|adaptive"),
  opt("--gauntlet", "gauntlet", K::kTexts, T, field<&S::gauntlet>(), "Gauntlet: a chosen bot that meets all others (implies --format gauntlet)"),
  opt("--games,-n", "", K::kWhole, M, field<&S::games>(), "Number of games").range(1, 100000000).shown("one per seat rotation"),
  opt("--games,-n", "games", K::kWhole, T, field<&S::games>(), "Games per pairing per round (two seats: even); adaptive: the most games in all; 0: one set of seat arrangements").range(0, 1000000),
  opt("--games,-n", "", K::kWhole, C, field<&S::games>(), "Games every copy of the bot plays in a row").range(1, 100000).starts_at("10"),
  opt("--games,-n", "", K::kWhole, LR, field<&S::games>(), "Stop after this many games (0: until stopped)").range(0, 1000000000),
  opt("--hours", "", K::kDecimal, LR, field<&S::hours>(), "Stop after this many hours (0: until stopped)").range(0, 100000),
  opt("--db", "", K::kText, LN, field<&S::db>(), "Keep the league in this PostgreSQL database (postgresql://... or a conninfo; no password: ~/.pgpass or PGPASSWORD) rather than DIR/league.db"),
  opt("--lease", "", K::kSeconds, LR, field<&S::lease>(), "Seconds a game in play stays this run's without renewal (renewed every third of it): then a dead run's game goes to another run").range(1, 86400),
  opt("--min-games", "min_games", K::kWhole, LN, field<&S::min_games>(), "A new bot's first games: until it has this many, most pairings include it").range(0, 1000000),
  opt("--ladder", "ladder", K::kSwitch, LN, field<&S::ladder>(), "Add the game's reference bots (random, greedy, mcts_bot at fixed iterations), whose published ratings set the table's scale (docs/league.md)"),
  opt("--rounds", "rounds", K::kWhole, T, field<&S::rounds>(), "Repeats of the whole schedule; Swiss: rounds").range(1, 1000000),
  opt("--seed", "", K::kSeed, M, field<&S::seed>(), "Base seed of the games").shown("random, printed"),
  opt("--seed", "seed", K::kSeed, T | C | LN, field<&S::seed>(), "Master seed (a secret one for hidden-information games); check-bot: also of the referee's steering moves"),
  opt("--max-tables", "max_tables", K::kWhole, T, field<&S::max_tables>(), "Multi-seat games: tables per round (0: automatic)").range(0, 10000000),
  opt("--seeds", "seeds", K::kTexts, T, field<&S::seeds>(), "Knockout: bot names best seed first, A,B,C (the rest follow in --bot order)").comma_separated(),
  opt("--seeds-from", "seeds_from", K::kPath, T, field<&S::seeds_from>(), "Knockout: seed by the ratings of a previous tournament's folder (DIR or its ratings.json); unrated bots follow in --seeds order"),
  opt("--advance", "advance", K::kWhole, T, field<&S::advance>(), "Knockout, multi-seat games: bots each table sends on (0: half the seats)").range(0, 1000),
  opt("--extra-pairs", "extra_pairs", K::kWhole, T, field<&S::extra_pairs>(), "Knockout: most extra pairs (multi-seat: sets) a tied match plays").range(0, 1000),
  opt("--sprt", "sprt", K::kSprt, M | T, field<&S::sprt>(), "Stop on the SPRT, elo0=..,elo1=..,alpha=..,beta=.. (normalised Elo; two seats): a match of two bots as soon as it decides, a gauntlet per pairing; --games is the cap"),
  opt("--sprt", "sprt", K::kSprt, LN, field<&S::sprt>(), "Versions: a bot added with --parent plays its parent in paired games until this SPRT decides (normalised Elo; two-seat games)").starts_at("elo0=0,elo1=10,alpha=0.05,beta=0.05"),
  opt("--target-ci", "target_ci", K::kDecimal, T, field<&S::target_ci>(), "Adaptive: stop when every rating is within ± this many Elo (95%; 0: unused)").range(0, 10000),
  opt("--top", "top", K::kWhole, T, field<&S::top>(), "Adaptive: order the top K only (0: the whole table)").range(0, 1000000),
  opt("--batch", "batch", K::kWhole, T, field<&S::batch>(), "Adaptive: tables per batch (0: as many as bots)").range(0, 10000000),
  opt("--confidence", "confidence", K::kDecimal, T, field<&S::confidence>(), "Adaptive: likelihood of superiority that separates two bots").range(0.5, 0.999999),
  opt("--min-share", "min_share", K::kDecimal, T, field<&S::min_share>(), "Adaptive: the fewest games a bot plays, as a share of the mean").range(0, 1),
  // Clocks.
  opt("--tc", "tc", K::kClock, M | T | C | LN, field<&S::tc>(), "Game clock BASE+INC in seconds per seat; with only --move-time, match and check-bot play without a game clock and a tournament caps each move of its clock"),
  opt("--move-time", "move_time", K::kSeconds, M | T | C | LN, field<&S::move_time>(), "Hard limit per move in seconds, e.g. 2 or 0.5 (0: none)").range(0, 86400),
  opt("--startup-time", "startup_time", K::kSeconds, M | T | C | LN, field<&S::startup_time>(), "Seconds a bot has to answer the handshake").range(0.001, 3600),
  opt("--margin", "margin_ms", K::kWhole, M | T | C | LN, field<&S::margin_ms>(), "Milliseconds of grace added to every deadline").range(0, 60000),
  opt("--clock", "clock", K::kChoice, M | T | C | LN, field<&S::clock>(), "What a bot is charged: wall time from request to answer, or the CPU time of its process tree meanwhile (docs/referee.md)").one_of("wall|cpu"),
  opt("--cpu-wall-factor", "cpu_wall_factor", K::kDecimal, M | T | C | LN, field<&S::cpu_wall_factor>(), "With --clock cpu: a decision also ends after this many times its CPU budget of wall time (plus the margin)").range(1, 1000),
  opt("--pressure-threshold", "pressure_threshold", K::kDecimal, M | T | C | LN, field<&S::pressure_threshold>(), "CPU pressure (percent of time some task waited for a CPU) at or above which a time forfeit is flagged as maybe the machine's fault").range(0, 100),
  opt("--pressure-file", "pressure_file", K::kPath, M | T | C | LN, field<&S::pressure_file>(), "Where the CPU pressure is read (Linux PSI; a cgroup's cpu.pressure in a container); missing: not measured, never flagged"),
  opt("--quit-grace", "", K::kSeconds, C, field<&S::quit_grace>(), "Seconds a bot has to exit after 'quit'").range(0, 3600),
  // How bots are run.
  opt("--concurrency,-j,-k", "concurrency", K::kWhole, M | T | LR, field<&S::concurrency>(), "Games played at once (-j and -k are aliases)").range(1, 1024),
  opt("--no-legal", "legal_moves", K::kNoSwitch, M | T | LN, field<&S::legal_moves>(), "Do not send the list of legal moves before each decision (tournament.json: legal_moves false)"),
  opt("--sandbox", "sandbox", K::kChoice, M | T | C | LN, field<&S::sandbox>(), "Run every bot under bubblewrap (docs/security.md)").one_of("none|bwrap"),
  opt("--sandbox-bind", "sandbox_binds", K::kPaths, M | T | C | LN, field<&S::sandbox_binds>(), "With --sandbox bwrap: a file or folder every bot may read (at the same path), beyond those its command names; repeat for more"),
  opt("--max-memory", "max_memory_mib", K::kWhole, M | T | C | LN, field<&S::max_memory_mib>(), "Address-space limit per bot process in MiB (0: none)").range(0, 1 << 20),
  opt("--bot-lines-cap", "bot_lines_cap", K::kWhole, M | T | LN, field<&S::bot_lines_cap>(), "Bytes of the bots' info and stderr lines kept in each game's record, all seats together (0: none; docs/records.md)").range(0, 1 << 30),
  opt("--openings", "openings", K::kPath, M | T | LN, field<&S::openings>(), "File of start positions, one per line: moves in the game's notation, optionally after 'SPEC |' (each opening is played from every seat)"),
  opt("--openings-order", "openings_order", K::kChoice, M | T | LN, field<&S::openings_order>(), "The order the openings are taken in").one_of("sequential|random"),
  opt("--random-opening-plies", "random_opening_plies", K::kWhole, M | T | LN, field<&S::random_opening_plies>(), "Random legal moves the referee plays from each game's seed before the bots start").range(0, 10000),
  // Where results go.
  opt("--out,-o", "", K::kPath, M, field<&S::out>(), "Append the game records (PGN) to this file"),
  opt("--out,-o", "out", K::kPath, T, field<&S::out>(), "Output folder"),
  opt("--log-dir", "", K::kPath, M | C, field<&S::log_dir>(), "Keep each bot's stderr, info lines and notes here (a tournament's: OUT/logs)"),
  opt("--event", "", K::kText, M, field<&S::event>(), "Event tag of the records"),
  opt("", "started_in", K::kPath, T, field<&S::started_in>(), "The folder the tournament was started from (set by arena: relative commands mean what they meant there)"),
  // How the command runs.
  opt("--config", "", K::kPath, T, field<&S::config_file>(), "JSON configuration file (flags given as well override it)"),
  opt("--resume", "", K::kPath, T, field<&S::resume_dir>(), "Continue the tournament in this output folder"),
  opt("--shard", "", K::kText, T, field<&S::shard>(), "Play only shard I of N (I/N, from 0) into --out; again on that folder: continue it"),
  opt("--watch", "", K::kWhole, M | T, field<&S::watch>(), "Draw a game live as it is played: --watch the first, --watch=N game N (of the schedule for a tournament; redrawn on a terminal, one line per action otherwise)").range(1, 0).alone_means("1"),
  opt("--quiet,-q", "", K::kSwitch, M | T | LR, field<&S::quiet>(), "Match: only print the summary; tournament: no progress output"),
};
// clang-format on

std::string choice_list(std::string_view choices) {
  std::string out(choices);
  for (char& c : out)
    if (c == '|') c = ',';  // "none,bwrap": CLI11's spelling of a set
  return out;
}

std::string spaced(std::string list) {
  std::string out;
  for (char c : list) out += c == ',' ? std::string(", ") : std::string(1, c);
  return out;
}

bool is_choice(std::string_view choices, std::string_view text) {
  for (std::size_t start = 0;;) {
    const std::size_t bar = choices.find('|', start);
    if (choices.substr(start, bar - start) == text) return true;
    if (bar == std::string_view::npos) return false;
    start = bar + 1;
  }
}

std::string sprt_text_problem(std::string_view text) {
  SprtParams ignored;
  return sprt_problem(std::string(text), ignored);
}

}  // namespace

const char* run_command_name(RunCommand command) {
  switch (command) {
    case RunCommand::kMatch:
      return "match";
    case RunCommand::kTournament:
      return "tournament";
    case RunCommand::kLeagueNew:
      return "league new";
    case RunCommand::kLeagueRun:
      return "league run";
    default:
      return "check-bot";
  }
}

std::span<const OptionRow> option_table() { return kRows; }

std::string_view OptionRow::name() const {
  if (flags.empty()) return key;
  for (std::size_t start = 0;;) {
    const std::size_t comma = flags.find(',', start);
    const std::string_view word = flags.substr(start, comma - start);
    if (word.starts_with("--")) return word.substr(2);
    if (!word.starts_with("-")) return word;
    if (comma == std::string_view::npos) return flags;
    start = comma + 1;
  }
}

std::string OptionRow::value_name() const {
  const bool open = max < min;  // no upper bound of its own (--watch: the command checks it)
  switch (kind) {
    case K::kWhole:
      return open ? "INT:" + std::to_string(static_cast<long long>(min)) + " or more"
                  : "INT:from " + plain_number(min) + " to " + plain_number(max);
    case K::kSeed:
      return "UINT:from 0 to 2^64 - 1";
    case K::kDecimal:
      return "FLOAT:from " + plain_number(min) + " to " + plain_number(max);
    case K::kSeconds:
      return "SECONDS:from " + plain_number(min) + " to " + plain_number(max);
    case K::kClock:
      return "BASE+INC";
    case K::kBot:
      return "NAME=COMMAND";
    case K::kChoice:
      return "{" + choice_list(choices) + "}";
    case K::kPath:
    case K::kPaths:
      return "PATH";
    default:
      return "TEXT";
  }
}

const OptionRow* find_option(RunCommand command, std::string_view name) {
  for (const OptionRow& row : kRows)
    if (row.takes(command) && (row.name() == name || (!row.key.empty() && row.key == name))) return &row;
  return nullptr;
}

std::string option_problem(const OptionRow& row, std::string_view text) {
  switch (row.kind) {
    case K::kWhole:
      return row.max < row.min ? whole_number_from_problem(text, static_cast<std::int64_t>(row.min))
                               : whole_number_problem(text, static_cast<std::int64_t>(row.min),
                                                      static_cast<std::int64_t>(row.max));
    case K::kSeed:
      return seed_problem(text);
    case K::kDecimal:
      return decimal_problem(text, row.min, row.max);
    case K::kSeconds:
      return seconds_problem(text, static_cast<std::int64_t>(row.min * 1000 + 0.5),
                             static_cast<std::int64_t>(row.max * 1000 + 0.5));
    case K::kClock:
      return clock_problem(text);
    case K::kSprt:
      return text.empty() ? "" : sprt_text_problem(text);
    case K::kChoice:
      return is_choice(row.choices, text)
                 ? ""
                 : "'" + std::string(text) + "' is not one of " + spaced(choice_list(row.choices));
    case K::kBot:
      return named_command_problem(text);
    case K::kSwitch:
    case K::kNoSwitch:
      return text == "true" || text == "false" ? "" : "expected true or false";
    default:
      return "";
  }
}

RunSettings default_settings(RunCommand command) {
  RunSettings s;
  for (const OptionRow& row : kRows)
    if (row.takes(command) && !row.initial.empty()) row.field.add(s, row.initial);
  return s;
}

std::string option_default(const OptionRow& row, RunCommand command) {
  if (!row.shown_default.empty()) return std::string(row.shown_default);
  if (row.kind == K::kSwitch || row.kind == K::kNoSwitch || row.required) return "";
  std::string out;
  for (const std::string& v : row.field.values(default_settings(command)))
    out += (out.empty() ? "" : ",") + v;
  return out;
}

}  // namespace arena

namespace arena {

namespace {

// "`--concurrency` (`-j`, `-k`)", "`GAME` (argument)", "" for a key of tournament.json only.
std::string markdown_flags(const OptionRow& row) {
  if (row.flags.empty()) return "";
  if (row.positional()) return "`" + std::string(row.flags) + "` (argument)";
  std::string main, aliases;
  for (std::size_t start = 0;;) {
    const std::size_t comma = row.flags.find(',', start);
    const std::string word(row.flags.substr(start, comma - start));
    if (word.starts_with("--") && main.empty())
      main = "`" + word + "`";
    else
      aliases += (aliases.empty() ? "" : ", ") + ("`" + word + "`");
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return aliases.empty() ? main : main + " (" + aliases + ")";
}

std::string markdown_cell(std::string text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

constexpr RunCommand kAllCommands[] = {RunCommand::kMatch, RunCommand::kTournament, RunCommand::kCheckBot,
                                       RunCommand::kLeagueNew, RunCommand::kLeagueRun};

RunCommand first_command(const OptionRow& row) {
  for (RunCommand c : kAllCommands)
    if (row.takes(c)) return c;
  return RunCommand::kTournament;
}

}  // namespace

std::string options_markdown() {
  std::string out =
      "| option | key (tournament.json, league) | match | tournament | check-bot | league new | league run | "
      "default | "
      "values | "
      "meaning |\n"
      "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const OptionRow& row : kRows) {
    const std::string values = row.value_name();
    const std::size_t colon = values.find(':');
    out += "| " + markdown_flags(row) + " | " + (row.key.empty() ? "" : "`" + std::string(row.key) + "`");
    for (RunCommand c : kAllCommands) out += row.takes(c) ? " | ✓" : " | ";
    const std::string shown = option_default(row, first_command(row));
    out += " | " + markdown_cell(shown.empty() ? "" : "`" + shown + "`");
    out += " | " + markdown_cell(colon == std::string::npos ? values : values.substr(colon + 1));
    out += " | " + markdown_cell(std::string(row.help)) + (row.repeatable() ? " (repeatable)" : "") + " |\n";
  }
  return out;
}

}  // namespace arena
