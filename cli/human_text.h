// Text layout for the human seat (cli/cmd_play_human.cpp), free of any game's rules: the
// legal moves wrapped on whole moves to 80 columns and grouped by their leading part when
// there are many, a run of action descriptions with repeats folded together, and how a game
// ended for the person.
#pragma once

#include <string>
#include <vector>

namespace arena::cli {

inline constexpr std::size_t kTerminalWidth = 80;

// Words joined by spaces, each line at most `width` columns (a longer word stands alone),
// the first line starting with `indent`, the others with `continuation`; ends with a newline.
std::string wrap_words(const std::vector<std::string>& words, const std::string& indent,
                       const std::string& continuation, std::size_t width = kTerminalWidth);

// The leading part of a move by which long lists are grouped: a leading number (a card's
// value: "4" of 4b^+4=4), else everything before the first separator of the notations
// ("+-:@=^."), e.g. "pick" of pick:9+9, "c3" of c3-c4.
std::string move_group(const std::string& move);

// "legal moves (N):" and the list, one group per line as "[KEY] m m m" when there are many
// moves and grouping shortens the list, otherwise simply wrapped.
std::string legal_moves_text(const std::vector<std::string>& legal);

// How a game ended for the person in seat `me` (1-based), from every seat's rank: "you won",
// "you shared first place", "you lost" (with "place N of M" when there were more than two
// places), or "a draw" when every seat ranks first.
std::string verdict_for(int me, const std::vector<int>& ranks);

// The seats' names in rank order, best first, equal ranks under one number:
// "1. greedy  2. me, random".
std::string ranks_by_name(const std::vector<int>& ranks, const std::vector<std::string>& names);

// Consecutive lines that differ only in their last word are folded into one:
// "you were dealt 7", "you were dealt 9" -> "you were dealt 7, 9".
std::vector<std::string> fold_repeats(const std::vector<std::string>& lines);

}  // namespace arena::cli
