// The likelihood behind the ratings, aggregated so that a million games cost what
// their distinct comparisons cost. Internal to ratings/ratings.cpp (and its tests).
//
// log L(r) = Σ_i linear_i·r_i − Σ_t weight_t · log Σ_{u∈t} exp(s_u),   s_u = Σ_{i∈u} r_i
//
// r is in natural units (multiply by 400/ln 10 for Elo). A "unit" is a team (or a lone
// player, whose unit id is its player id); a "term" is one Plackett–Luce denominator.
#pragma once

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace arena::ratings_detail {

struct RankingModel {
  int players = 0;
  std::vector<int> unit_offset{0};  // unit u's members: unit_members[unit_offset[u] .. unit_offset[u+1])
  std::vector<int> unit_members;
  std::vector<int> term_offset{0};  // term t's units: term_units[term_offset[t] .. term_offset[t+1])
  std::vector<int> term_units;
  std::vector<double> term_weight;
  std::vector<double> linear;  // per player
  // False when some game has teams of different sizes: shifting every rating by δ then
  // changes those games' odds, so the level is measured and no gauge may be imposed.
  bool shift_invariant = true;

  int units() const { return static_cast<int>(unit_offset.size()) - 1; }
  int terms() const { return static_cast<int>(term_weight.size()); }
};

// Builds a RankingModel game by game. Ties are averaged over every order of the tied
// units (docs/ratings.md): a tie group G above the set L contributes, for each subset S
// of G, a denominator S ∪ L with weight 1/C(|G|,|S|).
class RankingModelBuilder {
 public:
  explicit RankingModelBuilder(int players);
  // seat_players: player id per seat; ranks: per seat; teams: per seat (empty = own team).
  // Seats of one team must share a rank (checked by the caller).
  void add_game(const std::vector<int>& seat_players, const std::vector<int>& ranks,
                const std::vector<int>& teams, double weight = 1.0);
  // A virtual draw between two players (the small prior).
  void add_virtual_draw(int a, int b, double weight);
  RankingModel build() const;

 private:
  int unit_of(std::vector<int>& members);
  void add_term(std::vector<int>& units, double weight);

  RankingModel model_;
  std::map<std::vector<int>, int> team_units_;
  std::unordered_map<std::uint64_t, double> pair_terms_;
  // Pairs of lone players in pools of up to kDensePairs bots: a flat n×n table is far
  // cheaper than hashing millions of games.
  static constexpr int kDensePairs = 2048;
  std::vector<double> dense_pairs_;
  // Per-game scratch, kept to avoid allocating for every game.
  std::vector<std::pair<int, int>> team_seat_, unit_rank_;
  std::vector<int> members_, set_;
  std::vector<int> other_units_, other_offset_{0};
  std::vector<double> other_weight_;
};

double log_likelihood(const RankingModel& m, const std::vector<double>& r);

struct FitResult {
  std::vector<double> r;  // natural units; each component centred on 0
  int iterations = 0;
  bool converged = false;
};

// Newton's method; the gauge (one free shift per connected component, and tiny ridge for
// directions the data cannot see) is fixed by adding c·1_C·1_Cᵀ/|C| per component.
FitResult fit_ranking_model(const RankingModel& m, const std::vector<int>& component, int components);

// Fisher information (negative Hessian) at r, dense, players × players, row-major.
std::vector<double> information_matrix(const RankingModel& m, const std::vector<double>& r);

// In-place Cholesky of a symmetric positive definite matrix (lower triangle); false if not SPD.
bool cholesky(std::vector<double>& a, int n);
// Inverse of the matrix whose Cholesky factor is `l`, dense and symmetric.
std::vector<double> inverse_from_cholesky(const std::vector<double>& l, int n);

// Adds c·1_C·1_Cᵀ/|C| for every component (and a tiny ridge) so the information matrix
// becomes invertible; returns c.
// Without shift invariance only the ridge is added.
double add_gauge(std::vector<double>& info, int n, const std::vector<int>& component, int components,
                 bool shift_invariant = true);

}  // namespace arena::ratings_detail
