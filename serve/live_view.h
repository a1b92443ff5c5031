// One game in play as a spectator may see it: a live file (tournaments/live_games.h) read and
// replayed through the engine, every action as State::spectator_action_view gives it and every
// position as State::spectator_picture draws it, in the report's replay form (report/replay.h,
// one view) so the page's viewer shows it unchanged. Nothing hidden from every seat leaves
// here: no hidden card, no draw, no seed (a live file holds none), no bot's line.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

namespace arena::serve {

struct LiveGame {
  std::string name;  // the file's name without ".live": the game's id on the page
  int number = 0;    // its number in the folder's records once finished (0: not known)
  long pid = 0;      // the process playing it
  std::string spec;
  std::vector<std::string> players;
  std::vector<std::pair<int, std::string>> actions;  // actor, recorded text (hidden ones too)
};

// The live file's text; nullopt when it is not one (or its header is not complete yet). A
// torn last line (being written) is left out.
std::optional<LiveGame> parse_live_file(const std::string& name, const std::string& text);

// {"a": [[actor, spectator's view, -1]...], "f": [[picture, patch...]]}: the replay of the
// game so far, shown to a spectator. Stops (with "x": why) at an action the engine refuses.
boost::json::object spectator_replay(const LiveGame& game);

}  // namespace arena::serve
