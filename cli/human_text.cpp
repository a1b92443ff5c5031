#include "cli/human_text.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace arena::cli {

std::string wrap_words(const std::vector<std::string>& words, const std::string& indent,
                       const std::string& continuation, std::size_t width) {
  std::string out, line = indent;
  std::size_t start = indent.size();  // where the words of this line begin
  for (const std::string& w : words) {
    if (line.size() > start && line.size() + 1 + w.size() > width) {
      out += line + "\n";
      line = continuation;
      start = continuation.size();
    }
    line += (line.size() > start ? " " : "") + w;
  }
  if (line.size() > start) out += line + "\n";
  return out;
}

std::string move_group(const std::string& move) {
  // A leading number (a card's value) groups on its own: 4, 4b^ and 4+4 together.
  if (!move.empty() && std::isdigit(static_cast<unsigned char>(move[0])))
    return move.substr(0, move.find_first_not_of("0123456789"));
  const std::size_t end = move.find_first_of("+-:@=^.");
  return end == 0 || end == std::string::npos ? move : move.substr(0, end);
}

std::string legal_moves_text(const std::vector<std::string>& legal) {
  std::string out = "legal moves (" + std::to_string(legal.size()) + "):\n";
  // Groups in order of first appearance, so the engine's canonical order is kept.
  std::vector<std::string> keys;
  std::map<std::string, std::vector<std::string>> groups;
  for (const std::string& m : legal) {
    auto& g = groups[move_group(m)];
    if (g.empty()) keys.push_back(move_group(m));
    g.push_back(m);
  }
  // A short list reads best flat; so does one where grouping would leave mostly singletons.
  constexpr std::size_t kGroupAbove = 24;
  if (legal.size() <= kGroupAbove || keys.size() < 2 || keys.size() * 2 > legal.size())
    return out + wrap_words(legal, "  ", "  ");
  for (const std::string& k : keys) {
    std::vector<std::string> words = {"[" + k + "]"};
    words.insert(words.end(), groups[k].begin(), groups[k].end());
    out += wrap_words(words, "  ", std::string(k.size() + 5, ' '));  // under the group's first move
  }
  return out;
}

std::string verdict_for(int me, const std::vector<int>& ranks) {
  const int mine = ranks.at(static_cast<std::size_t>(me - 1));
  const auto firsts = std::count(ranks.begin(), ranks.end(), 1);
  if (firsts == static_cast<long>(ranks.size())) return "a draw";
  if (mine == 1) return firsts > 1 ? "you shared first place" : "you won";
  const int places = *std::max_element(ranks.begin(), ranks.end());
  return places > 2 ? "you lost (place " + std::to_string(mine) + " of " + std::to_string(places) + ")"
                    : "you lost";
}

std::string ranks_by_name(const std::vector<int>& ranks, const std::vector<std::string>& names) {
  std::map<int, std::string> by_rank;
  for (std::size_t s = 0; s < ranks.size() && s < names.size(); ++s) {
    std::string& place = by_rank[ranks[s]];
    place += (place.empty() ? "" : ", ") + names[s];
  }
  std::string out;
  for (const auto& [rank, who] : by_rank)
    out += (out.empty() ? "" : "  ") + std::to_string(rank) + ". " + who;
  return out;
}

std::vector<std::string> fold_repeats(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  std::string last_head;
  for (const std::string& l : lines) {
    const std::size_t sp = l.rfind(' ');
    const std::string head = sp == std::string::npos ? "" : l.substr(0, sp);
    if (!out.empty() && !head.empty() && head == last_head) {
      out.back() += ", " + l.substr(sp + 1);
      continue;
    }
    out.push_back(l);
    last_head = head;
  }
  return out;
}

}  // namespace arena::cli
