// Scores, crosstable and fault counts from finished games (journal entries). Ratings
// live in ratings.h; this is the plain bookkeeping a table shows beside them.
#pragma once

#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "tournaments/journal_entry.h"
#include "tournaments/journal_index.h"

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
  int forfeits_under_pressure = 0;    // of its time forfeits, those ruled under CPU pressure
  double score_percent() const { return games ? 100.0 * points / games : 0; }
  double average_rank() const { return games ? rank_sum / games : 0; }
};

class Standings {
 public:
  explicit Standings(std::vector<std::string> bots);
  void add(const JournalEntry& e);
  // Game i of `journal`, by the bot ids it holds: no names compared per game.
  void add(const JournalIndex& journal, std::size_t i);

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
  // One game's result with its seats already turned into bot indices (-1: not in the table).
  void add_result(std::span<const int> seat_bots, const std::vector<int>& ranks,
                  const std::vector<int>& teams, int fault_seat, const std::string& termination,
                  int pressure);
  std::vector<BotStanding> bots_;
  std::unordered_map<std::string, int> index_;  // name -> first bot of that name
  // The bot index of each name id of the journal last added from, grown as it grows.
  const JournalIndex* mapped_ = nullptr;
  std::vector<int> bot_of_name_;
  std::vector<int> seat_bots_;  // per-game scratch
  std::vector<std::vector<double>> vs_points_;
  std::vector<std::vector<int>> vs_games_;
  int games_ = 0;
};

}  // namespace arena
