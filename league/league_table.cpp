// `arena league table`: the ratings of every game (on the ladder's scale in a ladder league),
// each bot's faults and time per move, and the versions against their parents.
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "league/ladder.h"
#include "league/league.h"
#include "league/league_summary.h"
#include "league/versions.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/bot_figures.h"
#include "records/json_text.h"
#include "store/league_store.h"
#include "tournaments/config.h"

namespace arena {

namespace {

struct Standing {
  std::vector<LeagueBot> bots;
  RatingTable table;
  std::map<std::string, BotFigures> columns;
  SprtParams sprt;
  std::vector<VersionTest> versions;
  std::size_t games = 0;    // rated
  std::size_t unrated = 0;  // kept, not rated: a bot never started
  std::string dir;
};

Standing standing_of(const std::string& dir) {
  auto store = open_league_store(dir);
  ensure_tallied(*store, dir);
  Standing s;
  s.dir = dir;
  s.bots = store->bots();
  // The league's sums, not its records (league/league_summary.h): a million games cost what
  // their distinct outcomes cost.
  LeagueSummary summary;
  std::int64_t last_game = 0;
  summary.add(store->tallies(last_game));
  s.games = static_cast<std::size_t>(summary.games());
  s.unrated = static_cast<std::size_t>(summary.unrated());
  s.table = compute_ratings(summary.outcomes());
  s.columns = summary.figures();
  const RunSettings settings =
      parse_config(store->settings_json(), store->name() + " settings", RunCommand::kLeagueNew);
  if (settings.ladder) {
    const PublishedLadder& ladder = ladder_for(settings.game);
    calibrate(s.table, ladder_references(ladder),
              "the " + std::string(ladder.spec) + " ladder (docs/league.md)");
  }
  s.sprt = settings.sprt.empty() ? SprtParams{} : parse_sprt(settings.sprt, "sprt");
  s.versions = version_tests(s.bots, summary.version_games(), s.sprt);
  return s;
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::string ms(double micros) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", micros / 1000);
  return buf;
}

// One line per bot: status, faults, time per move, note.
std::string bots_text(const Standing& s) {
  std::size_t w = 4;
  for (const LeagueBot& b : s.bots) w = std::max(w, b.name.size());
  char line[256];
  std::snprintf(line, sizeof line, "\nbots (time per move in ms):\n  %-*s  %7s  %7s  %7s  %s\n",
                static_cast<int>(w), "Name", "mean", "p99", "worst", "faults, status, note");
  std::string out = line;
  for (const LeagueBot& b : s.bots) {
    const auto it = s.columns.find(b.name);
    const BotFigures none;
    const BotFigures& c = it == s.columns.end() ? none : it->second;
    std::string rest = c.faults.empty() ? "" : faults_text(c.faults);
    const std::string suspended = b.suspended.empty() ? ""
                                                      : "suspended: " + b.suspended +
                                                            " (once it starts: arena league resume " + s.dir +
                                                            " " + b.name + ")";
    for (const std::string& part : {std::string(b.retired ? "retired" : ""), suspended,
                                    b.parent.empty() ? "" : "version of " + b.parent, b.note})
      if (!part.empty()) rest.append(rest.empty() ? "" : "; ").append(part);
    if (rest.empty()) rest.push_back('-');
    std::snprintf(line, sizeof line, "  %-*s  %7s  %7s  %7s  ", static_cast<int>(w), b.name.c_str(),
                  ms(c.times.mean_micros()).c_str(),
                  ms(static_cast<double>(c.times.percentile_micros(0.99))).c_str(),
                  ms(static_cast<double>(c.times.worst_micros())).c_str());
    out += line + rest + "\n";
  }
  return out;
}

// Every KEY of `info data KEY VALUE` any bot reported, sorted.
std::vector<std::string> data_keys(const Standing& s) {
  std::set<std::string> keys;
  for (const auto& [bot, c] : s.columns)
    for (const auto& [key, figure] : c.data) keys.insert(key);
  return {keys.begin(), keys.end()};
}

// A figure's mean as the tables print it: "-" for a bot that never reported it.
std::string figure_text(const BotFigures& c, const std::string& key) {
  const auto it = c.data.find(key);
  if (it == c.data.end()) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", it->second.mean());
  return buf;
}

// One column per KEY the bots reported with `info data KEY VALUE`: its mean per bot.
std::string data_text(const Standing& s) {
  const std::vector<std::string> keys = data_keys(s);
  if (keys.empty()) return "";
  std::size_t w = 4;
  for (const LeagueBot& b : s.bots) w = std::max(w, b.name.size());
  std::string out =
      "\nbot figures (info data KEY VALUE, mean of the values reported):\n  " + pad(std::string("Name"), w);
  for (const std::string& k : keys) out += "  " + pad(k, std::max<std::size_t>(k.size(), 10));
  out += "\n";
  for (const LeagueBot& b : s.bots) {
    const auto it = s.columns.find(b.name);
    if (it == s.columns.end()) continue;
    out += "  " + pad(b.name, w);
    for (const std::string& k : keys)
      out += "  " + pad(figure_text(it->second, k), std::max<std::size_t>(k.size(), 10));
    out += "\n";
  }
  return out;
}

boost::json::object columns_json(const BotFigures& c) {
  boost::json::object faults, data;
  for (const auto& [reason, n] : c.faults) faults[reason] = n;
  for (const auto& [key, figure] : c.data) data[key] = figure.mean();
  return {{"faults", std::move(faults)},
          {"data", std::move(data)},
          {"moves", c.times.moves()},
          {"mean_ms", c.times.mean_micros() / 1000},
          {"p99_ms", static_cast<double>(c.times.percentile_micros(0.99)) / 1000},
          {"worst_ms", static_cast<double>(c.times.worst_micros()) / 1000}};
}

std::string table_json(const Standing& s) {
  boost::json::object out;
  out["ratings"] = ratings_to_json(s.table);
  boost::json::array list;
  for (const LeagueBot& b : s.bots) {
    const auto it = s.columns.find(b.name);
    boost::json::object o{{"name", b.name},
                          {"parent", b.parent},
                          {"note", b.note},
                          {"retired", b.retired},
                          {"suspended", b.suspended}};
    for (auto& [k, v] : columns_json(it == s.columns.end() ? BotFigures{} : it->second)) o[k] = v;
    list.emplace_back(std::move(o));
  }
  out["bots"] = std::move(list);
  out["versions"] = versions_json(s.versions, s.sprt);
  out["games"] = s.games;
  out["unrated_games"] = s.unrated;
  return json_text(out) + "\n";
}

// The ratings' CSV with each bot's faults and times appended to its row.
std::string table_csv(const Standing& s) {
  const std::string ratings = render_ratings_csv(s.table);
  const std::vector<std::string> keys = data_keys(s);
  std::string out;
  std::size_t row = 0, at = 0;
  while (at < ratings.size()) {
    const std::size_t end = ratings.find('\n', at);
    out += ratings.substr(at, end - at);
    if (row == 0) {
      out += ",faults,mean_ms,p99_ms,worst_ms";
      for (const std::string& k : keys) out += ",data:" + k;
    } else if (row - 1 < s.table.bots.size()) {
      const auto it = s.columns.find(s.table.bots[row - 1].name);
      const BotFigures none;
      const BotFigures& c = it == s.columns.end() ? none : it->second;
      std::string faults = faults_text(c.faults);
      for (char& ch : faults)
        if (ch == ',') ch = ';';
      // Appended piece by piece (GCC 12 at -O3 misreads `"," + std::string` as overlapping).
      out.append(",").append(faults).append(",").append(ms(c.times.mean_micros()));
      out.append(",").append(ms(static_cast<double>(c.times.percentile_micros(0.99))));
      out.append(",").append(ms(static_cast<double>(c.times.worst_micros())));
      for (const std::string& k : keys) out.append(",").append(figure_text(c, k));
    }
    out += "\n";
    ++row;
    at = end == std::string::npos ? ratings.size() : end + 1;
  }
  return out;
}

}  // namespace

std::string league_table(const std::string& dir, LeagueTableFormat format) {
  const Standing s = standing_of(dir);
  switch (format) {
    case LeagueTableFormat::kCsv:
      return table_csv(s);
    case LeagueTableFormat::kJson:
      return table_json(s);
    default:
      std::string text = "league " + dir + ": " + std::to_string(s.games) + " games" +
                         (s.unrated ? " rated; " + std::to_string(s.unrated) +
                                          " more kept but not rated (a bot never started: docs/league.md)"
                                    : "") +
                         "\n" + render_ratings_text(s.table) + bots_text(s) + data_text(s);
      if (!s.versions.empty()) text += "\nversions against their parents:\n";
      for (const VersionTest& v : s.versions) text += "  " + version_line(v, s.sprt) + "\n";
      return text;
  }
}

}  // namespace arena
