// A baseline worth beating in every game: information-set Monte Carlo tree search
// (bots/search/ismcts.h) through the engine, at every player count. docs/bots.md explains
// it as a model for bot authors.
//
//   mcts_bot [--time-fraction F] [--iterations N] [--exploration C] [--keep-turn N] [--seed S]
//
// --time-fraction scales the thinking time taken from the `go` line (bots/search/
// time_budget.h); --iterations fixes the work per move instead (repeatable at any speed);
// --seed is mixed with the game's seat seed, so games still repeat exactly.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "bots/search/determinizations.h"
#include "bots/search/ismcts.h"
#include "bots/search/time_budget.h"
#include "engine/core/random.h"
#include "protocol/arena_bot.hpp"

namespace {

struct Options {
  double time_fraction = 1.0;
  long iterations = 0;
  double exploration = 0.7;
  int keep_turn = 0;
  std::uint64_t seed = 0;
};

class MctsBot : public arena::bot::Bot {
 public:
  explicit MctsBot(Options o) : options_(o) {}
  std::string name() const override { return "mcts"; }
  std::string author() const override { return "Arena sample bots"; }

  void new_game(const arena::bot::Turn& t) override {
    rng_ = arena::Rng(arena::derive_seed(t.seed, options_.seed));
    game_ = t.game();
    arena::search::SearchOptions so;
    so.exploration = options_.exploration;
    so.max_iterations = options_.iterations;
    so.keep_turn_tries = options_.keep_turn;
    search_ = std::make_unique<arena::search::Ismcts>(so);
    searched_from_.clear();
  }

  std::string choose(const arena::bot::Turn& t) override {
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + arena::search::think_time(t.remaining_ms, t.increment_ms, t.movetime_ms,
                                                            options_.time_fraction);
    const std::vector<arena::SeenAction> seen = t.seen();
    std::unique_ptr<arena::State> root;
    try {
      // In a game with hidden information this is one sample of what the seat cannot see;
      // the search draws many more below.
      root = game_->sample_state(t.seat, seen, rng_);
    } catch (const std::exception& e) {
      info(std::string("no state to search from: ") + e.what());
    }
    if (!root) return t.legal.empty() ? std::string("?") : t.legal[rng_.below(t.legal.size())];
    std::vector<arena::Move> legal;
    root->legal_moves(legal);
    arena::search::Determinizations worlds(*game_, t.seat, seen, *root);
    arena::search::Determinizer sample = [&](arena::State& into, arena::Rng& rng) { worlds.next(into, rng); };
    const bool kept = keep_tree(*root);
    const auto r = search_->search(*root, sample, legal, t.seat, deadline, rng_);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count();
    info("iterations " + std::to_string(r.iterations) + " in " + std::to_string(ms) + " ms" +
         (kept ? " on a kept tree" : "") + " value " + std::to_string(r.best_value));
    return root->move_to_string(r.move);
  }

 private:
  // Perfect information: the tree of the last search, moved on by the actions played since,
  // is where this search starts (a tree built from samples of hidden cards is not reused: it
  // answers for a different set of possible states).
  bool keep_tree(const arena::State& root) {
    const auto& now = root.history();
    bool kept = false;
    if (!game_->hidden_information() && !searched_from_.empty() && searched_from_.size() <= now.size() &&
        std::equal(searched_from_.begin(), searched_from_.end(), now.begin())) {
      std::vector<arena::Move> since;
      for (std::size_t i = searched_from_.size(); i < now.size(); ++i) since.push_back(now[i].move);
      kept = search_->advance(since);
    }
    searched_from_ = now;
    return kept;
  }

  Options options_;
  arena::Rng rng_{0};
  std::unique_ptr<arena::Game> game_;
  std::unique_ptr<arena::search::Ismcts> search_;
  std::vector<arena::Action> searched_from_;
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool known = a == "--time-fraction" || a == "--iterations" || a == "--exploration" ||
                       a == "--keep-turn" || a == "--seed";
    if (!known) continue;  // other words are ignored (e.g. a test's marker)
    if (i + 1 >= argc) return false;
    const char* v = argv[++i];
    char* end = nullptr;
    if (a == "--time-fraction") o.time_fraction = std::strtod(v, &end);
    if (a == "--iterations") o.iterations = std::strtol(v, &end, 10);
    if (a == "--exploration") o.exploration = std::strtod(v, &end);
    if (a == "--keep-turn") o.keep_turn = static_cast<int>(std::strtol(v, &end, 10));
    if (a == "--seed") o.seed = std::strtoull(v, &end, 10);
    if (end == v || *end) return false;
  }
  return o.time_fraction > 0 && o.iterations >= 0 && o.exploration >= 0 && o.keep_turn >= 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::cerr << "usage: mcts_bot [--time-fraction F>0] [--iterations N>=0] [--exploration C>=0] "
                 "[--keep-turn N>=0] [--seed S]\n";
    return 2;
  }
  return MctsBot(o).run();
}
