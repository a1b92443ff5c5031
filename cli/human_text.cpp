#include "cli/human_text.h"

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
