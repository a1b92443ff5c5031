#include "league/league_summary.h"

#include <charconv>
#include <optional>
#include <string_view>

#include "engine/core/user_error.h"
#include "records/pgn.h"

namespace arena {

namespace {

// Keys are fields joined by tabs (a bot's name holds no control character: process/bot_name.h),
// the outcome's three lists by newlines. The first field says what the tally is.
std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(sep, at);
    out.push_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return out;
    at = end + 1;
  }
}

template <typename T>
std::string joined(const std::vector<T>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += '\t';
    if constexpr (std::is_same_v<T, std::string>)
      out += items[i];
    else
      out += std::to_string(items[i]);
  }
  return out;
}

int number(std::string_view text) {
  int v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

std::vector<int> numbers(std::string_view text) {
  std::vector<int> out;
  if (text.empty()) return out;
  for (std::string_view f : split(text, '\t')) out.push_back(number(f));
  return out;
}

std::string outcome_key(const RatedGame& g) {
  return "o\t" + joined(g.players) + "\n" + joined(g.ranks) + "\n" + joined(g.teams);
}

// The game of an outcome's key, or of a version's ("v", version, parent, pairing, game_id,
// the version's seat; sum: the version's half points).
std::optional<RatedGame> outcome_of(std::string_view key) {
  const std::vector<std::string_view> lines = split(key.substr(2), '\n');
  if (lines.size() != 3) return std::nullopt;
  RatedGame g;
  for (std::string_view p : split(lines[0], '\t')) g.players.emplace_back(p);
  g.ranks = numbers(lines[1]);
  g.teams = numbers(lines[2]);
  return g;
}

RatedGame version_game(const std::vector<std::string_view>& f, double halves) {
  RatedGame g;
  const int seat = number(f[5]);
  g.players = {std::string(seat == 0 ? f[1] : f[2]), std::string(seat == 0 ? f[2] : f[1])};
  const int mine = halves > 1.5 ? 1 : halves > 0.5 ? 1 : 2, theirs = halves > 1.5 ? 2 : 1;
  g.ranks = seat == 0 ? std::vector<int>{mine, theirs} : std::vector<int>{theirs, mine};
  g.pairing = std::string(f[3]);
  return g;
}

// The version-against-parent tallies of a two-seat game between a bot and its parent.
void add_version_tallies(const RatedGame& g, const std::string& game_id, const std::vector<LeagueBot>& bots,
                         std::vector<LeagueTally>& out) {
  if (g.players.size() != 2 || !g.teams.empty()) return;
  for (int seat = 0; seat < 2; ++seat)
    for (const LeagueBot& b : bots)
      if (b.name == g.players[seat] && !b.parent.empty() && b.parent == g.players[1 - seat]) {
        const int halves = g.ranks[seat] < g.ranks[1 - seat] ? 2 : g.ranks[seat] == g.ranks[1 - seat] ? 1 : 0;
        out.push_back({"v\t" + b.name + "\t" + b.parent + "\t" + g.pairing + "\t" + game_id + "\t" +
                           std::to_string(seat),
                       1, static_cast<double>(halves), 0});
      }
}

}  // namespace

std::vector<LeagueTally> game_tallies(const GameRecord& record, const std::vector<LeagueBot>& bots) {
  std::vector<LeagueTally> out;
  const std::optional<RatedGame> rated = rated_game_of(record);
  if (rated) {
    out.push_back({outcome_key(*rated), 1, 0, 0});
    add_version_tallies(*rated, record.round, bots, out);
  } else {
    out.push_back({"u\t" + std::string(termination_name(record.termination)), 1, 0, 0});
  }
  std::map<std::string, BotFigures> figures;
  add_bot_figures(record, figures);
  for (const auto& [bot, f] : figures) {
    for (const auto& [reason, n] : f.faults) out.push_back({"f\t" + bot + "\t" + reason, n, 0, 0});
    if (f.times.moves() > 0)
      out.push_back({"t\t" + bot, f.times.moves(), static_cast<double>(f.times.total_micros()),
                     static_cast<double>(f.times.worst_micros())});
    for (const auto& [bucket, n] : f.times.buckets())
      out.push_back({"b\t" + bot + "\t" + std::to_string(bucket), n, 0, 0});
    for (const auto& [key, figure] : f.data)
      out.push_back({"d\t" + bot + "\t" + key, figure.count, figure.sum, 0});
  }
  return out;
}

void ensure_tallied(LeagueStore& store, const std::string& dir) {
  if (store.tally_version() == kLeagueTallyVersion) return;
  const std::vector<LeagueBot> bots = store.bots();
  store.retally(kLeagueTallyVersion, [&](const LeagueGame& g) {
    std::vector<PgnError> errors;
    const std::vector<GameRecord> one = parse_pgn(g.pgn, errors);
    if (!errors.empty() || one.size() != 1)
      throw UserError(dir + ": game " + std::to_string(g.id) + " of the league's store cannot be read" +
                      (errors.empty() ? "" : ": " + errors[0].message));
    return game_tallies(one[0], bots);
  });
}

void LeagueSummary::add(const LeagueTally& t) {
  if (t.key.size() < 2 || t.key[1] != '\t' || t.count <= 0) return;  // a key of another Arena: not ours
  if (t.key[0] == 'o') {
    const auto [at, fresh] = outcome_at_.try_emplace(t.key, outcomes_.size());
    if (fresh) {
      std::optional<RatedGame> g = outcome_of(t.key);
      if (!g) {
        outcome_at_.erase(at);
        return;
      }
      g->weight = 0;
      outcomes_.push_back(std::move(*g));
    }
    outcomes_[at->second].weight += static_cast<long>(t.count);
    games_ += static_cast<long>(t.count);
    return;
  }
  if (t.key[0] == 'u') {
    unrated_ += static_cast<long>(t.count);
    return;
  }
  const std::vector<std::string_view> f = split(t.key, '\t');
  BotFigures& bot = figures_[std::string(f.size() > 1 ? f[1] : "")];
  if (t.key[0] == 'f' && f.size() == 3) {
    bot.faults[std::string(f[2])] += static_cast<int>(t.count);
  } else if (t.key[0] == 't' && f.size() == 2) {
    bot.times.add_totals(static_cast<std::int64_t>(t.sum), static_cast<std::int64_t>(t.top));
  } else if (t.key[0] == 'b' && f.size() == 3) {
    bot.times.add_bucket(number(f[2]), t.count);
  } else if (t.key[0] == 'd' && f.size() == 3) {
    BotFigures::Figure& figure = bot.data[std::string(f[2])];
    figure.sum += t.sum;
    figure.count += static_cast<long>(t.count);
  } else if (t.key[0] == 'v' && f.size() == 6) {
    for (std::int64_t k = 0; k < t.count; ++k)
      version_games_.push_back(version_game(f, t.sum / static_cast<double>(t.count)));
  }
}

}  // namespace arena
