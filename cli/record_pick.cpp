#include "cli/record_pick.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "cli/commands.h"
#include "records/pgn.h"

namespace arena::cli {

namespace {

// The index (1-based) of the game whose Round tag is `label`, as logs and summaries print it.
int game_of_round(const std::string& file, const std::string& label, const std::vector<GameRecord>& games,
                  const std::vector<PgnLocation>& where) {
  std::vector<int> found;
  for (std::size_t i = 0; i < games.size(); ++i)
    if (games[i].round == label) found.push_back(where[i].game);
  if (found.size() == 1) return found[0];
  if (found.empty())
    throw CommandError{"--game " + label + ": " + file +
                       " holds no game of that round (--game takes a round label such as 1.2.2, or the "
                       "game's number in the file)"};
  std::string numbers;
  for (int n : found) numbers += (numbers.empty() ? "" : ", ") + std::to_string(n);
  throw CommandError{"--game " + label + ": games " + numbers + " of " + file +
                     " are of that round; choose one by its number, e.g. --game " + std::to_string(found[0])};
}

}  // namespace

bool is_game_index(const std::string& text) {
  return !text.empty() && text.size() < 9 && text.find_first_not_of("0123456789") == std::string::npos;
}

GameRecord read_recorded_game(const std::string& file, const std::string& game_text, int& game) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw CommandError{file + ": cannot read the file"};
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<PgnError> errors;
  std::vector<PgnLocation> where;
  std::vector<GameRecord> games = parse_pgn(text.str(), errors, where);
  game = is_game_index(game_text) ? std::stoi(game_text) : game_of_round(file, game_text, games, where);
  for (std::size_t i = 0; i < games.size(); ++i)
    if (where[i].game == game) return std::move(games[i]);
  for (const PgnError& e : errors)
    if (e.game == game)
      throw CommandError{file + ":" + std::to_string(e.line) + ": game " + std::to_string(game) +
                         " cannot be read: " + e.message};
  const int count = static_cast<int>(games.size() + errors.size());
  throw CommandError{file + ": no game " + std::to_string(game) + " (the file holds " +
                     std::to_string(count) + " game" + (count == 1 ? "" : "s") + ")"};
}

}  // namespace arena::cli
