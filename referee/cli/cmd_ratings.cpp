// `arena ratings FILE...`: Elo table (Bradley-Terry / Plackett-Luce) from any Arena record
// files, with the head-to-head statistics and optional SPRT when exactly two bots played.
#include <boost/json/serialize.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include "referee/cli/commands.h"
#include "referee/pgn.h"
#include "tournaments/head_to_head.h"
#include "tournaments/rating_table.h"
#include "tournaments/ratings.h"

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
    if (used != value.size() || !std::isfinite(elo)) throw std::invalid_argument("");
    return {text.substr(0, eq), elo};
  } catch (const std::exception&) {
    throw CommandError{"--anchor: '" + value + "' is not a number"};
  }
}

void run(const RatingsOptions& opts) {
  std::vector<GameRecord> records;
  for (const std::string& path : opts.files) {
    const std::string text = read_file(path);
    std::vector<PgnError> errors;
    std::vector<GameRecord> games = parse_pgn(text, errors);
    if (!errors.empty()) {
      std::string message;
      for (const auto& e : errors)
        message += (message.empty() ? "" : "\n") + path + ":" + std::to_string(e.line) + ": game " +
                   std::to_string(e.game) + ": " + e.message;
      throw CommandError{
          message + (errors.size() > 1 ? "\n" + std::to_string(errors.size()) + " unreadable records" : "")};
    }
    if (games.empty()) throw CommandError{path + ": no games found"};
    for (auto& g : games) records.push_back(std::move(g));
  }
  int aborted = 0;
  const std::vector<RatedGame> games = rated_games_from_records(records, &aborted);
  RatingOptions ro;
  if (!opts.anchor.empty()) std::tie(ro.anchor.emplace(), ro.anchor_elo) = parse_anchor(opts.anchor);
  ro.bootstrap = opts.bootstrap;
  ro.seed = opts.seed;
  std::optional<SprtParams> sprt;
  if (!opts.sprt.empty()) {
    try {
      sprt = parse_sprt(opts.sprt);
    } catch (const std::invalid_argument& e) {
      throw CommandError{e.what()};
    }
  }
  RatingTable table;
  try {
    table = compute_ratings(games, ro);
  } catch (const RatingError& e) {
    throw CommandError{e.what()};
  }
  if (aborted > 0)
    table.warnings.push_back(std::to_string(aborted) + " aborted game(s) without result were skipped");
  std::optional<HeadToHead> h2h;
  try {
    h2h = head_to_head(games, sprt);
  } catch (const std::domain_error& e) {
    throw CommandError{std::string("--sprt: ") + e.what()};
  }
  if (sprt && !h2h) throw CommandError{"--sprt needs two-seat games between exactly two bots"};
  if (opts.format == "json") {
    boost::json::object out;
    out["ratings"] = ratings_to_json(table);
    if (h2h) out["head_to_head"] = head_to_head_to_json(*h2h);
    std::cout << boost::json::serialize(out) << "\n";
  } else if (opts.format == "csv") {
    std::cout << render_ratings_csv(table);
    for (const auto& w : table.warnings) std::cerr << "warning: " << w << "\n";
  } else {
    std::cout << render_ratings_text(table);
    if (opts.los_matrix) std::cout << "\n" << render_los_matrix_text(table);
    if (h2h) std::cout << "\n" << render_head_to_head_text(*h2h);
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
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--seed", opts->seed, "Seed of the bootstrap");
  cmd->add_option("--format", opts->format, "Output: text, csv or json")
      ->check(CLI::IsMember({"text", "csv", "json"}));
  cmd->add_option("--sprt", opts->sprt,
                  "SPRT for a two-bot match: elo0=..,elo1=..,alpha=..,beta=.. (normalised Elo)");
  cmd->add_flag("--los-matrix", opts->los_matrix, "Print the likelihood-of-superiority matrix (text format)");
  cmd->callback([opts] { run(*opts); });
}

}  // namespace arena::cli
