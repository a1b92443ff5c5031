// What a league keeps of a game in play (store/league_store.h's claims): enough to play the
// very same game again on any machine (bots by name, seats, seed, game id, opening), so
// a game whose worker died is played again by another worker as it was meant to be played.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arena {

struct LeagueJob {
  std::string table;               // "B.T": batch B's table T; the games of one table share it
  std::vector<std::string> seats;  // the bots' names, seat 1..N
  std::string spec;                // the game spec
  std::uint64_t seed = 0;
  std::string game_id;               // "B.T.G", unique in the league: its record's Round tag
  std::vector<std::string> opening;  // moves the referee plays first
};

// The claim's text (JSON) and back; decoding text that is not a job is a UserError naming `where`.
std::string encode_job(const LeagueJob& job);
LeagueJob decode_job(const std::string& text, const std::string& where);

// Who this run is, in every claim it holds: "host:pid:random" (unique across machines and
// across a pid reused).
std::string this_worker();
// The folder under DIR/logs/ of a worker of a shared store: "host-pid-random", plain
// characters only (referee/log_file_name.h), so workers sharing one DIR/logs/ (several on one
// machine, or a shared file system) never write to one file.
std::string worker_log_folder(const std::string& worker);

}  // namespace arena
