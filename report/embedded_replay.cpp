// One game's replay as the report embeds it (report/embedded_replay.h).
#include "report/embedded_replay.h"

#include <memory>

#include "engine/core/native_work.h"
#include "engine/core/registry.h"
#include "engine/games.h"
#include "records/json_text.h"
#include "records/pgn.h"
#include "report/page_engine.h"
#include "report/page_replay.h"
#include "report/replay_pack.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// The page's engine holds the built-in games only: a program that registers a game of its own
// (docs/new-game.md) embeds that game's pictures.
bool built_in(const std::string& spec) {
  const std::unique_ptr<Game> game = make_game(spec);
  for (const GameEntry* entry : registered_games())
    if (entry->info.id == game->info().id) return true;
  return false;
}

}  // namespace

EmbeddedReplay embedded_replay(const GameRecord& record, const ReportOptions& options) {
  const unsigned native_work = native_work_count();
  const json::object replay = page_replay(record, options.protocol_lines);
  // The page's engine always writes the protocol lines; it replays what replayed here.
  const bool replays_in_page = options.records_in_page && options.protocol_lines &&
                               !packed_page_engine().empty() && !replay.contains("x") &&
                               replay.contains("q") && native_work_count() == native_work &&
                               built_in(record.spec);
  if (replays_in_page) return {true, pack_replay(format_pgn(record))};
  return {false, pack_replay(json_text(replay))};
}

}  // namespace arena::report
