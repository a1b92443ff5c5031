#include "referee/openings.h"

#include <set>
#include <sstream>

#include "engine/core/random.h"
#include "engine/core/registry.h"

namespace arena {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// Why `moves` is not a valid opening of `game`, or "" if it is.
std::string opening_problem(const Game& game, const Opening& moves) {
  auto state = game.new_initial_state();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (state->is_terminal()) return "the game is over before move " + std::to_string(i + 1);
    if (state->is_chance())
      return "a chance action comes before move " + std::to_string(i + 1) +
             " (openings are for games whose first moves involve no chance; use --random-opening-plies)";
    const ParsedMove p = state->parse_move(moves[i]);
    if (!p.ok()) return "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + p.error;
    state->apply(p.move);
  }
  if (state->is_terminal()) return "the game is over after the opening";
  return "";
}

}  // namespace

std::vector<Opening> read_openings(std::istream& in, const std::string& name, const Game& game) {
  std::vector<Opening> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    const auto where = [&] { return name + ":" + std::to_string(number) + ": "; };
    if (const auto bar = text.find('|'); bar != std::string::npos) {
      const std::string spec = trim(text.substr(0, bar));
      std::string canonical;
      try {
        canonical = make_game(spec)->spec();
      } catch (const UserError& e) {
        throw UserError(where() + e.what());  // make_game cannot know the file and line
      }
      if (canonical != game.spec())
        throw UserError(where() + "opening for " + canonical + ", not " + game.spec());
      text = trim(text.substr(bar + 1));
    }
    Opening moves;
    std::istringstream words(text);
    for (std::string w; words >> w;) moves.push_back(w);
    if (moves.empty()) throw UserError(where() + "no moves");
    if (const std::string why = opening_problem(game, moves); !why.empty()) throw UserError(where() + why);
    out.push_back(std::move(moves));
  }
  if (out.empty()) throw UserError(name + ": no opening in the file");
  return out;
}

std::string opening_line(const Game& game, const Opening& opening) {
  std::string line = game.spec() + " |";
  for (const auto& m : opening) line += " " + m;
  return line;
}

namespace {

// The first seat's mean reward over `n` random playouts from `s` (rank-based, ties half).
double first_seat_share(const State& s, int n, Rng& rng) {
  auto playout = s.clone();
  std::vector<Move> scratch;
  double total = 0;
  for (int i = 0; i < n; ++i) {
    playout->assign(s);
    while (!playout->is_terminal() &&
           static_cast<int>(playout->history().size()) < playout->game().max_game_length())
      playout->apply(random_action(*playout, rng, scratch));
    if (!playout->is_terminal()) {
      total += 0.5;
      continue;
    }
    const auto r = playout->results();
    double beaten = 0;
    int others = 0;
    for (std::size_t o = 1; o < r.size(); ++o) {
      if (r[o].team == r[0].team) continue;
      ++others;
      beaten += r[o].rank > r[0].rank ? 1 : r[o].rank == r[0].rank ? 0.5 : 0;
    }
    total += others ? beaten / others : 0.5;
  }
  return total / n;
}

}  // namespace

std::vector<Opening> generate_openings(const Game& game, int count, int plies, std::uint64_t seed) {
  std::vector<Opening> out;
  std::set<Opening> seen;
  std::vector<Move> legal;
  for (std::uint64_t attempt = 0; static_cast<int>(out.size()) < count && attempt < 50u * count + 100;
       ++attempt) {
    Rng rng(derive_seed(seed, attempt));
    auto state = game.new_initial_state();
    Opening moves;
    while (static_cast<int>(moves.size()) < plies && !state->is_terminal() && !state->is_chance()) {
      state->legal_moves(legal);
      const Move m = legal[rng.below(legal.size())];
      moves.push_back(state->move_to_string(m));
      state->apply(m);
    }
    if (static_cast<int>(moves.size()) < plies || state->is_terminal() || seen.count(moves)) continue;
    if (!state->is_chance()) {
      state->legal_moves(legal);
      if (legal.size() < 3) continue;
    }
    const double share = first_seat_share(*state, 64, rng);
    if (share < 0.25 || share > 0.75) continue;
    seen.insert(moves);
    out.push_back(std::move(moves));
  }
  return out;
}

const char* openings_order_name(OpeningsOrder order) {
  return order == OpeningsOrder::kRandom ? "random" : "sequential";
}

}  // namespace arena
