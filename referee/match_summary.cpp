#include "referee/match_summary.h"

#include <algorithm>
#include <cstdio>

#include "records/termination.h"

namespace arena {

MatchSummary::MatchSummary(std::vector<std::string> bot_names) {
  for (auto& n : bot_names) {
    BotLine line;
    line.name = std::move(n);
    lines_.push_back(std::move(line));
  }
}

void MatchSummary::add(const GameRecord& record) {
  if (record.termination == Termination::kAborted || record.results.size() != record.players.size()) {
    ++aborted_;
    return;
  }
  const int n = static_cast<int>(record.players.size());
  for (int s = 0; s < n; ++s) {
    auto it = std::find_if(lines_.begin(), lines_.end(),
                           [&](const BotLine& l) { return l.name == record.players[s]; });
    if (it == lines_.end()) {
      BotLine line;
      line.name = record.players[s];
      it = lines_.insert(lines_.end(), std::move(line));
    }
    BotLine& b = *it;
    const SeatResult& r = record.results[s];
    ++b.games;
    b.score += r.score;
    b.rank_sum += r.rank;
    if (n == 2) {
      const SeatResult& o = record.results[1 - s];
      if (r.rank < o.rank)
        ++b.wins;
      else if (r.rank > o.rank)
        ++b.losses;
      else
        ++b.draws;
    }
    if (record.fault_seat == s + 1 && record.termination != Termination::kResign)
      ++b.faults[record.termination];
  }
}

std::string MatchSummary::table(int seats) const {
  std::string out;
  char buf[256];
  std::size_t width = 4;
  for (const auto& l : lines_) width = std::max(width, l.name.size());
  if (seats == 2)
    std::snprintf(buf, sizeof buf, "%-*s %6s %7s %6s %6s %6s %9s  %s\n", static_cast<int>(width), "bot",
                  "games", "score", "wins", "losses", "draws", "points", "faults");
  else
    std::snprintf(buf, sizeof buf, "%-*s %6s %9s %9s  %s\n", static_cast<int>(width), "bot", "games",
                  "avg rank", "points", "faults");
  out += buf;
  for (const auto& l : lines_) {
    std::string faults;
    for (const auto& [t, c] : l.faults)
      faults += (faults.empty() ? "" : ", ") + std::to_string(c) + " " + termination_token(t);
    if (faults.empty()) faults = "none";
    if (seats == 2)
      std::snprintf(buf, sizeof buf, "%-*s %6d %7.1f %6d %6d %6d %9g  %s\n", static_cast<int>(width),
                    l.name.c_str(), l.games, l.wins + 0.5 * l.draws, l.wins, l.losses, l.draws, l.score,
                    faults.c_str());
    else
      std::snprintf(buf, sizeof buf, "%-*s %6d %9.2f %9g  %s\n", static_cast<int>(width), l.name.c_str(),
                    l.games, l.games ? l.rank_sum / l.games : 0.0, l.score, faults.c_str());
    out += buf;
  }
  if (aborted_) out += std::to_string(aborted_) + " game(s) aborted and not counted\n";
  return out;
}

std::string MatchSummary::game_line(const GameRecord& record, int index, int total) {
  std::string s = "[" + std::to_string(index) + "/" + std::to_string(total) + "] ";
  const int n = static_cast<int>(record.players.size());
  for (int i = 0; i < n; ++i) s += (i ? " - " : "") + record.players[i];
  s += "  ";
  if (record.results.size() == static_cast<std::size_t>(n)) {
    if (n == 2) {
      const auto& a = record.results[0];
      const auto& b = record.results[1];
      s += a.rank < b.rank ? "1-0" : a.rank > b.rank ? "0-1" : "1/2-1/2";
    } else {
      s += "ranks";
      for (const auto& r : record.results) {
        s += ' ';
        s += std::to_string(r.rank);
      }
    }
  } else {
    s += "*";
  }
  s += "  (" + std::string(termination_token(record.termination));
  if (record.fault_seat) s += " by " + record.players[record.fault_seat - 1];
  s += ", " + std::to_string(record.actions.size()) + " actions)";
  if (!record.termination_detail.empty() && record.termination != Termination::kNormal)
    s += ": " + record.termination_detail;
  return s;
}

}  // namespace arena
