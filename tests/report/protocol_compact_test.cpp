// The report's compact protocol lines (report/protocol_compact.h): decoded as the page decodes
// them (decision.js, protocolLines and editedLine), every decision's lines come back exactly, for
// random games of every game, and they take much less room than the lines.
#include "report/protocol_compact.h"

#include <boost/json/serialize.hpp>
#include <catch2/catch.hpp>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "referee/seat_transcript.h"
#include "report/replay.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace protocol_compact_test {

using namespace arena;
namespace json = boost::json;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = s.find(sep, start);
    out.push_back(s.substr(start, end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

// The page's decoding (frames.js's expandEvents, decision.js's protocolLines), in C++.
std::vector<std::string> decode(const json::array& decision, const std::vector<std::string>& previous,
                                const std::vector<std::string>& events) {
  std::vector<std::string> lines;
  for (std::size_t i = 1; i < decision.size(); ++i) {
    const json::value& item = decision[i];
    if (item.is_object()) {
      const json::array& run = item.at("e").as_array();
      for (std::int64_t k = 0; k < run[1].as_int64(); ++k)
        lines.push_back(events.at(static_cast<std::size_t>(run[0].as_int64() + k)));
    } else if (item.is_int64()) {
      lines.push_back(previous.at(static_cast<std::size_t>(item.as_int64())));
    } else if (item.is_string()) {
      lines.push_back(std::string(item.as_string()));
    } else {
      const json::array& ops = item.as_array();
      const std::vector<std::string> from =
          split(previous.at(static_cast<std::size_t>(ops[0].as_int64())), ' ');
      std::vector<std::string> out;
      std::size_t at = 0;
      for (std::size_t k = 1; k < ops.size(); ++k) {
        if (ops[k].is_string()) {
          out.push_back(std::string(ops[k].as_string()));
        } else if (ops[k].as_int64() > 0) {
          for (std::int64_t n = 0; n < ops[k].as_int64(); ++n) out.push_back(from.at(at++));
        } else {
          at += static_cast<std::size_t>(-ops[k].as_int64());
        }
      }
      std::string joined;
      for (std::size_t w = 0; w < out.size(); ++w) joined += (w ? " " : "") + out[w];
      lines.push_back(joined);
    }
  }
  return lines;
}

GameRecord random_record(const Game& game, std::uint64_t seed) {
  GameRecord r;
  r.spec = game.spec();
  r.seed = seed;
  r.time_control = "10+0.1";
  Rng rng(seed);
  auto state = game.new_initial_state();
  std::vector<Move> legal;
  while (!state->is_terminal() && static_cast<int>(r.actions.size()) < game.max_game_length()) {
    const bool chance = state->is_chance();
    Move m = -1;
    if (chance) {
      m = sample_chance(*state, rng);
    } else {
      state->legal_moves(legal);
      m = legal[rng.below(legal.size())];
    }
    r.actions.push_back(
        {chance ? kChance : state->current_player(), state->move_to_string(m), chance ? -1 : 1234});
    state->apply(m);
  }
  r.results = state->is_terminal() ? state->results() : std::vector<SeatResult>{};
  return r;
}

}  // namespace

TEST_CASE("compact protocol lines decode to the very lines of every decision, in much less room") {
  for (const GameEntry* entry : all_games()) {
    const std::unique_ptr<Game> game = make_game(entry->info.id);
    INFO(game->spec());
    const GameRecord r = random_record(*game, 42);
    const json::object replay = report::replay_json(r, true);
    std::size_t plain = 0, compact = 0, references = 0;
    for (int seat = 1; seat <= game->num_players(); ++seat) {
      const SeatTranscript t = seat_transcript(*game, r, seat);
      // The event lines the replay's actions predict: most events are written as references.
      const std::vector<std::string> events = report::seat_event_lines(replay, seat);
      std::vector<std::string> previous, decoded_previous;
      for (const TranscriptDecision& d : t.decisions) {
        const std::string text = t.text.substr(d.begin, d.end - d.begin);
        const json::array item = report::compact_decision(d.ply, text, previous, events);
        CHECK(item[0].as_int64() == d.ply);
        for (const json::value& x : item) references += x.is_object() ? 1 : 0;
        const std::vector<std::string> lines = decode(item, decoded_previous, events);
        std::string joined;
        for (const std::string& l : lines) joined += l + "\n";
        REQUIRE(joined == text);
        decoded_previous = lines;
        plain += text.size();
        compact += json::serialize(item).size();
      }
    }
    CHECK(compact * 3 < plain * 2);
    CHECK(references > 0);
  }
}

}  // namespace protocol_compact_test
