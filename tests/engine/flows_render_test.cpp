// Flows' board for people (FlowsState::board_text, in render()): every placed tile drawn with
// its paths, the two sides each path joins carrying one mark (its seat's digit, or a letter for
// a path no seat's flow reaches), the tile's name and rotation in the middle, empty cells named.
#include <catch2/catch.hpp>
#include <sstream>

#include "engine/core/picture.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/flows/flows_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flows_render_test {

using namespace arena;

TEST_CASE("flows render: paths drawn by their ends, in the seats' digits", "[engine][flows]") {
  for (const char* spec : {"flows:players=2", "flows:players=3"}) {
    auto game = make_game(spec);
    Rng rng(3);
    std::vector<Move> scratch;
    auto state = game->new_initial_state();
    for (int i = 0; i < 40 && !state->is_terminal(); ++i) state->apply(random_action(*state, rng, scratch));
    const auto& flows = static_cast<const flows::FlowsState&>(*state);
    std::vector<std::string> lines;
    std::istringstream in(flows.board_text());
    for (std::string line; std::getline(in, line);) lines.push_back(line + std::string(100, ' '));
    const Picture picture = state->picture(0);
    // Side k's mark in a cell's three lines (the render's layout: NE, E, SE, SW, W, NW).
    const int line_of[6] = {0, 1, 2, 2, 1, 0}, column_of[6] = {6, 8, 6, 2, 0, 2};
    int tiles = 0, seat_paths = 0;
    for (const PictureCell& c : picture.boards.front().cells) {
      const int top = 3 * c.y, left = 5 * c.x + 2;
      REQUIRE(top + 2 < static_cast<int>(lines.size()));
      const std::string middle = lines[top + 1].substr(left, 9);
      INFO(spec << " cell " << c.name << "\n" << flows.board_text());
      if (c.tile.empty()) {
        CHECK(middle.find(c.name) != std::string::npos);
        continue;
      }
      ++tiles;
      CHECK(middle.find(c.tile + ":" + std::to_string(c.rotation)) != std::string::npos);
      for (const PictureCell::Link& l : c.links) {
        const char a = lines[top + line_of[l.a]][left + column_of[l.a]];
        const char b = lines[top + line_of[l.b]][left + column_of[l.b]];
        CHECK(a == b);
        CHECK(a != '.');
        if (l.seat) CHECK(a == '0' + l.seat);
        seat_paths += l.seat > 0;
      }
    }
    CHECK(tiles >= 5);
    CHECK(seat_paths > 0);
    CHECK(state->render().find(flows.board_text()) != std::string::npos);
  }
}

}  // namespace flows_render_test
