#include "league/table_id.h"

#include "engine/core/game.h"
#include "engine/core/random.h"
#include "tournaments/match_seating.h"

namespace arena {

namespace {
// Table numbers within a batch stay below this: batch B's table seeds are B*1024+T-1.
constexpr std::uint64_t kTablesPerBatch = 1024;
}  // namespace

std::string TableId::text() const { return std::to_string(batch) + "." + std::to_string(number); }

std::optional<TableId> TableId::parse(const std::string& text) {
  const auto dot = text.find('.');
  if (dot == std::string::npos) return std::nullopt;
  try {
    std::size_t used = 0, used_number = 0;
    const std::int64_t batch = std::stoll(text.substr(0, dot), &used);
    const int number = std::stoi(text.substr(dot + 1), &used_number);
    if (used != dot || used_number != text.size() - dot - 1 || number < 1) return std::nullopt;
    return TableId{batch, number};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::uint64_t TableId::seed(std::uint64_t league_seed) const {
  return derive_seed(league_seed, static_cast<std::uint64_t>(batch) * kTablesPerBatch +
                                      static_cast<std::uint64_t>(number - 1));
}

std::string table_of_game(const std::string& game_id) { return game_id.substr(0, game_id.rfind('.')); }

std::vector<LeagueJob> table_games(const Game& game, const TableId& id, const std::vector<std::string>& seats,
                                   std::uint64_t league_seed) {
  const std::string table = id.text();
  const int n = static_cast<int>(seats.size());
  std::vector<LeagueJob> out;
  for (const GameJob& g : match_seating(game, n, match_set_size(game, n), id.seed(league_seed))) {
    LeagueJob job{table, {}, g.spec, g.seed, table + "." + g.round, g.opening};
    for (int seat : g.seats) job.seats.push_back(seats[static_cast<std::size_t>(seat)]);
    out.push_back(std::move(job));
  }
  return out;
}

std::vector<LiveGames::Earlier> table_set(const Game& game, const LeagueJob& job, std::uint64_t league_seed) {
  std::vector<LiveGames::Earlier> out;
  const std::optional<TableId> id = TableId::parse(job.table);
  if (!id) return out;  // not one of ours: nothing held for it
  for (const LeagueJob& g : table_games(game, *id, job.seats, league_seed))
    out.push_back({g.game_id, g.seed});
  return out;
}

}  // namespace arena
