#include "league/versions.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <cstdio>

namespace arena {

std::vector<VersionTest> version_tests(const std::vector<LeagueBot>& bots,
                                       const std::vector<RatedGame>& games, const SprtParams& params) {
  std::vector<VersionTest> tests;
  for (const LeagueBot& b : bots) {
    if (b.parent.empty()) continue;
    std::vector<const RatedGame*> between;
    for (const RatedGame& g : games)
      if (g.players.size() == 2 && ((g.players[0] == b.name && g.players[1] == b.parent) ||
                                    (g.players[0] == b.parent && g.players[1] == b.name)))
        between.push_back(&g);
    // The tally reads the match from the view of the bot in the first game's first seat: a
    // game with the version there goes first (its pair partner still pairs with it by key).
    const auto first = std::find_if(between.begin(), between.end(),
                                    [&](const RatedGame* g) { return g->players[0] == b.name; });
    if (first != between.end()) std::rotate(between.begin(), first, first + 1);
    HeadToHeadTally tally;
    for (const RatedGame* g : between) tally.add(*g);
    VersionTest t{b.name, b.parent, std::nullopt};
    if (first != between.end()) t.h2h = tally.summary(params);
    tests.push_back(std::move(t));
  }
  return tests;
}

namespace {

std::string elo_text(const HeadToHead& h) {
  const EloEstimate& e = h.paired ? *h.paired : h.trinomial;
  if (!std::isfinite(e.elo)) return e.elo > 0 ? "Elo +inf (every game won)" : "Elo -inf (every game lost)";
  char buf[96];
  if (std::isfinite(e.error))
    std::snprintf(buf, sizeof buf, "Elo %+.1f ± %.1f", e.elo, e.error);
  else
    std::snprintf(buf, sizeof buf, "Elo %+.1f (no interval yet)", e.elo);
  return buf;
}

std::string sprt_text(const SprtResult& s, const SprtParams& p) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "LLR %.2f (%.2f, %.2f) [%g, %g]: %s", s.llr, s.lower, s.upper, p.elo0,
                p.elo1, sprt_decision_text(s.decision));
  return buf;
}

}  // namespace

std::string version_line(const VersionTest& t, const SprtParams& params) {
  std::string line = t.version + " vs " + t.parent + ": ";
  if (!t.h2h) return line + "no games yet";
  const HeadToHead& h = *t.h2h;
  line += std::to_string(h.wins + h.draws + h.losses) + " games, " + elo_text(h);
  if (h.sprt) line += "; SPRT " + sprt_text(*h.sprt, params);
  return line;
}

boost::json::array versions_json(const std::vector<VersionTest>& tests, const SprtParams& params) {
  boost::json::array out;
  for (const VersionTest& t : tests) {
    boost::json::object o{{"version", t.version}, {"parent", t.parent}};
    if (t.h2h) {
      const HeadToHead& h = *t.h2h;
      const EloEstimate& e = h.paired ? *h.paired : h.trinomial;
      o["games"] = h.wins + h.draws + h.losses;
      // JSON has no infinity: null says "not finite" (every game won or lost; no interval yet).
      o["elo"] = std::isfinite(e.elo) ? boost::json::value(e.elo) : boost::json::value(nullptr);
      o["error"] = std::isfinite(e.error) ? boost::json::value(e.error) : boost::json::value(nullptr);
      if (h.sprt)
        o["sprt"] =
            boost::json::object{{"llr", h.sprt->llr},     {"lower", h.sprt->lower},
                                {"upper", h.sprt->upper}, {"elo0", params.elo0},
                                {"elo1", params.elo1},    {"decision", sprt_decision_text(h.sprt->decision)}};
    }
    out.emplace_back(std::move(o));
  }
  return out;
}

}  // namespace arena
