// What `arena serve` answers to a request target, apart from the network (http_server.h):
//   /                      the live page (the report's page and viewer, with report/page/live.js)
//   /events                the Server-Sent Events stream of state changes (http_server.cpp)
//   /api/state             {"games": finished, "live": [games in play]}
//   /api/data              the report's data of the finished games (results, game list)
//   /api/replay/N          finished game N's replay
//   /api/live/ID           game in play ID as a spectator sees it (serve/live_view.h)
//   /files/NAME            one of the folder's result files (kServedFiles), nothing else;
//                          games.pgn: the finished games the page shows (FolderWatch::shown_pgn),
//                          503 while their records cannot be read
// Every other target is 404; a target that tries to leave the folder ("..", its percent-encoded
// forms, a backslash, a NUL, an absolute form, a symlink, a hard link) is 403.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "serve/folder_watch.h"

namespace arena::serve {

struct Reply {
  unsigned status = 200;
  std::string type = "application/json";
  std::string body;
};

// The files of a tournament's folder that /files/ serves: results of finished games only
// (tournament.json, holding the seed of every game, the journal, logs/ and live/ are never
// served).
inline constexpr std::string_view kServedFiles[] = {
    "report.html",    "ratings.txt",   "ratings.csv", "ratings.json", "crosstable.txt",
    "crosstable.csv", "standings.txt", "swiss.txt",   "bracket.txt",  "sprt.txt",
    "faults.txt",     "faults.csv",    "games.pgn"};

// The path of a request target, percent-decoded; nullopt when it is unsafe (403).
std::optional<std::string> decoded_path(std::string_view target);

// The reply to a GET of `target`; nullopt for /events (the caller streams it).
std::optional<Reply> route(FolderWatch& folder, std::string_view target);

// The live page, its data inline as the report's is.
std::string live_page(FolderWatch& folder);

}  // namespace arena::serve
