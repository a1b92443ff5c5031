#include "referee/decision_lines.h"

#include "engine/core/registry.h"
#include "referee/seat_transcript.h"

namespace arena {

std::vector<std::vector<std::pair<int, std::string>>> seat_decision_lines(const GameRecord& record) {
  const std::unique_ptr<Game> game = make_game(record.spec);
  std::vector<std::vector<std::pair<int, std::string>>> seats;
  for (int s = 1; s <= game->num_players(); ++s) {
    const SeatTranscript t = seat_transcript(*game, record, s);
    std::vector<std::pair<int, std::string>> lines;
    for (const TranscriptDecision& d : t.decisions)
      lines.emplace_back(d.ply, t.text.substr(d.begin, d.end - d.begin));
    seats.push_back(std::move(lines));
  }
  return seats;
}

}  // namespace arena
