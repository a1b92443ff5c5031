#include "league/league.h"

#include <filesystem>

#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "league/league_games.h"
#include "league/versions.h"
#include "process/bot_name.h"
#include "process/command_line.h"
#include "ratings/rating_table.h"
#include "ratings/ratings.h"
#include "records/json_text.h"
#include "store/league_store.h"
#include "tournaments/config.h"
#include "tournaments/runner_setup.h"

namespace arena {

void new_league(const RunSettings& given) {
  RunSettings s = given;
  s.game = make_game(s.game)->spec();         // a bad spec is refused before the folder is made
  runner_options(s, RunCommand::kLeagueNew);  // so are the clock, sandbox and binds
  create_league_store(s.out, config_to_json(s, RunCommand::kLeagueNew), s.db);
}

void add_league_bot(const std::string& dir, const std::string& name_and_command, const std::string& parent,
                    const std::string& note) {
  const NamedCommand nc = parse_named_command(name_and_command);
  auto store = open_league_store(dir);
  if (!parent.empty()) {
    bool known = false;
    for (const LeagueBot& b : store->bots()) known = known || b.name == parent;
    if (!known) throw UserError("--parent: the league has no bot named '" + parent + "'");
  }
  store->add_bot({nc.name, nc.command, std::filesystem::current_path().string(), parent, note, false});
}

void retire_league_bot(const std::string& dir, const std::string& name) {
  open_league_store(dir)->retire_bot(name);
}

std::string league_pgn(const std::string& dir) {
  std::string out;
  for (const LeagueGame& g : open_league_store(dir)->games()) out += g.pgn;
  return out;
}

namespace {

// "status" column: who still plays.
std::string bots_text(const std::vector<LeagueBot>& bots) {
  std::string out = "\nbots:\n";
  for (const LeagueBot& b : bots) {
    out += "  " + b.name + (b.retired ? " (retired)" : "") +
           (b.parent.empty() ? "" : ", version of " + b.parent) + (b.note.empty() ? "" : ": " + b.note) +
           "\n";
  }
  return out;
}

}  // namespace

std::string league_table(const std::string& dir, LeagueTableFormat format) {
  auto store = open_league_store(dir);
  const std::vector<LeagueBot> bots = store->bots();
  const std::vector<RatedGame> games = rated_league_games(*store, dir);
  const RatingTable table = compute_ratings(games);
  const RunSettings settings =
      parse_config(store->settings_json(), store->name() + " settings", RunCommand::kLeagueNew);
  const SprtParams sprt = settings.sprt.empty() ? SprtParams{} : parse_sprt(settings.sprt, "sprt");
  const std::vector<VersionTest> versions = version_tests(bots, games, sprt);
  switch (format) {
    case LeagueTableFormat::kCsv:
      return render_ratings_csv(table);
    case LeagueTableFormat::kJson: {
      boost::json::object out;
      out["ratings"] = ratings_to_json(table);
      boost::json::array list;
      for (const LeagueBot& b : bots)
        list.emplace_back(boost::json::object{
            {"name", b.name}, {"parent", b.parent}, {"note", b.note}, {"retired", b.retired}});
      out["bots"] = std::move(list);
      out["versions"] = versions_json(versions, sprt);
      out["games"] = games.size();
      return json_text(out) + "\n";
    }
    default:
      std::string text = "league " + dir + ": " + std::to_string(games.size()) + " games\n" +
                         render_ratings_text(table) + bots_text(bots);
      if (!versions.empty()) text += "\nversions against their parents:\n";
      for (const VersionTest& v : versions) text += "  " + version_line(v, sprt) + "\n";
      return text;
  }
}

}  // namespace arena
