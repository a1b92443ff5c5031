// One game's replay as the report embeds it (report/embedded_replay.h).
#include "report/embedded_replay.h"

#include <memory>

#include "engine/core/native_work.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "engine/games.h"
#include "records/json_text.h"
#include "records/pgn.h"
#include "report/page_engine.h"
#include "report/page_replay.h"
#include "report/replay.h"
#include "report/replay_pack.h"

namespace arena::report {

namespace {

// The page's engine holds the built-in games only: a program that registers a game of its own
// (docs/new-game.md) embeds that game's pictures.
bool built_in(const std::string& spec) {
  const std::unique_ptr<Game> game = make_game(spec);
  for (const GameEntry* entry : registered_games())
    if (entry->info.id == game->info().id) return true;
  return false;
}

// What the page's engine needs to replay a record as page_replay does here, checked without
// building the replay (a card game's pictures cost ten times its plain replay): the game replays
// to its end, each seat's lines can be rebuilt, and neither needed work the engine lacks.
bool replays_in_page(const GameRecord& record, const ReportOptions& options) {
  if (!options.records_in_page || !options.protocol_lines || packed_page_engine().empty()) return false;
  const unsigned native_work = native_work_count();
  if (!replay_problem(record).empty()) return false;
  try {
    options.protocol_lines(record);
  } catch (const UserError&) {
    return false;
  }
  return native_work_count() == native_work && built_in(record.spec);
}

}  // namespace

EmbeddedReplay embedded_replay(const GameRecord& record, const ReportOptions& options) {
  if (replays_in_page(record, options)) return {true, pack_replay(format_pgn(record))};
  return {false, pack_replay(json_text(page_replay(record, options.protocol_lines)))};
}

}  // namespace arena::report
