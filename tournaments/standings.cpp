#include "tournaments/standings.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <sstream>

namespace arena {

std::vector<double> seat_points(const JournalEntry& e) {
  const size_t n = e.ranks.size();
  std::vector<double> pts(n, 0);
  for (size_t s = 0; s < n; ++s) {
    int opponents = 0;
    double p = 0;
    for (size_t o = 0; o < n; ++o) {
      if (o == s || (!e.teams.empty() && e.teams[o] == e.teams[s])) continue;
      ++opponents;
      if (e.ranks[s] < e.ranks[o])
        p += 1;
      else if (e.ranks[s] == e.ranks[o])
        p += 0.5;
    }
    pts[s] = opponents ? p / opponents : 0.5;
  }
  return pts;
}

Standings::Standings(std::vector<std::string> bots)
    : vs_points_(bots.size(), std::vector<double>(bots.size(), 0)),
      vs_games_(bots.size(), std::vector<int>(bots.size(), 0)) {
  for (auto& b : bots) {
    BotStanding st;
    st.name = std::move(b);
    bots_.push_back(std::move(st));
  }
}

int Standings::index_of(const std::string& name) const {
  for (size_t i = 0; i < bots_.size(); ++i)
    if (bots_[i].name == name) return static_cast<int>(i);
  return -1;
}

void Standings::add(const JournalEntry& e) {
  ++games_;
  if (e.fault_seat >= 1 && e.fault_seat <= static_cast<int>(e.players.size())) {
    int f = index_of(e.players[e.fault_seat - 1]);
    if (f >= 0) ++bots_[f].faults[e.termination];
  }
  if (e.ranks.size() != e.players.size()) return;  // aborted: no result counts
  auto pts = seat_points(e);
  const size_t n = e.players.size();
  for (size_t s = 0; s < n; ++s) {
    int b = index_of(e.players[s]);
    if (b < 0) continue;
    auto& st = bots_[b];
    ++st.games;
    st.points += pts[s];
    st.rank_sum += e.ranks[s];
    int ahead = 0, tied = 0;
    for (size_t o = 0; o < n; ++o) {
      if (o == s || (!e.teams.empty() && e.teams[o] == e.teams[s])) continue;
      if (e.ranks[o] < e.ranks[s])
        ++ahead;
      else if (e.ranks[o] == e.ranks[s])
        ++tied;
    }
    if (ahead)
      ++st.losses;
    else if (tied)
      ++st.draws;
    else
      ++st.wins;
    for (size_t o = 0; o < n; ++o) {
      if (o == s || (!e.teams.empty() && e.teams[o] == e.teams[s])) continue;
      int ob = index_of(e.players[o]);
      if (ob < 0 || ob == b) continue;
      vs_games_[b][ob] += 1;
      vs_points_[b][ob] += e.ranks[s] < e.ranks[o] ? 1 : e.ranks[s] == e.ranks[o] ? 0.5 : 0;
    }
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
std::string fmt_points(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, p == static_cast<long>(p) ? "%.0f" : "%.1f", p);
  return buf;
}
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}
}  // namespace

std::string Standings::crosstable_text() const {
  auto ord = order();
  size_t w = 4;  // widest row label "N name"
  for (size_t r = 0; r < ord.size(); ++r)
    w = std::max(w, std::to_string(r + 1).size() + 1 + bots_[ord[r]].name.size());
  std::ostringstream out;
  out << std::string(w + 2, ' ');
  for (size_t c = 0; c < ord.size(); ++c)
    out << "  " << std::string(9 - std::min<size_t>(9, std::to_string(c + 1).size()), ' ') << c + 1;
  out << "\n";
  for (size_t r = 0; r < ord.size(); ++r) {
    std::string label = std::to_string(r + 1) + " " + bots_[ord[r]].name;
    out << label << std::string(w + 2 - label.size(), ' ');
    for (int c : ord) {
      std::string cell = c == ord[r] ? "-"
                         : vs_games_[ord[r]][c] == 0
                             ? "."
                             : fmt_points(vs_points_[ord[r]][c]) + "/" + std::to_string(vs_games_[ord[r]][c]);
      out << "  " << std::string(cell.size() < 9 ? 9 - cell.size() : 0, ' ') << cell;
    }
    out << "\n";
  }
  return out.str();
}

std::string Standings::crosstable_csv() const {
  std::ostringstream out;
  out << "bot";
  for (const auto& b : bots_) out << "," << csv_field(b.name);
  out << "\n";
  for (size_t r = 0; r < bots_.size(); ++r) {
    out << csv_field(bots_[r].name);
    for (size_t c = 0; c < bots_.size(); ++c) {
      out << ",";
      if (r != c && vs_games_[r][c]) out << fmt_points(vs_points_[r][c]) << "/" << vs_games_[r][c];
    }
    out << "\n";
  }
  return out.str();
}

std::string Standings::faults_text() const {
  std::ostringstream out;
  bool any = false;
  for (const auto& b : bots_) {
    if (b.faults.empty()) continue;
    any = true;
    out << b.name << ":";
    for (const auto& [kind, n] : b.faults) out << " " << kind << " " << n << ";";
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
