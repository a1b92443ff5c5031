// libFuzzer target: the record reader (docs/records.md), from PGN text to verified games:
// the path `arena verify`, ratings and tournament resume take through files that may have
// been edited, truncated or corrupted. Input: any text. Checked: parse_pgn returns (no
// crash, no hang), gives one location per game with one line per action, and every game
// it reads writes back to a record that reads again to the same text (so nothing the
// reader accepts is lost or mangled by a rewrite); verify_pgn counts every game once.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "records/pgn.h"
#include "records/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arena;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  std::vector<PgnError> errors;
  std::vector<PgnLocation> locations;
  const std::vector<GameRecord> games = parse_pgn(text, errors, locations);
  if (locations.size() != games.size()) __builtin_trap();
  for (std::size_t g = 0; g < games.size(); ++g)
    if (locations[g].action_lines.size() != games[g].actions.size()) __builtin_trap();
  for (const PgnError& e : errors)
    if (e.message.empty() || e.line < 1 || e.game < 1) __builtin_trap();

  for (const GameRecord& r : games) {
    const std::string once = format_pgn(r);
    std::vector<PgnError> again_errors;
    const std::vector<GameRecord> again = parse_pgn(once, again_errors);
    if (again.size() != 1 || !again_errors.empty()) __builtin_trap();
    if (format_pgn(again[0]) != once) __builtin_trap();
  }

  // The full `arena verify` path: replaying with the rules engine. Long records are
  // skipped to keep each run short; short ones still reach every game's replay code.
  if (size <= 16384) {
    const VerifyReport report = verify_pgn(text, registry_game_factory());
    if (report.games != static_cast<int>(games.size() + errors.size())) __builtin_trap();
    if (report.passed + static_cast<int>(report.failures.size()) != report.games) __builtin_trap();
    for (const VerifyFailure& f : report.failures)
      if (f.message.empty()) __builtin_trap();
  }
  return 0;
}
