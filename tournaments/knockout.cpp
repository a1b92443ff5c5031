#include "tournaments/knockout.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "engine/core/user_error.h"

namespace arena {

std::vector<int> bracket_positions(int size) {
  std::vector<int> cur{0};
  while (static_cast<int>(cur.size()) < size) {
    const int len = static_cast<int>(cur.size());
    std::vector<int> next;
    for (int s : cur) next.insert(next.end(), {s, 2 * len - 1 - s});
    cur = std::move(next);
  }
  return cur;
}

Knockout::Knockout(std::vector<int> seeding, int seats, int advance, int sets, int extra_sets)
    : seed_of_(seeding.size(), -1), seats_(seats), advance_(advance), sets_(sets), extra_sets_(extra_sets) {
  if (seats < 2) throw UserError("a knockout needs a game of at least two seats");
  if (static_cast<int>(seeding.size()) < seats)
    throw UserError("a knockout needs at least as many bots as the game has seats");
  if (seats > 2 && (advance < 1 || advance >= seats))
    throw UserError("advance: must be from 1 to " + std::to_string(seats - 1) + " for this game");
  for (std::size_t i = 0; i < seeding.size(); ++i) {
    const int b = seeding[i];
    if (b < 0 || b >= static_cast<int>(seeding.size()) || seed_of_[b] >= 0)
      throw std::logic_error("seeding: not an order of the bots");  // built from checked names
    seed_of_[b] = static_cast<int>(i);
  }
}

// Bots at a table best first: points, then seed.
static std::vector<int> table_order(const KnockoutTable& t, const std::vector<int>& seed_of) {
  std::vector<int> idx(t.bots.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
    if (t.points[a] != t.points[b]) return t.points[a] > t.points[b];
    return seed_of[t.bots[a]] < seed_of[t.bots[b]];
  });
  return idx;
}

void Knockout::decide(KnockoutTable& t) const {
  const std::vector<int> order = table_order(t, seed_of_);
  const std::size_t k = static_cast<std::size_t>(t.advance);
  if (k < t.bots.size() && t.points[order[k - 1]] == t.points[order[k]]) {
    if (t.sets_played < sets_ + extra_sets_) return;  // tied: one more set
    t.by_seed = true;
  }
  t.decided = true;
  t.advancing.clear();
  for (int i : order) t.advancing.push_back(t.bots[i]);
}

std::vector<int> Knockout::survivors() const {
  std::vector<int> out;
  for (const KnockoutTable& t : rounds_.back())
    out.insert(out.end(), t.advancing.begin(),
               t.advancing.begin() + std::min<int>(t.advance, t.advancing.size()));
  return out;
}

void Knockout::start_round(const std::vector<int>& field) {
  std::vector<KnockoutTable> round;
  auto add = [&](std::vector<int> bots, int advance) {
    KnockoutTable t;
    std::sort(bots.begin(), bots.end(), [&](int a, int b) { return seed_of_[a] < seed_of_[b]; });
    t.bots = std::move(bots);
    t.points.assign(t.bots.size(), 0);
    t.advance = advance;
    if (t.bots.size() == 1) t.decided = true, t.advancing = t.bots;
    round.push_back(std::move(t));
  };
  const int r = static_cast<int>(field.size());
  if (seats_ == 2) {
    if (rounds_.empty()) {
      int size = 1;
      while (size < r) size *= 2;
      const std::vector<int> pos = bracket_positions(size);
      for (int i = 0; i < size; i += 2) {
        std::vector<int> bots;
        for (int s : {pos[i], pos[i + 1]})
          if (s < r) bots.push_back(field[s]);
        add(bots, 1);
      }
    } else {
      for (int i = 0; i + 1 < r; i += 2) add({field[i], field[i + 1]}, 1);
    }
  } else if (r <= seats_) {
    add(field, 1);  // the final table
  } else {
    const int tables = r / seats_, byes = r % seats_;
    // Enough go on to fill at least one table in the next round.
    const int advance = std::min(seats_ - 1, std::max(advance_, (seats_ - byes + tables - 1) / tables));
    for (int i = 0; i < byes; ++i) add({field[i]}, 1);
    std::vector<std::vector<int>> groups(tables);
    for (int i = byes; i < r; ++i) {
      const int k = i - byes, lap = k / tables, j = k % tables;
      groups[lap % 2 ? tables - 1 - j : j].push_back(field[i]);
    }
    for (auto& g : groups) add(g, advance);
  }
  rounds_.push_back(std::move(round));
}

std::vector<StageTable> Knockout::next_stage() {
  pending_.clear();
  if (rounds_.empty()) {
    std::vector<int> field(seed_of_.size());
    for (std::size_t b = 0; b < seed_of_.size(); ++b) field[seed_of_[b]] = static_cast<int>(b);
    start_round(field);
  }
  const bool all_decided = std::all_of(rounds_.back().begin(), rounds_.back().end(),
                                       [](const KnockoutTable& t) { return t.decided; });
  if (all_decided) {
    std::vector<int> field = survivors();
    if (field.size() <= 1) return {};
    if (seats_ > 2)
      std::sort(field.begin(), field.end(), [&](int a, int b) { return seed_of_[a] < seed_of_[b]; });
    start_round(field);
  }
  std::vector<StageTable> stage;
  const auto& round = rounds_.back();
  for (std::size_t i = 0; i < round.size(); ++i) {
    if (round[i].decided) continue;
    StageTable st;
    st.round = static_cast<int>(rounds_.size());
    st.table = static_cast<int>(i) + 1;
    st.first_set = round[i].sets_played;
    st.bots = round[i].bots;
    st.sets = round[i].sets_played == 0 ? sets_ : 1;
    stage.push_back(std::move(st));
    pending_.push_back(static_cast<int>(i));
  }
  return stage;
}

void Knockout::results(const std::vector<std::vector<double>>& table_points) {
  auto& round = rounds_.back();
  for (std::size_t p = 0; p < pending_.size() && p < table_points.size(); ++p) {
    KnockoutTable& t = round[pending_[p]];
    for (std::size_t i = 0; i < t.bots.size(); ++i) t.points[i] += table_points[p][i];
    t.sets_played += t.sets_played == 0 ? sets_ : 1;
    decide(t);
  }
  pending_.clear();
}

int Knockout::champion() const {
  if (rounds_.empty() || rounds_.back().size() != 1) return -1;
  const KnockoutTable& t = rounds_.back().front();
  return t.decided && t.advance == 1 && !t.advancing.empty() ? t.advancing.front() : -1;
}

namespace {
// Multi-seat scores come in quarters and thirds (1.75, 2.25): "%.1f" would round them.
std::string points_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}
}  // namespace

std::string Knockout::report(const std::vector<std::string>& names) const {
  auto who = [&](int b) { return names[b] + " (" + std::to_string(seed_of_[b] + 1) + ")"; };
  std::string out;
  for (std::size_t r = 0; r < rounds_.size(); ++r) {
    out += "Round " + std::to_string(r + 1) + "\n";
    for (std::size_t i = 0; i < rounds_[r].size(); ++i) {
      const KnockoutTable& t = rounds_[r][i];
      out += "  " + std::to_string(i + 1) + ". ";
      if (t.bots.size() == 1) {
        out += who(t.bots[0]) + ": bye\n";
        continue;
      }
      for (std::size_t j = 0; j < t.bots.size(); ++j)
        out +=
            (j ? (t.bots.size() == 2 ? " - " : ", ") : "") + who(t.bots[j]) + " " + points_text(t.points[j]);
      if (!t.decided) {
        out += "  (not decided)\n";
        continue;
      }
      out += "  -> ";
      for (int k = 0; k < t.advance && k < static_cast<int>(t.advancing.size()); ++k)
        out += (k ? ", " : "") + names[t.advancing[k]];
      if (t.sets_played > sets_) out += "  (after " + std::to_string(t.sets_played - sets_) + " extra)";
      if (t.by_seed) out += "  (still tied: better seed)";
      out += "\n";
    }
  }
  const int c = champion();
  out += c >= 0 ? "Winner: " + names[c] + "\n" : "Winner: not decided yet\n";
  return out;
}

}  // namespace arena
