// One rerun of a bot on the lines a seat was sent in a recorded game (seat_transcript.h), as
// `arena repro` does it: the bot is started and greeted by a BotSession (the referee's own
// handshake), then fed the lines decision by decision, each chunk once the bot answered the
// one before, exactly as a game would, up to the chosen decision.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "referee/run_options.h"
#include "referee/seat_transcript.h"

namespace arena {

struct ReproAnswer {
  std::string line;               // the answer as the bot wrote it ("move e4"), "" if none came
  std::int64_t micros = 0;        // from sending the request to the answer
  std::vector<std::string> info;  // its info lines before the answer (text after "info ")
};

struct ReproRun {
  std::string start_error;           // the bot did not start: why (the referee's words)
  std::vector<ReproAnswer> answers;  // one per decision fed, in order
  std::string failure;               // the last decision got no answer: why (a timeout, ...)
  bool timed_out = false;            // that is, within the timeout (else the bot ended)
  std::string stderr_tail;           // the last lines of its standard error
};

// Feeds `transcript`'s decisions [0, last] to a fresh process of `bot`; `timeout` bounds the
// wait for each answer.
ReproRun rerun_bot(const BotSpec& bot, const RunnerOptions& options, const SeatTranscript& transcript,
                   std::size_t last, std::chrono::milliseconds timeout);

}  // namespace arena
