// The keys of the JSON the report page reads (docs/report.md, "The page's data keys"): the game
// list's entries, the replays, their pictures and patches. Short, because a report of 10,000
// games holds 10,000 game entries and every replay repeats its pictures' keys; each is spelled
// here once for the C++ writers (report/, serve/, the page's engine) and once in the page
// (`Page.KEYS`, report/page/page.js), which names every one the same way and which
// tests/check_page_scripts.py holds equal to this file.
#pragma once

namespace arena::report::page_key {

// A game's entry in the page's game list (report_data.h; serve/ adds record_number, and its
// games in play are entries of number, spec, players and length).
namespace game {
inline constexpr const char* kNumber = "n";
inline constexpr const char* kSpec = "g";
inline constexpr const char* kRound = "r";
inline constexpr const char* kPlayers = "p";
inline constexpr const char* kRanks = "k";
inline constexpr const char* kScores = "s";
inline constexpr const char* kTeams = "t";
inline constexpr const char* kTermination = "e";
inline constexpr const char* kFaultSeat = "f";
inline constexpr const char* kDetail = "d";
inline constexpr const char* kLength = "l";
inline constexpr const char* kOpeningPlies = "o";
inline constexpr const char* kRepro = "rp";
inline constexpr const char* kCpuPressure = "cp";
inline constexpr const char* kLatency = "lat";
inline constexpr const char* kRecordNumber = "rn";
}  // namespace game

// The page's data beside its games (report_data.h).
namespace data {
inline constexpr const char* kRecordsFile = "rf";
}  // namespace data

// A replay (replay.h, page_replay.h, bot_lines_json.h).
namespace replay {
inline constexpr const char* kActions = "a";
inline constexpr const char* kViews = "f";
inline constexpr const char* kSeen = "w";
inline constexpr const char* kStopped = "x";
inline constexpr const char* kProtocol = "q";
inline constexpr const char* kBotLines = "i";
inline constexpr const char* kBotLinesCut = "ic";
// In the protocol lines: a run of event lines written as actions k..k+n-1 (protocol_compact.h).
inline constexpr const char* kEvents = "e";
}  // namespace replay

// A picture (picture_json.h).
namespace picture {
inline constexpr const char* kSeat = "s";
inline constexpr const char* kPlayers = "n";
inline constexpr const char* kToMove = "m";
inline constexpr const char* kCaption = "c";
inline constexpr const char* kBoards = "b";
inline constexpr const char* kZones = "z";
inline constexpr const char* kValues = "v";
inline constexpr const char* kParts = "p";
inline constexpr const char* kHighlights = "h";
}  // namespace picture

// One board of a picture.
namespace board {
inline constexpr const char* kShape = "h";
inline constexpr const char* kWidth = "w";
inline constexpr const char* kHeight = "t";
inline constexpr const char* kEdges = "e";
inline constexpr const char* kCells = "k";
inline constexpr const char* kWalls = "r";
}  // namespace board

// A patch (json_patch.h).
namespace patch {
inline constexpr const char* kReplace = "=";
inline constexpr const char* kEdit = "@";
}  // namespace patch

}  // namespace arena::report::page_key
