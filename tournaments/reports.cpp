#include "tournaments/reports.h"

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>

#include "engine/core/user_error.h"
#include "ratings/rated_game.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/json_text.h"
#include "tournaments/fault_games.h"

namespace arena {

namespace fs = std::filesystem;

namespace {
void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw UserError("cannot write " + path.string());
}

// The rated games of the journal. Names are shared by bot id and no pairing key is made:
// compute_ratings() does not use it (only the head-to-head statistics do).
std::vector<RatedGame> rated_games(const Game& game, const JournalIndex& journal) {
  // Fixed partnerships only: a called partner changes from hand to hand.
  bool teams = false;
  for (int s = 1; s <= game.num_players(); ++s) teams = teams || game.team_of(s) != s - 1;
  std::vector<RatedGame> games;
  games.reserve(journal.size());
  for (std::size_t i = 0; i < journal.size(); ++i) {
    const JournalOutcome& o = journal.outcome(i);
    const auto players = journal.players(i);
    if (o.ranks.size() != players.size() || !is_rated(o.termination)) continue;  // aborted, never started
    RatedGame g;
    for (int p : players) g.players.push_back(journal.name(p));
    g.ranks = o.ranks;
    if (teams) g.teams = o.teams;
    games.push_back(std::move(g));
  }
  return games;
}

}  // namespace

std::string write_reports(const std::string& dir, const Game& game, const std::vector<std::string>& bots,
                          const JournalIndex& journal, const Standings& standings, const PlanReport& plan,
                          const std::vector<std::string>& commands) {
  fs::path d(dir);
  const std::vector<RatedGame> games = rated_games(game, journal);
  std::string ratings_text;
  if (games.empty()) {
    ratings_text = "no finished games: no ratings\n";
    write_file(d / "ratings.txt", ratings_text);
  } else {
    RatingTable table = compute_ratings(games);
    ratings_text = render_ratings_text(table);
    write_file(d / "ratings.txt", ratings_text);
    write_file(d / "ratings.csv", render_ratings_csv(table));
    write_file(d / "ratings.json", json_text(ratings_to_json(table)) + "\n");
  }
  // Made once: for 1,000 bots it is a million cells, written to the file and printed.
  const std::string crosstable = plan.replaces_crosstable ? "" : standings.crosstable_text();
  if (!plan.replaces_crosstable) {
    write_file(d / "crosstable.txt", crosstable);
    write_file(d / "crosstable.csv", standings.crosstable_csv());
  }
  const std::string pgn = (d / "games.pgn").string();
  write_file(d / "faults.txt",
             standings.faults_text() + fault_games_text(journal, pgn, bots, commands, SIZE_MAX));
  write_file(d / "faults.csv", standings.faults_csv());
  std::string out = "\nRatings\n" + ratings_text;
  if (!plan.name.empty()) {
    write_file(d / (plan.name + ".txt"), plan.text);
    out += "\n" +
           std::string(plan.name == "swiss"      ? "Swiss standings"
                       : plan.name == "bracket"  ? "Bracket"
                       : plan.name == "adaptive" ? "Adaptive batches"
                                                 : "SPRT") +
           "\n" + plan.text;
  }
  if (!plan.replaces_crosstable) out += "\nCrosstable (points/games, row against column)\n" + crosstable;
  out += "\nFaults\n" + standings.faults_text() + fault_games_text(journal, pgn, bots, commands, 10);
  return out;
}

}  // namespace arena
