// The live files read back by their own module's reader (tournaments/live_games.h): what the
// writer wrote is what `arena serve` reads, and the held lists fail closed.
#include "tournaments/live_games.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "engine/core/registry.h"
#include "tests/shell_run.h"

namespace arena {
namespace live_games_test {

namespace fs = std::filesystem;

// Plays `plies` first legal moves of clump through `live` as game job 0.
std::vector<std::string> play(LiveGames& live, int plies) {
  auto game = make_game("clump");
  auto state = game->new_initial_state();
  std::vector<std::int64_t> clocks;
  std::vector<std::string> texts;
  const std::string none;
  live.action(0, WatchedAction{*state, 0, none, clocks});  // the start: the file opens
  for (int i = 0; i < plies; ++i) {
    const int actor = state->current_player();
    const Move move = state->legal_moves().front();
    texts.push_back(state->move_to_string(move));
    state->apply(move);
    live.action(0, WatchedAction{*state, actor, texts.back(), clocks});
  }
  return texts;
}

TEST_CASE("live games: the reader reads back what the writer wrote, while its owner lives", "[serve]") {
  shelltest::TempFolder dir("arena-live-games", "read");
  fs::create_directories(dir.path);
  {
    LiveGames live(dir.str(), {LiveGames::Game{"game-3", 3, "clump", {"a", "b"}, "R1", 7}});
    const std::vector<std::string> texts = play(live, 4);
    const auto files = LiveGames::files_in_play(dir.str());
    REQUIRE(files.size() == 1);
    CHECK(files[0].first == "game-3");
    std::ifstream in(files[0].second, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::optional<LiveGames::File> file = LiveGames::parse_file("game-3", text);
    REQUIRE(file);
    CHECK(file->number == 3);
    CHECK(file->pid == ::getpid());
    CHECK(file->spec == "clump");
    CHECK(file->players == std::vector<std::string>{"a", "b"});
    REQUIRE(file->actions.size() == texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
      CHECK(file->actions[i].text == texts[i]);
      CHECK(file->actions[i].actor == static_cast<int>(i % 2 + 1));
    }
    // A torn last line (being written) is left out; a header not complete yet is no file.
    CHECK(LiveGames::parse_file("game-3", text + "1 c")->actions.size() == texts.size());
    CHECK_FALSE(LiveGames::parse_file("game-3", text.substr(0, text.find("actions"))));
    CHECK_FALSE(LiveGames::parse_file("game-3", "something else\n"));
  }
  // Its owner gone, the game is no longer in play (and its folder went with it).
  CHECK(LiveGames::files_in_play(dir.str()).empty());
}

TEST_CASE("live games: the held lists are joined, and fail closed when one cannot be read", "[serve]") {
  shelltest::TempFolder dir("arena-live-games", "held");
  fs::create_directories(dir.path);
  bool seen = false;
  std::string why;
  // No run yet: nothing is held.
  CHECK(LiveGames::read_held_lists(dir.str(), seen, why) == std::string());
  // Two deals replayed (seat rotation): R1 played, R2 to come on the same seed.
  LiveGames live(dir.str(), {LiveGames::Game{"game-1", 1, "clump", {"a", "b"}, "R1", 7},
                             LiveGames::Game{"game-2", 2, "clump", {"b", "a"}, "R2", 7}});
  play(live, 1);
  live.finished(0);
  CHECK(LiveGames::read_held_lists(dir.str(), seen, why) == "R1\n");
  CHECK(seen);
  SECTION("a list cut short holds every game back") {
    const fs::path other = fs::path(LiveGames::folder(dir.str())) / "other-owner";
    fs::create_directories(other);
    std::ofstream(LiveGames::held_file(other.string())) << "R9";
    CHECK_FALSE(LiveGames::read_held_lists(dir.str(), seen, why));
    CHECK(why.find("cut short") != std::string::npos);
  }
  SECTION("the live folder gone once seen holds every game back") {
    fs::remove_all(LiveGames::folder(dir.str()));
    CHECK_FALSE(LiveGames::read_held_lists(dir.str(), seen, why));
    CHECK(why.find("cannot read") != std::string::npos);
  }
}

}  // namespace live_games_test
}  // namespace arena
