// Scores, crosstable and fault counts from finished games (journal entries). Ratings
// live in ratings.h; this is the plain bookkeeping a table shows beside them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tournaments/journal.h"

namespace arena {

// A seat's score in one game: the share of its opponents (other teams) it finished ahead
// of, ties counting half. 1 / 0.5 / 0 for two seats.
std::vector<double> seat_points(const JournalEntry& e);

struct BotStanding {
  std::string name;
  int games = 0;
  double points = 0;
  int wins = 0, draws = 0,
      losses = 0;  // two-seat games: by result; multi-seat: rank 1 alone / shared 1 / other
  double rank_sum = 0;
  std::map<std::string, int> faults;  // termination name -> count, for games this bot faulted
  double score_percent() const { return games ? 100.0 * points / games : 0; }
  double draw_percent() const { return games ? 100.0 * draws / games : 0; }
  double average_rank() const { return games ? rank_sum / games : 0; }
};

class Standings {
 public:
  explicit Standings(std::vector<std::string> bots);
  void add(const JournalEntry& e);

  const std::vector<BotStanding>& bots() const { return bots_; }
  int games() const { return games_; }
  // Points bot `row` scored against bot `col` and the games they shared (crosstable cells).
  double points_against(int row, int col) const { return vs_points_[row][col]; }
  int games_against(int row, int col) const { return vs_games_[row][col]; }
  // Bots by points per game, best first.
  std::vector<int> order() const;

  std::string crosstable_text() const;
  std::string crosstable_csv() const;
  std::string faults_text() const;
  std::string faults_csv() const;

 private:
  int index_of(const std::string& name) const;
  std::vector<BotStanding> bots_;
  std::vector<std::vector<double>> vs_points_;
  std::vector<std::vector<int>> vs_games_;
  int games_ = 0;
};

}  // namespace arena
