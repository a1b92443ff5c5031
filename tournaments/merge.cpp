#include "tournaments/merge.h"

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/registry.h"
#include "tournaments/fault_games.h"
#include "tournaments/journal.h"
#include "tournaments/reports.h"
#include "tournaments/shard_folder.h"
#include "tournaments/standings.h"
#include "tournaments/tournament.h"

namespace arena {

namespace fs = std::filesystem;

namespace {

// What one shard folder holds, read without touching it (it may still be running).
struct ShardFolder {
  std::string dir;
  TournamentConfig config;
  ShardInfo info;
  std::vector<JournalEntry> entries;  // complete lines only
  std::string pgn;
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The journal's complete lines; a torn last line is a game still being committed.
std::vector<JournalEntry> read_journal(const std::string& dir) {
  const std::string text = slurp(fs::path(dir) / "journal.jsonl");
  std::vector<JournalEntry> out;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    try {
      out.push_back(parse_journal_line(text.substr(start, end - start)));
    } catch (const UserError& e) {  // the line's own error, placed in the file
      throw UserError(dir + "/journal.jsonl: line " + std::to_string(out.size() + 1) + ": " + e.what());
    }
    if (out.back().index != static_cast<int>(out.size()) - 1)
      throw UserError(dir + "/journal.jsonl: line " + std::to_string(out.size()) + " is game " +
                      std::to_string(out.back().index) + " of the shard, not " +
                      std::to_string(out.size() - 1));
  }
  return out;
}

ShardFolder read_folder(const std::string& dir, bool partial) {
  ShardFolder f;
  f.dir = dir;
  f.config = load_tournament_config(dir);
  const auto info = read_shard_file(dir);
  if (!info) throw UserError(dir + " is not a shard (no shard.json): was it played with --shard I/N?");
  f.info = *info;
  if (f.info.fingerprint != config_fingerprint(f.config))
    throw UserError(dir + "/tournament.json was changed after the shard started (its fingerprint is not " +
                    f.info.fingerprint + ")");
  f.entries = read_journal(dir);  // before the records: every line read names records already written
  f.pgn = slurp(fs::path(dir) / "games.pgn");
  while (!f.entries.empty() && f.entries.back().pgn_end > f.pgn.size()) {
    if (!partial)
      throw UserError(dir + "/games.pgn has " + std::to_string(f.pgn.size()) +
                      " bytes but its journal says " + std::to_string(f.entries.back().pgn_end) +
                      ": records were lost");
    f.entries.pop_back();
  }
  return f;
}

// The top-level keys whose values differ between two configurations' fingerprinted text.
std::string differing_keys(const TournamentConfig& a, const TournamentConfig& b) {
  auto object = [](TournamentConfig c) {
    c.out.clear();
    c.started_in.clear();
    c.concurrency = 1;
    return boost::json::parse(config_to_json(c)).as_object();
  };
  const auto x = object(a), y = object(b);
  std::string keys;
  for (const auto& kv : x)
    if (!y.contains(kv.key()) || y.at(kv.key()) != kv.value())
      keys += (keys.empty() ? "" : ", ") + std::string(kv.key());
  return keys;
}

void check_same_configuration(const std::vector<ShardFolder>& folders) {
  for (const ShardFolder& f : folders)
    if (f.info.fingerprint != folders.front().info.fingerprint)
      throw UserError(
          f.dir + " and " + folders.front().dir + " are shards of different configurations (fingerprints " +
          f.info.fingerprint.substr(0, 12) + " and " + folders.front().info.fingerprint.substr(0, 12) +
          "; they differ in: " + differing_keys(f.config, folders.front().config) + ")");
}

std::string describe(const ScheduledGame& g, const TournamentConfig& c) {
  std::string s = "game " + std::to_string(g.index) + " (round " + g.round + ": ";
  for (std::size_t i = 0; i < g.seat_bots.size(); ++i) s += (i ? " vs " : "") + c.bots[g.seat_bots[i]].name;
  return s + ")";
}

// Each game of the schedule: which folder holds it (-1: none) and its entry and record.
struct Placement {
  std::vector<int> owner;
  std::vector<JournalEntry> entry;
  std::vector<std::string> record;
};

void place(const std::vector<ScheduledGame>& full, const std::vector<ShardFolder>& folders, Placement& p) {
  p.owner.assign(full.size(), -1);
  p.entry.resize(full.size());
  p.record.resize(full.size());
  const TournamentConfig& c = folders.front().config;
  for (std::size_t f = 0; f < folders.size(); ++f) {
    const ShardFolder& folder = folders[f];
    const auto games = shard_games(full, folder.info.shard);
    if (folder.entries.size() > games.size())
      throw UserError(folder.dir + " holds " + std::to_string(folder.entries.size()) + " games but shard " +
                      shard_text(folder.info.shard) + " has " + std::to_string(games.size()));
    std::uint64_t begin = 0;
    for (std::size_t k = 0; k < folder.entries.size(); ++k) {
      const JournalEntry& e = folder.entries[k];
      const ScheduledGame& g = games[k];
      std::vector<std::string> players;
      for (int b : g.seat_bots) players.push_back(c.bots[b].name);
      if (e.round != g.round || e.seed != g.seed || e.players != players)
        throw UserError(folder.dir + ": journal line " + std::to_string(k + 1) + " is not " + describe(g, c) +
                        " of shard " + shard_text(folder.info.shard) + " (was the folder edited?)");
      if (p.owner[g.index] >= 0)
        throw UserError(describe(g, c) + " is in both " + folders[p.owner[g.index]].dir + " and " +
                        folder.dir + " (a shard given twice?)");
      p.owner[g.index] = static_cast<int>(f);
      p.entry[g.index] = e;
      p.entry[g.index].index = g.index;
      p.record[g.index] = folder.pgn.substr(begin, e.pgn_end - begin);
      begin = e.pgn_end;
    }
  }
}

// The set (pair or table of arrangements) a game belongs to, counted from 0.
int set_number(const std::vector<ScheduledGame>& full, int index) {
  int set = 0;
  for (int i = 1; i <= index; ++i)
    set += full[i].round.substr(0, full[i].round.rfind('.')) !=
           full[i - 1].round.substr(0, full[i - 1].round.rfind('.'));
  return set;
}

void check_complete(const std::vector<ScheduledGame>& full, const std::vector<ShardFolder>& folders,
                    const Placement& p) {
  int missing = 0, first = -1;
  for (std::size_t i = 0; i < full.size(); ++i)
    if (p.owner[i] < 0 && missing++ == 0) first = static_cast<int>(i);
  if (missing == 0) return;
  const int count = folders.front().info.shard.count;
  const Shard shard{set_number(full, first) % count, count};
  std::string where = "whose folder was not given";
  for (const ShardFolder& f : folders)
    if (f.info.shard == shard)
      where = "whose folder " + f.dir + " has played " + std::to_string(f.entries.size()) + " of its " +
              std::to_string(shard_games(full, shard).size()) + " games";
  throw UserError(describe(full[first], folders.front().config) + " is missing" +
                  (missing > 1 ? " (and " + std::to_string(missing - 1) + " more)" : "") +
                  ": it belongs to shard " + shard_text(shard) + ", " + where +
                  " (arena merge --partial merges what is there)");
}

// The merged folder: new, or the output of an earlier merge (partial merges are repeated
// while shards run), never a shard or another tournament.
void prepare_out(const std::string& out, const std::vector<ShardFolder>& folders) {
  if (out.empty()) throw UserError("--out: name the folder the merged tournament goes to");
  for (const ShardFolder& f : folders)
    if (fs::exists(out) && fs::equivalent(out, f.dir))
      throw UserError("--out " + out + " is one of the shards; choose another folder");
  const fs::path d(out);
  if (fs::exists(d / "tournament.json") && !fs::exists(d / "merge.json"))
    throw UserError(out + " already holds a tournament that is not a merge; choose another --out");
  fs::create_directories(d);
  // What an earlier merge wrote: a file it would not write now must not survive.
  for (const char* name :
       {"tournament.json", "merge.json", "games.pgn", "journal.jsonl", "ratings.txt", "ratings.csv",
        "ratings.json", "crosstable.txt", "crosstable.csv", "faults.txt", "faults.csv", "report.html"})
    fs::remove(d / name);
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw UserError("cannot write " + path.string());
}

// games.pgn and journal.jsonl in schedule order, as one run would have written them.
std::vector<JournalEntry> write_games(const fs::path& out, Placement& p) {
  std::string pgn, journal;
  std::vector<JournalEntry> entries;
  for (std::size_t i = 0; i < p.owner.size(); ++i) {
    if (p.owner[i] < 0) continue;
    pgn += p.record[i];
    p.entry[i].pgn_end = pgn.size();
    journal += journal_line(p.entry[i]);
    entries.push_back(p.entry[i]);
  }
  write_text(out / "games.pgn", pgn);
  write_text(out / "journal.jsonl", journal);
  return entries;
}

void write_merge_file(const fs::path& out, const MergeRequest& r, const ShardFolder& first, int merged,
                      int total) {
  boost::json::array dirs;
  for (const auto& d : r.dirs) dirs.emplace_back(fs::absolute(d).lexically_normal().string());
  boost::json::object o{{"fingerprint", first.info.fingerprint},
                        {"shards", std::move(dirs)},
                        {"games", merged},
                        {"of", total},
                        {"partial", r.partial && merged < total}};
  write_text(out / "merge.json", boost::json::serialize(o) + "\n");
}

}  // namespace

MergeResult merge_shards(const MergeRequest& r) {
  if (r.dirs.empty()) throw UserError("name the shard folders to merge");
  std::vector<ShardFolder> folders;
  for (const auto& dir : r.dirs) folders.push_back(read_folder(dir, r.partial));
  check_same_configuration(folders);
  const TournamentConfig& c = folders.front().config;
  const std::vector<ScheduledGame> full = fixed_schedule(c);
  Placement placement;
  place(full, folders, placement);
  if (!r.partial) check_complete(full, folders, placement);
  prepare_out(r.out, folders);
  const fs::path out(r.out);
  const std::vector<JournalEntry> entries = write_games(out, placement);
  const int merged = static_cast<int>(entries.size()), total = static_cast<int>(full.size());
  // A complete merge is a finished tournament folder (arena report, --resume read it); a
  // partial one has gaps, so it holds no tournament.json to continue from.
  if (merged == total) {
    TournamentConfig merged_config = c;
    merged_config.out = fs::absolute(out).lexically_normal().string();
    write_text(out / "tournament.json", config_to_json(merged_config));
  }
  write_merge_file(out, r, folders.front(), merged, total);
  std::vector<std::string> names;
  for (const auto& b : c.bots) names.push_back(b.name);
  JournalIndex journal;
  for (const auto& e : entries) journal.add(e);
  Standings standings(names);
  for (std::size_t i = 0; i < journal.size(); ++i) standings.add(journal, i);
  MergeResult result{merged, total, "", c.game};
  result.tables =
      write_reports(r.out, *make_game(c.game), names, journal, standings, {}, bot_command_lines(c));
  return result;
}

}  // namespace arena
