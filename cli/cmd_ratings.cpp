// `arena ratings FILE...`: Elo table (Bradley-Terry / Plackett-Luce) from any Arena record
// files, with the head-to-head statistics and optional SPRT when exactly two bots played.
#include <boost/json/serialize.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "ratings/fault_timing.h"
#include "ratings/head_to_head.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/json_text.h"
#include "records/pgn.h"

namespace arena::cli {

namespace {

struct RatingsOptions {
  std::vector<std::string> files;
  std::string anchor;
  int bootstrap = 0;
  std::uint64_t seed = 1;
  std::string format = "text";
  std::string sprt;
  bool los_matrix = false;
  bool mix = false;           // one table even for records of different games
  bool skip_invalid = false;  // report unreadable records and go on
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CommandError{path + ": cannot read the file"};
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw CommandError{path + ": read error"};
  return ss.str();
}

// "NAME=ELO"; the name may itself contain '=' (the last one separates).
std::pair<std::string, double> parse_anchor(const std::string& text) {
  const auto eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw CommandError{"--anchor expects NAME=ELO, got '" + text + "'"};
  const std::string value = text.substr(eq + 1);
  try {
    std::size_t used = 0;
    const double elo = std::stod(value, &used);
    if (used == value.size() && std::isfinite(elo)) return {text.substr(0, eq), elo};
  } catch (const std::logic_error&) {  // std::stod's std::invalid_argument and std::out_of_range
  }
  throw CommandError{"--anchor: '" + value + "' is not a number"};
}

// Every record of the files; unreadable ones refuse the run, or with --skip-invalid are
// reported (file, line, why) on stderr and left out.
std::vector<GameRecord> read_records(const RatingsOptions& opts) {
  std::vector<GameRecord> records;
  for (const std::string& path : opts.files) {
    const std::string text = read_file(path);
    std::vector<PgnError> errors;
    std::vector<GameRecord> games = parse_pgn(text, errors);
    std::string message;
    for (const auto& e : errors)
      message += (message.empty() ? "" : "\n") + path + ":" + std::to_string(e.line) + ": game " +
                 std::to_string(e.game) + ": " + e.message;
    if (!errors.empty() && !opts.skip_invalid)
      throw CommandError{message + "\n" + std::to_string(errors.size()) +
                         " unreadable record(s); --skip-invalid rates the others and lists these"};
    if (!errors.empty())
      std::cerr << message << "\nwarning: " << errors.size() << " unreadable record(s) in " << path
                << " skipped\n";
    if (games.empty()) throw CommandError{path + ": no games found"};
    for (auto& g : games) records.push_back(std::move(g));
  }
  return records;
}

// Ratings of different games (or player counts) do not mean the same thing: refuse to mix
// them unless asked.
void check_one_game(const std::vector<GameRecord>& records, bool mix) {
  std::map<std::string, int> per_spec;
  for (const auto& r : records) ++per_spec[r.spec];
  if (per_spec.size() <= 1 || mix) return;
  std::string list;
  for (const auto& [spec, n] : per_spec) list += "\n  " + spec + ": " + std::to_string(n) + " game(s)";
  throw CommandError{"the records are of " + std::to_string(per_spec.size()) +
                     " different games or settings; rate each on its own (one file per game), or give "
                     "--mix to fit them in one table anyway:" +
                     list};
}

void run(const RatingsOptions& opts) {
  const std::vector<GameRecord> records = read_records(opts);
  check_one_game(records, opts.mix);
  UnratedGames unrated;
  const std::vector<RatedGame> games = rated_games_from_records(records, &unrated);
  RatingOptions ro;
  if (!opts.anchor.empty()) std::tie(ro.anchor.emplace(), ro.anchor_elo) = parse_anchor(opts.anchor);
  ro.bootstrap = opts.bootstrap;
  ro.seed = opts.seed;
  std::optional<SprtParams> sprt;
  if (!opts.sprt.empty()) sprt = parse_sprt(opts.sprt);  // its UserError names --sprt
  RatingTable table = compute_ratings(games, ro);
  if (unrated.aborted > 0)
    table.warnings.push_back(std::to_string(unrated.aborted) +
                             " aborted game(s) without result were skipped");
  if (unrated.never_started > 0)
    table.warnings.push_back(std::to_string(unrated.never_started) +
                             " game(s) whose bot never started were not rated (a start failure: no move was "
                             "played)");
  const std::optional<HeadToHead> h2h = head_to_head(games, sprt);
  if (sprt && !h2h) throw CommandError{"--sprt needs two-seat games between exactly two bots"};
  if (opts.format == "json") {
    boost::json::object out;
    out["ratings"] = ratings_to_json(table);
    if (h2h) out["head_to_head"] = head_to_head_to_json(*h2h);
    std::cout << json_text(out) << "\n";
  } else if (opts.format == "csv") {
    std::cout << render_ratings_csv(table);
    for (const auto& w : table.warnings) std::cerr << "warning: " << w << "\n";
  } else {
    std::cout << render_ratings_text(table);
    if (opts.los_matrix) std::cout << "\n" << render_los_matrix_text(table);
    if (h2h) std::cout << "\n" << render_head_to_head_text(*h2h);
    if (const std::string faults = render_fault_timing_text(records); !faults.empty())
      std::cout << "\n" << faults;
  }
}

}  // namespace

void add_ratings_command(CLI::App& app) {
  auto opts = std::make_shared<RatingsOptions>();
  auto* cmd =
      app.add_subcommand("ratings", "Elo ratings (Bradley-Terry / Plackett-Luce) from Arena record files");
  cmd->add_option("files", opts->files, "PGN record files")->required();
  cmd->add_option("--anchor", opts->anchor, "Fix one bot's rating: NAME=ELO (default: pool average 0)");
  cmd->add_option("--bootstrap", opts->bootstrap, "Also estimate intervals from N resamplings of whole games")
      ->check(whole_number(0, 1000000));
  cmd->add_option("--seed", opts->seed, "Seed of the bootstrap")->check(seed_number());
  cmd->add_option("--format", opts->format, "Output: text, csv or json")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  cmd->add_option("--sprt", opts->sprt,
                  "SPRT for a two-bot match: elo0=..,elo1=..,alpha=..,beta=.. (normalised Elo)");
  cmd->add_flag("--los-matrix", opts->los_matrix, "Print the likelihood-of-superiority matrix (text format)");
  cmd->add_flag("--mix", opts->mix, "Rate records of different games or settings in one table");
  cmd->add_flag("--skip-invalid", opts->skip_invalid,
                "Leave out unreadable records (each reported with its file and line) instead of refusing");
  cmd->callback([opts] { run(*opts); });
}

}  // namespace arena::cli
