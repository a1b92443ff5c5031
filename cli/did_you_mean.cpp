#include "cli/did_you_mean.h"

#include <algorithm>

namespace arena::cli {

namespace {

// Edits from `a` to `b`: insertions, deletions, substitutions and swaps of two neighbours
// (the optimal string alignment distance).
std::size_t edits(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string closest_name(const std::string& word, const std::vector<std::string>& names) {
  const std::size_t allowed = word.size() >= 5 ? 2 : 1;
  std::string best;
  std::size_t best_edits = allowed + 1;
  for (const std::string& name : names) {
    const std::size_t e = edits(word, name);
    if (e < best_edits) {
      best = name;
      best_edits = e;
    }
  }
  if (!best.empty()) return best;
  std::vector<std::string> begun;
  for (const std::string& name : names)
    if (word.size() >= 3 && name.rfind(word, 0) == 0) begun.push_back(name);
  return begun.size() == 1 ? begun.front() : "";
}

}  // namespace arena::cli
