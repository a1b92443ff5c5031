#include "tournaments/standings.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <numeric>
#include <sstream>
#include <string_view>

#include "ratings/rated_game.h"

namespace arena {

namespace {
// How seat `s` finished against the seats of other teams (every other seat without teams).
struct SeatTally {
  int opponents = 0, ahead = 0, tied = 0;  // ahead: opponents ranked better than s
  // The share of opponents finished ahead of, ties counting half (0.5 with no opponent).
  double share() const { return opponents ? (opponents - ahead - 0.5 * tied) / opponents : 0.5; }
};

bool opposed(const std::vector<int>& teams, size_t s, size_t o) {
  return o != s && (teams.empty() || teams[o] != teams[s]);
}

SeatTally tally(const std::vector<int>& ranks, const std::vector<int>& teams, size_t s) {
  SeatTally t;
  for (size_t o = 0; o < ranks.size(); ++o) {
    if (!opposed(teams, s, o)) continue;
    ++t.opponents;
    t.ahead += ranks[o] < ranks[s];
    t.tied += ranks[o] == ranks[s];
  }
  return t;
}
}  // namespace

std::vector<double> seat_points(const JournalEntry& e) {
  std::vector<double> pts(e.ranks.size(), 0);
  for (size_t s = 0; s < pts.size(); ++s) pts[s] = tally(e.ranks, e.teams, s).share();
  return pts;
}

Standings::Standings(std::vector<std::string> bots)
    : vs_points_(bots.size(), std::vector<double>(bots.size(), 0)),
      vs_games_(bots.size(), std::vector<int>(bots.size(), 0)) {
  for (auto& b : bots) {
    BotStanding st;
    st.name = std::move(b);
    index_.emplace(st.name, static_cast<int>(bots_.size()));  // keeps the first of equal names
    bots_.push_back(std::move(st));
  }
}

int Standings::index_of(const std::string& name) const {
  auto it = index_.find(name);
  return it == index_.end() ? -1 : it->second;
}

void Standings::add(const JournalEntry& e) {
  seat_bots_.clear();
  for (const auto& p : e.players) seat_bots_.push_back(index_of(p));
  add_result(seat_bots_, e.ranks, e.teams, e.fault_seat, e.termination, e.pressure);
}

void Standings::add(const JournalIndex& journal, std::size_t i) {
  if (mapped_ != &journal) {
    mapped_ = &journal;
    bot_of_name_.clear();
  }
  while (static_cast<int>(bot_of_name_.size()) < journal.name_count())
    bot_of_name_.push_back(index_of(journal.name(static_cast<int>(bot_of_name_.size()))));
  seat_bots_.clear();
  for (int id : journal.players(i)) seat_bots_.push_back(bot_of_name_[id]);
  const JournalOutcome& o = journal.outcome(i);
  add_result(seat_bots_, o.ranks, o.teams, o.fault_seat, o.termination, o.pressure);
}

void Standings::add_result(std::span<const int> seat_bots, const std::vector<int>& ranks,
                           const std::vector<int>& teams, int fault_seat, const std::string& termination,
                           int pressure) {
  ++games_;
  const size_t n = seat_bots.size();
  if (fault_seat >= 1 && fault_seat <= static_cast<int>(n) && seat_bots[fault_seat - 1] >= 0) {
    BotStanding& b = bots_[seat_bots[fault_seat - 1]];
    ++b.faults[termination];
    if (pressure >= 0) ++b.forfeits_under_pressure;
  }
  // Aborted (no result), or a bot never started (no move played): no result counts, only the
  // fault (the one rule of ratings/rated_game.h).
  if (ranks.size() != n || !is_rated(termination)) return;
  for (size_t s = 0; s < n; ++s) {
    const int b = seat_bots[s];
    if (b < 0) continue;
    auto& st = bots_[b];
    for (size_t o = 0; o < n; ++o) {
      const int ob = seat_bots[o];
      if (!opposed(teams, s, o) || ob < 0 || ob == b) continue;
      vs_games_[b][ob] += 1;
      vs_points_[b][ob] += ranks[s] < ranks[o] ? 1 : ranks[s] == ranks[o] ? 0.5 : 0;
    }
    const SeatTally t = tally(ranks, teams, s);
    ++st.games;
    st.points += t.share();
    st.rank_sum += ranks[s];
    if (t.ahead)
      ++st.losses;
    else if (t.tied)
      ++st.draws;
    else
      ++st.wins;
  }
}

std::vector<int> Standings::order() const {
  std::vector<int> idx(bots_.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
    double pa = bots_[a].games ? bots_[a].points / bots_[a].games : -1;
    double pb = bots_[b].games ? bots_[b].points / bots_[b].games : -1;
    return pa > pb;
  });
  return idx;
}

namespace {
// Appends p as "%.0f" when whole, else "%.1f"; no stream or string per cell, since a
// crosstable of 1,000 bots has a million cells.
void append_points(std::string& out, double p) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof buf, p == static_cast<long>(p) ? "%.0f" : "%.1f", p);
  out.append(buf, static_cast<std::size_t>(n));
}
void append_int(std::string& out, long v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, end);
}
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}
// A cell right-aligned in a column of 9, after two spaces.
void append_cell(std::string& out, std::string_view cell) {
  out.append(2 + (cell.size() < 9 ? 9 - cell.size() : 0), ' ');
  out += cell;
}
}  // namespace

std::string Standings::crosstable_text() const {
  auto ord = order();
  size_t w = 4;  // widest row label "N name"
  for (size_t r = 0; r < ord.size(); ++r)
    w = std::max(w, std::to_string(r + 1).size() + 1 + bots_[ord[r]].name.size());
  std::string out(w + 2, ' '), cell;
  for (size_t c = 0; c < ord.size(); ++c) append_cell(out, std::to_string(c + 1));
  out += "\n";
  for (size_t r = 0; r < ord.size(); ++r) {
    std::string label = std::to_string(r + 1) + " " + bots_[ord[r]].name;
    out += label;
    out.append(w + 2 - label.size(), ' ');
    for (int c : ord) {
      cell.clear();
      if (c == ord[r]) {
        cell = "-";
      } else if (vs_games_[ord[r]][c] == 0) {
        cell = ".";
      } else {
        append_points(cell, vs_points_[ord[r]][c]);
        cell += '/';
        append_int(cell, vs_games_[ord[r]][c]);
      }
      append_cell(out, cell);
    }
    out += "\n";
  }
  return out;
}

std::string Standings::crosstable_csv() const {
  std::string out = "bot";
  for (const auto& b : bots_) out += "," + csv_field(b.name);
  out += "\n";
  for (size_t r = 0; r < bots_.size(); ++r) {
    out += csv_field(bots_[r].name);
    for (size_t c = 0; c < bots_.size(); ++c) {
      out += ',';
      if (r == c || !vs_games_[r][c]) continue;
      append_points(out, vs_points_[r][c]);
      out += '/';
      append_int(out, vs_games_[r][c]);
    }
    out += "\n";
  }
  return out;
}

std::string Standings::faults_text() const {
  std::ostringstream out;
  bool any = false;
  for (const auto& b : bots_) {
    if (b.faults.empty()) continue;
    any = true;
    out << b.name << ":";
    for (const auto& [kind, n] : b.faults) out << " " << kind << " " << n << ";";
    // As `arena ratings` counts them (ratings/fault_timing.h): the machine may be to blame.
    if (b.forfeits_under_pressure)
      out << " of the time forfeits " << b.forfeits_under_pressure << " under CPU pressure;";
    out << "\n";
  }
  if (!any) out << "no faults\n";
  return out.str();
}

std::string Standings::faults_csv() const {
  std::vector<std::string> kinds;
  for (const auto& b : bots_)
    for (const auto& [kind, n] : b.faults)
      if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
  std::sort(kinds.begin(), kinds.end());
  std::ostringstream out;
  out << "bot,games";
  for (const auto& k : kinds) out << "," << csv_field(k);
  out << "\n";
  for (const auto& b : bots_) {
    out << csv_field(b.name) << "," << b.games;
    for (const auto& k : kinds) {
      auto it = b.faults.find(k);
      out << "," << (it == b.faults.end() ? 0 : it->second);
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace arena
