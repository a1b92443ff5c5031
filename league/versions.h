// A bot added with --parent is a new version of it (docs/league.md, "Versions"): the two
// play each other in paired games (one seed, seats swapped) until an SPRT on their games
// decides, as fishtest and OpenBench do for engine patches; the table shows the version's Elo
// difference to its parent with its 95% interval and the test's state. Two-seat games only:
// in a game of more seats the head to head of two bots is not a match.
#pragma once

#include <boost/json/array.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ratings/head_to_head.h"
#include "store/league_store.h"

namespace arena {

struct VersionTest {
  std::string version, parent;
  std::optional<HeadToHead> h2h;  // their games, the version first; none before the first
  bool decided() const { return h2h && h2h->sprt && h2h->sprt->decision != SprtDecision::kContinue; }
};

// Every version whose parent is in the league, with its games against the parent so far.
std::vector<VersionTest> version_tests(const std::vector<LeagueBot>& bots,
                                       const std::vector<RatedGame>& games, const SprtParams& params);

// "v2 vs v1: 14 games, Elo +35.2 ± 20.1; SPRT LLR 2.95 (-2.94, 2.94) [0, 10]: H1 accepted"
std::string version_line(const VersionTest& t, const SprtParams& params);
boost::json::array versions_json(const std::vector<VersionTest>& tests, const SprtParams& params);

}  // namespace arena
