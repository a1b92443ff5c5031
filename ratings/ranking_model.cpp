#include "ratings/ranking_model.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "engine/core/user_error.h"

namespace arena::ratings_detail {

namespace {

std::uint64_t pair_key(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint32_t>(b);
}

double binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

// Unit strengths s_u = Σ members r_i.
void unit_strengths(const RankingModel& m, const std::vector<double>& r, std::vector<double>& s) {
  s.resize(m.units());
  for (int u = 0; u < m.units(); ++u) {
    double sum = 0;
    for (int k = m.unit_offset[u]; k < m.unit_offset[u + 1]; ++k) sum += r[m.unit_members[k]];
    s[u] = sum;
  }
}

// Softmax of the term's unit strengths into p; returns log Σ exp.
double term_softmax(const RankingModel& m, int t, const std::vector<double>& s, double* p) {
  const int b = m.term_offset[t], e = m.term_offset[t + 1];
  double mx = -std::numeric_limits<double>::infinity();
  for (int k = b; k < e; ++k) mx = std::max(mx, s[m.term_units[k]]);
  double z = 0;
  for (int k = b; k < e; ++k) {
    p[k - b] = std::exp(s[m.term_units[k]] - mx);
    z += p[k - b];
  }
  for (int k = 0; k < e - b; ++k) p[k] /= z;
  return mx + std::log(z);
}

// Gradient of log L (players) and, when `unit_info` is given, the dense unit-level
// information matrix Σ_t w_t (diag p − p pᵀ).
void gradient(const RankingModel& m, const std::vector<double>& r, std::vector<double>& g,
              std::vector<double>* unit_info) {
  std::vector<double> s;
  unit_strengths(m, r, s);
  const int nu = m.units();
  std::vector<double> gu(nu, 0.0);
  if (unit_info) unit_info->assign(static_cast<std::size_t>(nu) * nu, 0.0);
  std::vector<double> p(16);
  for (int t = 0; t < m.terms(); ++t) {
    const int b = m.term_offset[t], len = m.term_offset[t + 1] - b;
    if (static_cast<int>(p.size()) < len) p.resize(len);
    term_softmax(m, t, s, p.data());
    const double w = m.term_weight[t];
    for (int k = 0; k < len; ++k) gu[m.term_units[b + k]] -= w * p[k];
    if (unit_info) {
      double* h = unit_info->data();
      for (int a = 0; a < len; ++a) {
        const int ua = m.term_units[b + a];
        h[static_cast<std::size_t>(ua) * nu + ua] += w * p[a];
        for (int c = 0; c < len; ++c) {
          const int uc = m.term_units[b + c];
          h[static_cast<std::size_t>(ua) * nu + uc] -= w * p[a] * p[c];
        }
      }
    }
  }
  g = m.linear;
  for (int u = 0; u < nu; ++u)
    for (int k = m.unit_offset[u]; k < m.unit_offset[u + 1]; ++k) g[m.unit_members[k]] += gu[u];
}

// Maps a unit-level matrix to players: Aᵀ H A.
std::vector<double> to_players(const RankingModel& m, const std::vector<double>& hu) {
  const int n = m.players, nu = m.units();
  std::vector<double> h(static_cast<std::size_t>(n) * n, 0.0);
  bool singletons_only = true;
  for (int u = 0; u < nu && singletons_only; ++u)
    singletons_only = m.unit_offset[u + 1] - m.unit_offset[u] == 1 && m.unit_members[m.unit_offset[u]] == u;
  if (singletons_only && nu == n) return hu;
  for (int a = 0; a < nu; ++a)
    for (int c = 0; c < nu; ++c) {
      const double v = hu[static_cast<std::size_t>(a) * nu + c];
      if (v == 0) continue;
      for (int ka = m.unit_offset[a]; ka < m.unit_offset[a + 1]; ++ka)
        for (int kc = m.unit_offset[c]; kc < m.unit_offset[c + 1]; ++kc)
          h[static_cast<std::size_t>(m.unit_members[ka]) * n + m.unit_members[kc]] += v;
    }
  return h;
}

// Information-vector product (I + gauge)·v without forming I: for the conjugate-gradient
// Newton steps on large pools.
struct InfoOperator {
  const RankingModel& m;
  std::vector<double> s;
  std::vector<double> prob;  // softmax of every term entry at the current ratings
  std::vector<int> component;
  std::vector<double> comp_size;
  double c = 1, ridge = 0;

  void apply(const std::vector<double>& v, std::vector<double>& out, std::vector<double>& p) const {
    const int nu = m.units();
    std::vector<double> vu(nu, 0.0), ou(nu, 0.0);
    for (int u = 0; u < nu; ++u)
      for (int k = m.unit_offset[u]; k < m.unit_offset[u + 1]; ++k) vu[u] += v[m.unit_members[k]];
    (void)p;
    for (int t = 0; t < m.terms(); ++t) {
      const int b = m.term_offset[t], len = m.term_offset[t + 1] - b;
      const double* pt = &prob[b];
      double pv = 0;
      for (int k = 0; k < len; ++k) pv += pt[k] * vu[m.term_units[b + k]];
      const double w = m.term_weight[t];
      for (int k = 0; k < len; ++k) ou[m.term_units[b + k]] += w * pt[k] * (vu[m.term_units[b + k]] - pv);
    }
    out.assign(m.players, 0.0);
    for (int u = 0; u < nu; ++u)
      for (int k = m.unit_offset[u]; k < m.unit_offset[u + 1]; ++k) out[m.unit_members[k]] += ou[u];
    std::vector<double> sums(comp_size.size(), 0.0);
    for (int i = 0; i < m.players; ++i) sums[component[i]] += v[i];
    for (int i = 0; i < m.players; ++i)
      out[i] += c * sums[component[i]] / comp_size[component[i]] + ridge * v[i];
  }
};

void center(std::vector<double>& r, const std::vector<int>& component, int components) {
  std::vector<double> sum(components, 0.0), count(components, 0.0);
  for (std::size_t i = 0; i < r.size(); ++i) {
    sum[component[i]] += r[i];
    count[component[i]] += 1;
  }
  for (std::size_t i = 0; i < r.size(); ++i) r[i] -= sum[component[i]] / count[component[i]];
}

}  // namespace

RankingModelBuilder::RankingModelBuilder(int players) {
  model_.players = players;
  if (players <= kDensePairs) dense_pairs_.assign(static_cast<std::size_t>(players) * players, 0.0);
  model_.linear.assign(players, 0.0);
  for (int i = 0; i < players; ++i) {
    model_.unit_members.push_back(i);
    model_.unit_offset.push_back(i + 1);
  }
}

int RankingModelBuilder::unit_of(std::vector<int>& members) {
  if (members.size() == 1) return members[0];
  std::sort(members.begin(), members.end());
  auto [it, inserted] = team_units_.try_emplace(members, model_.units());
  if (inserted) {
    model_.unit_members.insert(model_.unit_members.end(), members.begin(), members.end());
    model_.unit_offset.push_back(static_cast<int>(model_.unit_members.size()));
  }
  return it->second;
}

void RankingModelBuilder::add_term(std::vector<int>& units, double weight) {
  if (units.size() == 1) {
    // log(exp(s_u)) = s_u: fold into the linear part instead of storing a term.
    const int u = units[0];
    for (int k = model_.unit_offset[u]; k < model_.unit_offset[u + 1]; ++k)
      model_.linear[model_.unit_members[k]] -= weight;
    return;
  }
  if (units.size() == 2) {
    if (!dense_pairs_.empty() && units[0] < model_.players && units[1] < model_.players) {
      const int a = std::min(units[0], units[1]), b = std::max(units[0], units[1]);
      dense_pairs_[static_cast<std::size_t>(a) * model_.players + b] += weight;
      return;
    }
    pair_terms_[pair_key(units[0], units[1])] += weight;
    return;
  }
  // Larger sets rarely repeat in big pools: stored as they come, no lookup.
  other_units_.insert(other_units_.end(), units.begin(), units.end());
  other_offset_.push_back(static_cast<int>(other_units_.size()));
  other_weight_.push_back(weight);
}

void RankingModelBuilder::add_game(const std::vector<int>& seat_players, const std::vector<int>& ranks,
                                   const std::vector<int>& teams, double weight) {
  const int seats = static_cast<int>(seat_players.size());
  // Group seats into units (teams) with their rank.
  std::vector<std::pair<int, int>>& team_seat = team_seat_;  // (team, seat)
  team_seat.clear();
  for (int i = 0; i < seats; ++i) team_seat.emplace_back(teams.empty() ? i : teams[i], i);
  std::sort(team_seat.begin(), team_seat.end());
  std::vector<std::pair<int, int>>& unit_rank = unit_rank_;  // (rank, unit)
  unit_rank.clear();
  std::vector<int>& members = members_;
  std::size_t first_size = 0;
  for (std::size_t k = 0; k < team_seat.size();) {
    members.clear();
    const int team = team_seat[k].first, rank = ranks[team_seat[k].second];
    for (; k < team_seat.size() && team_seat[k].first == team; ++k)
      members.push_back(seat_players[team_seat[k].second]);
    unit_rank.emplace_back(rank, unit_of(members));
    if (members.size() != (unit_rank.size() == 1 ? members.size() : first_size))
      model_.shift_invariant = false;
    if (unit_rank.size() == 1) first_size = members.size();
  }
  std::sort(unit_rank.begin(), unit_rank.end());
  // Every unit is chosen once over the stages: Σ s_u in the linear part.
  for (auto [rank, u] : unit_rank)
    for (int k = model_.unit_offset[u]; k < model_.unit_offset[u + 1]; ++k)
      model_.linear[model_.unit_members[k]] += weight;
  std::vector<int>& set = set_;
  for (std::size_t g = 0; g < unit_rank.size();) {
    std::size_t e = g;
    while (e < unit_rank.size() && unit_rank[e].first == unit_rank[g].first) ++e;
    const int k = static_cast<int>(e - g);
    if (k > 20)  // 2^k subsets below
      throw UserError("a game has " + std::to_string(k) +
                      " sides tied for one rank; the rating model allows at most 20");
    // Each subset S of the tie group, joined with everything ranked below.
    for (std::uint32_t mask = 1; mask < (1u << k); ++mask) {
      const int size = std::popcount(mask);
      set.clear();
      for (int j = 0; j < k; ++j)
        if (mask & (1u << j)) set.push_back(unit_rank[g + j].second);
      for (std::size_t j = e; j < unit_rank.size(); ++j) set.push_back(unit_rank[j].second);
      add_term(set, weight / binomial(k, size));
    }
    g = e;
  }
}

void RankingModelBuilder::add_virtual_draw(int a, int b, double weight) {
  model_.linear[a] += weight / 2;
  model_.linear[b] += weight / 2;
  std::vector<int> pair{a, b};
  add_term(pair, weight);
}

RankingModel RankingModelBuilder::build() const {
  RankingModel m = model_;
  std::vector<std::pair<std::uint64_t, double>> pairs(pair_terms_.begin(), pair_terms_.end());
  const int n = model_.players;
  for (int a = 0; a < n && !dense_pairs_.empty(); ++a)
    for (int b = a + 1; b < n; ++b)
      if (const double w = dense_pairs_[static_cast<std::size_t>(a) * n + b]; w != 0)
        pairs.emplace_back(pair_key(a, b), w);
  std::sort(pairs.begin(), pairs.end());  // deterministic order, whatever the hash
  m.term_units.reserve(pairs.size() * 2);
  for (auto [key, w] : pairs) {
    m.term_units.push_back(static_cast<int>(key >> 32));
    m.term_units.push_back(static_cast<int>(key & 0xffffffffu));
    m.term_offset.push_back(static_cast<int>(m.term_units.size()));
    m.term_weight.push_back(w);
  }
  for (std::size_t t = 0; t < other_weight_.size(); ++t) {
    m.term_units.insert(m.term_units.end(), other_units_.begin() + other_offset_[t],
                        other_units_.begin() + other_offset_[t + 1]);
    m.term_offset.push_back(static_cast<int>(m.term_units.size()));
    m.term_weight.push_back(other_weight_[t]);
  }
  return m;
}

double log_likelihood(const RankingModel& m, const std::vector<double>& r) {
  std::vector<double> s;
  unit_strengths(m, r, s);
  double f = 0;
  for (int i = 0; i < m.players; ++i) f += m.linear[i] * r[i];
  std::vector<double> p(16);
  for (int t = 0; t < m.terms(); ++t) {
    const int len = m.term_offset[t + 1] - m.term_offset[t];
    if (static_cast<int>(p.size()) < len) p.resize(len);
    f -= m.term_weight[t] * term_softmax(m, t, s, p.data());
  }
  return f;
}

std::vector<double> information_matrix(const RankingModel& m, const std::vector<double>& r) {
  std::vector<double> g, hu;
  gradient(m, r, g, &hu);
  return to_players(m, hu);
}

double add_gauge(std::vector<double>& info, int n, const std::vector<int>& component, int components,
                 bool shift_invariant) {
  double trace = 0;
  for (int i = 0; i < n; ++i) trace += info[static_cast<std::size_t>(i) * n + i];
  const double c = n > 0 && trace > 0 ? trace / n : 1.0;
  std::vector<double> size(components, 0.0);
  for (int i = 0; i < n; ++i) size[component[i]] += 1;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n && shift_invariant; ++j)
      if (component[i] == component[j]) info[static_cast<std::size_t>(i) * n + j] += c / size[component[i]];
    info[static_cast<std::size_t>(i) * n + i] += 1e-10 * c;  // directions no game measures
  }
  return c;
}

bool cholesky(std::vector<double>& a, int n) {
  // Right-looking, row-major lower triangle; column k is copied out so that the update
  // of every later row is one contiguous loop.
  std::vector<double> col(n);
  for (int k = 0; k < n; ++k) {
    double* rk = &a[static_cast<std::size_t>(k) * n];
    if (!(rk[k] > 0)) return false;
    const double d = std::sqrt(rk[k]);
    rk[k] = d;
    for (int i = k + 1; i < n; ++i) col[i] = a[static_cast<std::size_t>(i) * n + k] /= d;
    for (int i = k + 1; i < n; ++i) {
      double* ri = &a[static_cast<std::size_t>(i) * n];
      const double lik = col[i];
      if (lik == 0) continue;
      for (int j = k + 1; j <= i; ++j) ri[j] -= lik * col[j];
    }
  }
  return true;
}

std::vector<double> inverse_from_cholesky(const std::vector<double>& l, int n) {
  // Solve L Y = I column-block-wise via rows of Lᵀ, then A⁻¹ = L⁻ᵀ L⁻¹.
  std::vector<double> linv(static_cast<std::size_t>(n) * n, 0.0);  // row-major lower triangular L⁻¹
  for (int i = 0; i < n; ++i) {
    double* yi = &linv[static_cast<std::size_t>(i) * n];
    const double* li = &l[static_cast<std::size_t>(i) * n];
    yi[i] = 1.0;
    for (int k = 0; k < i; ++k) {
      const double lik = li[k];
      if (lik == 0) continue;
      const double* yk = &linv[static_cast<std::size_t>(k) * n];
      for (int j = 0; j <= k; ++j) yi[j] -= lik * yk[j];
    }
    const double d = li[i];
    for (int j = 0; j <= i; ++j) yi[j] /= d;
  }
  // A⁻¹ = L⁻ᵀ L⁻¹: (A⁻¹)_{jc} = Σ_i Y_ij Y_ic, accumulated row by row of Y. Only the lower
  // triangle (c ≤ j) is summed, then mirrored: the same products in the same order, so the
  // upper triangle is what summing it would give, bit for bit, at half the work (a third
  // of the time of the final tables of 1,000 bots went here).
  std::vector<double> inv(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i) {
    const double* yi = &linv[static_cast<std::size_t>(i) * n];
    for (int j = 0; j <= i; ++j) {
      const double yij = yi[j];
      if (yij == 0) continue;
      double* row = &inv[static_cast<std::size_t>(j) * n];
      for (int c = 0; c <= j; ++c) row[c] += yij * yi[c];
    }
  }
  for (int j = 0; j < n; ++j)
    for (int c = 0; c < j; ++c)
      inv[static_cast<std::size_t>(c) * n + j] = inv[static_cast<std::size_t>(j) * n + c];
  return inv;
}

namespace {

// Newton direction from the dense information matrix (Cholesky): small pools.
void dense_newton_step(const RankingModel& m, const std::vector<double>& r, const std::vector<int>& component,
                       int components, std::vector<double>& g, std::vector<double>& step) {
  const int n = m.players;
  std::vector<double> hu;
  gradient(m, r, g, &hu);
  std::vector<double> info = to_players(m, hu);
  add_gauge(info, n, component, components, m.shift_invariant);
  // The gauge makes the matrix positive definite whatever the games: failing is a bug.
  if (!cholesky(info, n)) throw std::logic_error("ratings: information matrix is not positive definite");
  // Forward and back substitution.
  for (int i = 0; i < n; ++i) {
    double v = g[i];
    for (int k = 0; k < i; ++k) v -= info[static_cast<std::size_t>(i) * n + k] * step[k];
    step[i] = v / info[static_cast<std::size_t>(i) * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    double v = step[i];
    for (int k = i + 1; k < n; ++k) v -= info[static_cast<std::size_t>(k) * n + i] * step[k];
    step[i] = v / info[static_cast<std::size_t>(i) * n + i];
  }
}

// The diagonal of the information matrix (the Jacobi preconditioner); fills op.s and op.prob.
std::vector<double> information_diagonal(const RankingModel& m, const std::vector<double>& r,
                                         InfoOperator& op) {
  unit_strengths(m, r, op.s);
  op.prob.resize(m.term_units.size());
  std::vector<double> diag(m.players, 0.0), du(m.units(), 0.0);
  for (int t = 0; t < m.terms(); ++t) {
    const int b = m.term_offset[t], len = m.term_offset[t + 1] - b;
    term_softmax(m, t, op.s, &op.prob[b]);
    for (int k = 0; k < len; ++k)
      du[m.term_units[b + k]] += m.term_weight[t] * op.prob[b + k] * (1 - op.prob[b + k]);
  }
  for (int u = 0; u < m.units(); ++u)
    for (int k = m.unit_offset[u]; k < m.unit_offset[u + 1]; ++k) diag[m.unit_members[k]] += du[u];
  return diag;
}

// Newton direction by preconditioned conjugate gradient on (I + gauge)·step = g, never
// forming the matrix: large pools.
void iterative_newton_step(const RankingModel& m, const std::vector<double>& r,
                           const std::vector<int>& component, const std::vector<double>& comp_size,
                           std::vector<double>& g, std::vector<double>& step) {
  const int n = m.players;
  gradient(m, r, g, nullptr);
  InfoOperator op{m, {}, {}, component, comp_size};
  std::vector<double> diag = information_diagonal(m, r, op);
  int max_len = 0;
  for (int t = 0; t < m.terms(); ++t) max_len = std::max(max_len, m.term_offset[t + 1] - m.term_offset[t]);
  std::vector<double> p(std::max(max_len, 1));
  const double trace = std::accumulate(diag.begin(), diag.end(), 0.0);
  op.c = trace > 0 ? trace / n : 1.0;
  op.ridge = 1e-10 * op.c;
  if (!m.shift_invariant) op.c = 0;
  for (int i = 0; i < n; ++i) diag[i] += op.c / comp_size[component[i]] + op.ridge;
  std::fill(step.begin(), step.end(), 0.0);
  std::vector<double> res = g, z(n), dir(n), q(n);
  for (int i = 0; i < n; ++i) z[i] = res[i] / diag[i];
  dir = z;
  double rz = 0, g2 = 0;
  for (int i = 0; i < n; ++i) rz += res[i] * z[i], g2 += g[i] * g[i];
  for (int cg = 0; cg < 500 && rz > 1e-30; ++cg) {
    op.apply(dir, q, p);
    double dq = 0;
    for (int i = 0; i < n; ++i) dq += dir[i] * q[i];
    if (!(dq > 0)) break;
    const double alpha = rz / dq;
    double r2 = 0;
    for (int i = 0; i < n; ++i) {
      step[i] += alpha * dir[i];
      res[i] -= alpha * q[i];
      r2 += res[i] * res[i];
    }
    if (r2 <= 1e-20 * g2) break;
    for (int i = 0; i < n; ++i) z[i] = res[i] / diag[i];
    double rz_new = 0;
    for (int i = 0; i < n; ++i) rz_new += res[i] * z[i];
    for (int i = 0; i < n; ++i) dir[i] = z[i] + rz_new / rz * dir[i];
    rz = rz_new;
  }
}

}  // namespace

FitResult fit_ranking_model(const RankingModel& m, const std::vector<int>& component, int components) {
  const int n = m.players;
  FitResult result;
  result.r.assign(n, 0.0);
  if (n == 0) {
    result.converged = true;
    return result;
  }
  const bool dense = n <= 400 && m.units() <= 1500;
  std::vector<double> g, step(n), trial(n);
  double f = log_likelihood(m, result.r);
  std::vector<double> comp_size(components, 0.0);
  for (int i = 0; i < n; ++i) comp_size[component[i]] += 1;
  for (int iter = 1; iter <= 200; ++iter) {
    result.iterations = iter;
    if (dense)
      dense_newton_step(m, result.r, component, components, g, step);
    else
      iterative_newton_step(m, result.r, component, comp_size, g, step);
    // Backtracking: the likelihood is concave, so a shorter Newton step always helps.
    double t = 1, f_new = f;
    double max_step = 0;
    for (int i = 0; i < n; ++i) max_step = std::max(max_step, std::abs(step[i]));
    if (max_step > 5) t = 5 / max_step;  // at most ~870 Elo per iteration
    for (int halving = 0; halving < 40; ++halving, t /= 2) {
      for (int i = 0; i < n; ++i) trial[i] = result.r[i] + t * step[i];
      if (m.shift_invariant) center(trial, component, components);
      f_new = log_likelihood(m, trial);
      if (f_new >= f - 1e-12 * std::abs(f)) break;
    }
    result.r = trial;
    f = f_new;
    if (t * max_step < 1e-9) {
      result.converged = true;
      break;
    }
  }
  return result;
}

}  // namespace arena::ratings_detail
