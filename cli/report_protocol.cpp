#include "cli/report_protocol.h"

#include "engine/core/registry.h"
#include "referee/seat_transcript.h"

namespace arena::cli {

report::ProtocolLines referee_protocol_lines() {
  return [](const GameRecord& record) {
    const std::unique_ptr<Game> game = make_game(record.spec);
    std::vector<report::SeatDecisionLines> seats;
    for (int s = 1; s <= game->num_players(); ++s) {
      const SeatTranscript t = seat_transcript(*game, record, s);
      report::SeatDecisionLines lines;
      for (const TranscriptDecision& d : t.decisions)
        lines.emplace_back(d.ply, t.text.substr(d.begin, d.end - d.begin));
      seats.push_back(std::move(lines));
    }
    return seats;
  };
}

}  // namespace arena::cli
