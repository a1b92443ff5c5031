// Everything the report page shows, as one JSON object built from records: the list of games
// (players, results, termination, length), the ratings table and head-to-head statistics
// (computed by ratings/), and the replays of the chosen games (report/replay.h). The page
// derives the crosstable, faults, seat shares and length histogram from the game list.
#pragma once

#include <boost/json/object.hpp>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "records/record.h"

namespace arena::report {

// The lines the referee sent one seat for each of its decisions in a game: (ply, the lines
// since its previous decision up to and with its "go", each ending in "\n"). Index 0 is seat 1.
using SeatDecisionLines = std::vector<std::pair<int, std::string>>;
using ProtocolLines = std::function<std::vector<SeatDecisionLines>(const GameRecord&)>;

struct ReportOptions {
  std::string title = "Arena report";
  // 1-based numbers of the games whose replays are embedded; empty: games in order until
  // their packed replays (report/replay_pack.h) reach `replay_budget` bytes (docs/report.md, "Size").
  std::vector<int> games;
  std::size_t replay_budget = std::size_t{16} << 20;
  // A knockout's bracket (its folder's bracket.txt): the page shows it in place of the
  // crosstable, which says little about a field that mostly never met.
  std::string bracket;
  // Regenerates what each seat was sent (the CLI passes the referee's transcript: report/ knows
  // no referee); unset: the page shows no protocol lines. Embedded with each replay ("q").
  ProtocolLines protocol_lines;
  // Embed a game's record where the page's engine can replay it (report/embedded_replay.h);
  // false: every replay as its pictures, for a browser without WebAssembly (`--frames`).
  bool records_in_page = true;
  // The file that holds the records, for the repro command of each fault ("rp"); "" when the
  // report mixes files (the command then says FILE.pgn). write_report() fills it in.
  std::string records_file;
  // The same file as seen from the report's folder ("games.pgn" beside it), for the repro
  // command of every decision ("rf"): the page makes it whole from its own address, so the report
  // of a folder does not depend on where the folder is. write_report() fills it in.
  std::string records_file_from_report;
  // A league's summary (cli/league_page.h: what `arena league table` shows), drawn by the page's
  // league.js under "League"; empty for a tournament's or a match's report.
  boost::json::object league;
};

boost::json::object report_data(const std::vector<GameRecord>& records, const ReportOptions& options);

}  // namespace arena::report
