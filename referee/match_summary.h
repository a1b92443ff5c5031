// Per-bot totals of a match. Two seats: score (a win 1, a draw 1/2), wins, losses,
// draws; more seats: average rank. Always: the sum of the games' own seat scores
// ("points", e.g. Flume's stone counts) and faults by kind. Fed one record at a time.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "records/record.h"

namespace arena {

class MatchSummary {
 public:
  struct BotLine {
    std::string name;
    int games = 0;
    double score = 0;                     // sum of the seat scores the games gave
    int wins = 0, losses = 0, draws = 0;  // two-seat games: rank 1 alone / rank 2 / shared
    double rank_sum = 0;
    std::map<Termination, int> faults;
  };

  explicit MatchSummary(std::vector<std::string> bot_names);
  // Aborted games are not counted.
  void add(const GameRecord& record);
  const std::vector<BotLine>& lines() const { return lines_; }
  int aborted() const { return aborted_; }
  // A table for people, with the termination of every fault spelled out.
  std::string table(int seats) const;
  // One line per finished game: "[3/10] alpha - beta 1-0 (normal, 57 actions)".
  static std::string game_line(const GameRecord& record, int index, int total);

 private:
  std::vector<BotLine> lines_;
  int aborted_ = 0;
};

}  // namespace arena
