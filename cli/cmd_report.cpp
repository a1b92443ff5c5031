// `arena report INPUT... --out report.html`: one self-contained HTML file with the results
// and a replay viewer (docs/report.md). INPUT is a tournament output folder or PGN files.
// Knows no game: the records name the games, the report library asks the engine for pictures.
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "engine/core/registry.h"
#include "records/json_text.h"
#include "referee/decision_lines.h"
#include "report/picture_json.h"
#include "report/replay.h"
#include "report/report_html.h"

namespace arena::cli {

namespace {

struct ReportFlags {
  std::vector<std::string> inputs;
  std::string out = "report.html";
  std::string games;
  double budget_mb = 16;
  std::string title = "Arena report";
  int dump = 0;  // hidden: print every picture of this game as JSON (for the browser tests)
  bool frames = false;
};

// "N" or "N-M" of --games, 1 <= N <= M, at most a million games; false if not.
bool parse_game_range(const std::string& part, int& first, int& last) {
  try {
    const std::size_t dash = part.find('-');
    first = std::stoi(part.substr(0, dash));
    last = dash == std::string::npos ? first : std::stoi(part.substr(dash + 1));
  } catch (const std::logic_error&) {  // std::stoi's std::invalid_argument and std::out_of_range
    return false;
  }
  return first >= 1 && last >= first && last - first <= 1000000;
}

// "3,7,10-12" -> {3, 7, 10, 11, 12}.
std::vector<int> parse_games(const std::string& text) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(start, end - start);
    int first = 0, last = 0;
    if (!parse_game_range(part, first, last))
      throw CommandError{"--games: '" + part + "' is not a game number or a range N-M of them"};
    for (int n = first; n <= last; ++n) out.push_back(n);
    start = end + 1;
  }
  return out;
}

// Every picture of game `number`, in full: {"f": [[picture per ply] per view]}.
void dump_pictures(const std::vector<GameRecord>& records, int number) {
  if (number > static_cast<int>(records.size()))
    throw CommandError{"--dump-pictures: no game " + std::to_string(number) + " (the input holds " +
                       std::to_string(records.size()) + ")"};
  const GameRecord& r = records[number - 1];
  auto game = make_game(r.spec);
  const int views = game->hidden_information() ? game->num_players() + 1 : 1;
  boost::json::array all;
  for (int v = 0; v < views; ++v) {
    boost::json::array plies;
    for (int ply = 0; ply <= static_cast<int>(r.actions.size()); ++ply)
      plies.push_back(report::picture_to_json(report::picture_at(r, ply, v)));
    all.push_back(std::move(plies));
  }
  std::cout << json_text(boost::json::object{{"f", std::move(all)}}) << "\n";
}

void run(const ReportFlags& f) {
  report::ReportOptions o;
  o.title = f.title;
  o.games = parse_games(f.games);
  o.protocol_lines = seat_decision_lines;
  o.records_in_page = !f.frames;
  if (!(f.budget_mb >= 0)) throw CommandError{"--budget must be a size in MB, 0 or more"};
  o.replay_budget = static_cast<std::size_t>(f.budget_mb * 1024 * 1024);
  if (f.dump > 0) {
    dump_pictures(report::read_report_inputs(f.inputs), f.dump);
    return;
  }
  report::write_report(f.inputs, f.out, o);
  std::cout << "report: " << f.out << "\n";
}

}  // namespace

void write_folder_report(const std::string& dir, bool quiet) {
  const std::string out = (std::filesystem::path(dir) / "report.html").string();
  try {
    report::ReportOptions o;
    o.protocol_lines = seat_decision_lines;
    report::write_report({dir}, out, o);
    if (!quiet) std::cout << "report: " << out << "\n";
  } catch (const UserError& e) {
    std::cerr << "arena: warning: no report written: " << e.what() << "\n";
  }
}

void add_report_command(CLI::App& app) {
  auto f = std::make_shared<ReportFlags>();
  auto* cmd = app.add_subcommand("report", "Write one self-contained HTML report with a replay viewer");
  cmd->add_option("input", f->inputs, "Tournament output folders or PGN files")->required();
  cmd->add_option("--out,-o", f->out, "The HTML file to write (default report.html)");
  cmd->add_option("--games", f->games,
                  "Embed the replays of these games (numbers in report order, e.g. 1,5,10-20); default: "
                  "games in order until the replays reach --budget");
  cmd->add_option("--budget", f->budget_mb, "Size in MB of the replays embedded without --games (default 16)")
      ->check(decimal_number(0, 1000000));
  cmd->add_option("--title", f->title, "The report's title");
  cmd->add_flag("--frames", f->frames,
                "Embed every replay as its pictures and lines, not as its record replayed by the page's "
                "WebAssembly engine (several times larger; for a browser without WebAssembly)");
  cmd->add_option("--dump-pictures", f->dump, "Print every picture of game N as JSON instead (for tests)")
      ->check(whole_number_from(1))
      ->group("");
  cmd->footer("Exit status: 0 written; 2 bad input (a file that cannot be read or holds a broken record).");
  cmd->callback([f] { run(*f); });
}

}  // namespace arena::cli
