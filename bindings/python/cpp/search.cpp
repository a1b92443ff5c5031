// The baseline search (bots/search/ismcts.h, what mcts_bot plays) on a position or from a seat's
// view, for authors who want a strong move, every move's value, or a second opinion. The search
// runs with the GIL released.
#include <pybind11/stl.h>

#include <chrono>

#include "bindings/python/cpp/bindings.h"
#include "bots/search/determinizations.h"
#include "bots/search/ismcts.h"
#include "engine/core/sampled_state.h"

namespace py = pybind11;

namespace arena::python {

namespace {

struct MoveValue {
  Move move = -1;
  std::string name;
  int visits = 0;
  double value = 0;
};

struct SearchReport {
  Move move = -1;
  std::string name;
  long iterations = 0;
  long playout_actions = 0;
  double value = 0;
  std::vector<MoveValue> moves;
};

struct Budget {
  long iterations = 0;
  double seconds = 0;
  std::uint64_t seed = 0;
  double exploration = 0.7;
};

search::Ismcts searcher(const Budget& b) {
  if (b.iterations < 0 || b.seconds < 0 || b.exploration < 0)
    throw UserError("search: iterations, seconds and exploration must be 0 or more");
  if (b.iterations == 0 && b.seconds == 0) throw UserError("search: give iterations or seconds (a budget)");
  search::SearchOptions o;
  o.max_iterations = b.iterations;
  o.exploration = b.exploration;
  return search::Ismcts(o);
}

// Runs the search from `root` (the seat to act there searches) with determinizations from
// `sample`; the GIL must be released by the caller.
SearchReport run(const State& root, const search::Determinizer& sample, const Budget& b) {
  search::Ismcts ismcts = searcher(b);
  const int seat = root.current_player();
  const std::vector<Move> legal = root.legal_moves();
  Rng rng(b.seed);
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(b.seconds));
  const search::SearchResult r = ismcts.search(root, sample, legal, seat, deadline, rng);
  SearchReport report{r.move, root.move_to_string(r.move), r.iterations, r.playout_actions, r.best_value, {}};
  for (const search::RootMove& m : ismcts.root_moves(legal, seat))
    report.moves.push_back({m.move, root.move_to_string(m.move), m.visits, m.value});
  return report;
}

void require_decision(const Game& g, const State& s) {
  if (s.current_player() < 1)
    throw UserError(g.spec() + ": no seat is to move here (" +
                    (s.is_terminal() ? "the game is over" : "chance acts") + "): nothing to search");
}

SearchReport search_state(const PyState& s, long iterations, double seconds, std::uint64_t seed,
                          double exploration) {
  require_decision(s.game(), s.state());
  const Budget b{iterations, seconds, seed, exploration};
  py::gil_scoped_release unlocked;
  const State& root = s.state();
  return run(
      root, [&](State& into, Rng&) { into.assign(root); }, b);
}

SearchReport search_view(const GamePtr& g, int seat, const std::vector<std::pair<int, std::string>>& seen,
                         long iterations, double seconds, std::uint64_t seed, double exploration) {
  require_seat(*g, seat);
  const std::vector<SeenAction> actions = seen_actions(*g, seen);
  const Budget b{iterations, seconds, seed, exploration};
  py::gil_scoped_release unlocked;
  Rng rng(derive_seed(seed, 1));
  const auto root = g->sample_state(seat, actions, rng);
  if (root->current_player() != seat)
    throw UserError(g->spec() + ": seat " + std::to_string(seat) + " is not to move after these " +
                    std::to_string(actions.size()) + " actions: nothing to search");
  search::Determinizations worlds(*g, seat, actions, *root);
  return run(
      *root, [&](State& into, Rng& r) { worlds.next(into, r); }, b);
}

}  // namespace

void bind_search(py::module_& m) {
  py::class_<MoveValue>(m, "MoveValue",
                        "One root move after a search: how often it was tried and its mean reward.")
      .def_readonly("move", &MoveValue::move)
      .def_readonly("name", &MoveValue::name, "The move's notation.")
      .def_readonly("visits", &MoveValue::visits, "Iterations through this move.")
      .def_readonly("value", &MoveValue::value,
                    "Mean reward for the searching seat in [0, 1]: the share of other sides it finished\n"
                    "ahead of (ties half); 0 when never visited.")
      .def("__repr__", [](const MoveValue& v) {
        return "MoveValue(" + v.name + ", visits=" + std::to_string(v.visits) +
               ", value=" + std::to_string(v.value) + ")";
      });
  py::class_<SearchReport>(m, "SearchResult",
                           "What search() found: the chosen move and every root move's value.")
      .def_readonly("move", &SearchReport::move, "The most visited move.")
      .def_readonly("name", &SearchReport::name, "Its notation.")
      .def_readonly("iterations", &SearchReport::iterations)
      .def_readonly("playout_actions", &SearchReport::playout_actions)
      .def_readonly("value", &SearchReport::value, "The chosen move's mean reward.")
      .def_readonly("moves", &SearchReport::moves, "Every legal move's MoveValue, in legal_moves() order.")
      .def("__repr__", [](const SearchReport& r) {
        return "SearchResult(" + r.name + ", value=" + std::to_string(r.value) +
               ", iterations=" + std::to_string(r.iterations) + ")";
      });
  m.def("search", &search_state, py::arg("state"), py::kw_only(), py::arg("iterations") = 0,
        py::arg("seconds") = 0.0, py::arg("seed") = 0, py::arg("exploration") = 0.7,
        "Arena's baseline search (information-set MCTS, what mcts_bot plays) for the seat to act\n"
        "in `state`, for `iterations` iterations or else `seconds` of wall time. It sees the whole\n"
        "state, hidden parts included: from a bot's seat use search_view. The GIL is released.");
  m.def("search_view", &search_view, py::arg("game"), py::arg("seat"), py::arg("seen"), py::kw_only(),
        py::arg("iterations") = 0, py::arg("seconds") = 0.0, py::arg("seed") = 0,
        py::arg("exploration") = 0.7,
        "search() from what `seat` was sent (`seen`: (actor, view) pairs, as Game.sample_state\n"
        "takes them): each iteration starts from a state sampled consistent with it, as mcts_bot\n"
        "does. The GIL is released.");
}

}  // namespace arena::python
