#include "tournaments/swiss.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include "engine/core/user_error.h"

namespace arena {

namespace {

using Met = std::vector<std::vector<int>>;

// Pairs `order` (best first) top down, each bot with the best-ranked one left that it has
// not met, backtracking when a later bot is left without a partner. `budget` bounds the
// search so a hopeless case gives up quickly (the caller then allows rematches).
bool pair_without_rematch(const std::vector<int>& order, std::vector<char>& used, const Met& met,
                          std::vector<std::vector<int>>& out, long& budget) {
  std::size_t first = 0;
  while (first < order.size() && used[first]) ++first;
  if (first == order.size()) return true;
  if (--budget < 0) return false;
  used[first] = 1;
  for (std::size_t j = first + 1; j < order.size(); ++j) {
    if (used[j] || met[order[first]][order[j]]) continue;
    used[j] = 1;
    out.push_back({order[first], order[j]});
    if (pair_without_rematch(order, used, met, out, budget)) return true;
    out.pop_back();
    used[j] = 0;
  }
  used[first] = 0;
  return false;
}

bool try_pairing(const std::vector<int>& order, const Met& met, std::vector<std::vector<int>>& out) {
  std::vector<char> used(order.size(), 0);
  long budget = 200000;
  out.clear();
  return pair_without_rematch(order, used, met, out, budget);
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v == static_cast<long>(v) ? "%.0f" : "%.2f", v);
  return buf;
}

}  // namespace

Swiss::Swiss(int bots, int seats, int rounds, int sets, int games_per_table)
    : n_(bots),
      seats_(seats),
      rounds_(rounds),
      sets_(sets),
      bye_points_(seats == 2 ? games_per_table : games_per_table * 0.5),
      score_(bots, 0),
      byes_(bots, 0),
      first_seat_(bots, 0),
      met_(bots, std::vector<int>(bots, 0)),
      against_(bots, std::vector<double>(bots, 0)) {
  if (seats < 2) throw UserError("a Swiss tournament needs a game of at least two seats");
  if (bots < seats) throw UserError("a Swiss tournament needs at least as many bots as the game has seats");
  if (rounds < 1) throw UserError("rounds must be at least 1");
}

std::vector<int> Swiss::ranking() const {
  std::vector<int> order(n_);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score_[a] > score_[b]; });
  return order;
}

// The bots that sit out: from the lowest-ranked up, those with the fewest byes; for two
// seats also one whose absence leaves the others pairable without a rematch, if any is.
int Swiss::pick_bye(const std::vector<int>& ranked, int count, std::vector<int>& byes) const {
  std::vector<int> candidates(ranked.rbegin(), ranked.rend());
  std::stable_sort(candidates.begin(), candidates.end(), [&](int a, int b) { return byes_[a] < byes_[b]; });
  if (seats_ == 2 && count == 1) {
    std::vector<std::vector<int>> pairs;
    for (int c : candidates) {
      if (byes_[c] > byes_[candidates.front()]) break;
      std::vector<int> rest;
      for (int b : ranked)
        if (b != c) rest.push_back(b);
      if (try_pairing(rest, met_, pairs)) {
        byes.push_back(c);
        return count;
      }
    }
  }
  byes.insert(byes.end(), candidates.begin(), candidates.begin() + count);
  return count;
}

std::vector<std::vector<int>> Swiss::pair_two_seats(const std::vector<int>& ranked,
                                                    std::vector<int>& byes) const {
  if (ranked.size() % 2) pick_bye(ranked, 1, byes);
  std::vector<int> rest;
  for (int b : ranked)
    if (std::find(byes.begin(), byes.end(), b) == byes.end()) rest.push_back(b);
  std::vector<std::vector<int>> pairs;
  if (try_pairing(rest, met_, pairs)) return pairs;
  // Every pairing repeats a meeting: neighbours in the ranking meet again.
  pairs.clear();
  for (std::size_t i = 0; i + 1 < rest.size(); i += 2) pairs.push_back({rest[i], rest[i + 1]});
  return pairs;
}

std::vector<std::vector<int>> Swiss::group_tables(const std::vector<int>& ranked,
                                                  std::vector<int>& byes) const {
  const int extra = static_cast<int>(ranked.size()) % seats_;
  if (extra) pick_bye(ranked, extra, byes);
  std::vector<std::vector<int>> tables;
  for (int b : ranked) {
    if (std::find(byes.begin(), byes.end(), b) != byes.end()) continue;
    if (tables.empty() || static_cast<int>(tables.back().size()) == seats_) tables.emplace_back();
    tables.back().push_back(b);
  }
  return tables;
}

// Two seats: the bot that started fewer pairings takes seat 1 first (the higher-ranked
// in odd rounds on a tie); every pairing plays both seat orders anyway.
std::vector<int> Swiss::seat_order(std::vector<int> table) const {
  if (table.size() != 2) return table;
  const int a = table[0], b = table[1];
  bool swap = first_seat_[b] < first_seat_[a] || (first_seat_[b] == first_seat_[a] && round_ % 2 == 0);
  if (swap) std::swap(table[0], table[1]);
  return table;
}

std::vector<StageTable> Swiss::next_stage() {
  pending_.clear();
  pending_byes_.clear();
  if (round_ >= rounds_) return {};
  ++round_;
  const std::vector<int> ranked = ranking();
  auto tables = seats_ == 2 ? pair_two_seats(ranked, pending_byes_) : group_tables(ranked, pending_byes_);
  for (std::size_t t = 0; t < tables.size(); ++t) {
    StageTable st;
    st.round = round_;
    st.table = static_cast<int>(t) + 1;
    st.bots = seat_order(tables[t]);
    st.sets = sets_;
    pending_.push_back(std::move(st));
  }
  return pending_;
}

void Swiss::results(const std::vector<std::vector<double>>& table_points) {
  for (std::size_t t = 0; t < pending_.size() && t < table_points.size(); ++t) {
    const auto& bots = pending_[t].bots;
    ++first_seat_[bots[0]];
    for (std::size_t i = 0; i < bots.size(); ++i) {
      score_[bots[i]] += table_points[t][i];
      for (std::size_t j = 0; j < bots.size(); ++j) {
        if (i == j) continue;
        ++met_[bots[i]][bots[j]];
        against_[bots[i]][bots[j]] += table_points[t][i];
      }
    }
  }
  for (int b : pending_byes_) {
    score_[b] += bye_points_;
    ++byes_[b];
  }
  pending_.clear();
  pending_byes_.clear();
}

std::vector<SwissRow> Swiss::standings() const {
  std::vector<SwissRow> rows;
  const double per_table = seats_ == 2 ? bye_points_ : bye_points_ * 2;
  for (int a = 0; a < n_; ++a) {
    SwissRow r;
    r.bot = a;
    r.score = score_[a];
    r.byes = byes_[a];
    for (int b = 0; b < n_; ++b) {
      r.buchholz += met_[a][b] * score_[b];
      if (seats_ == 2 && per_table > 0) r.sonneborn += against_[a][b] / per_table * score_[b];
    }
    rows.push_back(r);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const SwissRow& x, const SwissRow& y) {
    if (x.score != y.score) return x.score > y.score;
    if (x.buchholz != y.buchholz) return x.buchholz > y.buchholz;
    return x.sonneborn > y.sonneborn;
  });
  return rows;
}

std::string Swiss::report(const std::vector<std::string>& names) const {
  std::size_t w = 3;
  for (const auto& n : names) w = std::max(w, n.size());
  std::string out = "  # " + std::string("bot") + std::string(w - 3, ' ') + "  score  buchholz" +
                    (seats_ == 2 ? "        SB" : "") + "  byes\n";
  int place = 0;
  for (const SwissRow& r : standings()) {
    char line[256];
    const std::string& name = names[r.bot];
    std::snprintf(line, sizeof line, "%3d %s%s  %5s  %8s", ++place, name.c_str(),
                  std::string(w - name.size(), ' ').c_str(), number(r.score).c_str(),
                  number(r.buchholz).c_str());
    out += line;
    if (seats_ == 2) {
      std::snprintf(line, sizeof line, "  %8s", number(r.sonneborn).c_str());
      out += line;
    }
    out += "  " + std::string(r.byes < 10 ? 3 : 2, ' ') + std::to_string(r.byes) + "\n";
  }
  return out;
}

}  // namespace arena
