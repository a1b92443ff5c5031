#include "tournaments/reports.h"

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "tournaments/rated_game.h"
#include "tournaments/rating_table.h"
#include "tournaments/ratings.h"

namespace arena {

namespace fs = std::filesystem;

namespace {
void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}
}  // namespace

std::string write_reports(const std::string& dir, const Game& game, const std::vector<std::string>& bots,
                          const std::vector<JournalEntry>& entries, const Standings& standings) {
  fs::path d(dir);
  std::vector<RatedGame> games;
  for (const auto& e : entries) {
    if (e.ranks.size() != e.players.size()) continue;  // aborted: no result
    RatedGame g;
    g.players = e.players;
    g.ranks = e.ranks;
    // Fixed partnerships only: a called partner changes from hand to hand.
    bool teams = false;
    for (int s = 1; s <= game.num_players(); ++s) teams = teams || game.team_of(s) != s - 1;
    if (teams) g.teams = e.teams;
    g.pairing = std::to_string(e.seed);
    games.push_back(std::move(g));
  }
  std::string ratings_text;
  if (games.empty()) {
    ratings_text = "no finished games: no ratings\n";
    write_file(d / "ratings.txt", ratings_text);
  } else {
    RatingTable table = compute_ratings(games);
    ratings_text = render_ratings_text(table);
    write_file(d / "ratings.txt", ratings_text);
    write_file(d / "ratings.csv", render_ratings_csv(table));
    write_file(d / "ratings.json", boost::json::serialize(ratings_to_json(table)) + "\n");
  }
  (void)bots;
  write_file(d / "crosstable.txt", standings.crosstable_text());
  write_file(d / "crosstable.csv", standings.crosstable_csv());
  write_file(d / "faults.txt", standings.faults_text());
  write_file(d / "faults.csv", standings.faults_csv());
  std::string out = "\nRatings\n" + ratings_text;
  out += "\nCrosstable (points/games, row against column)\n" + standings.crosstable_text();
  out += "\nFaults\n" + standings.faults_text();
  return out;
}

}  // namespace arena
