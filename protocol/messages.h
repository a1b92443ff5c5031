// The Arena line protocol (docs/protocol.md): the lines a referee sends to a bot and the
// parsing of the lines a bot sends back. Only text lives here; what a line means for a
// game is decided by the referee and the engine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arena::protocol {

inline constexpr int kVersion = 1;

// ---- referee -> bot ----------------------------------------------------------------
std::string hello_line();  // "arena 1"
std::string newgame_line(std::string_view spec, int seat, int players, std::uint64_t seed);
// actor: a seat 1..N, or 0 for chance (written "chance").
std::string event_line(int actor, std::string_view token);
std::string legal_line(const std::vector<std::string>& moves);
// The same lines appended to `out`, each with its '\n': the referee builds a whole
// decision message in one reused buffer, with no temporary string per line.
void append_event_line(std::string& out, int actor, std::string_view token);
void append_obs_line(std::string& out, std::string_view observation_line);
// What starts every observation line ("obs LINE"): State::append_observation_lines writes
// the lines after it straight into the message.
inline constexpr std::string_view kObsLinePrefix = "obs ";
// The "legal" line from the move names already joined by single spaces.
void append_legal_line(std::string& out, std::string_view joined_names);
// Milliseconds; -1 means "no such limit".
std::string go_line(std::int64_t remaining_ms, std::int64_t increment_ms, std::int64_t movetime_ms);
void append_go_line(std::string& out, std::int64_t remaining_ms, std::int64_t increment_ms,
                    std::int64_t movetime_ms);
// One "rank:score" per seat, in seat order, after the reason token (e.g. "normal").
struct SeatOutcome {
  int rank = 0;
  double score = 0;
};
std::string gameover_line(std::string_view reason, const std::vector<SeatOutcome>& outcomes);
std::string quit_line();

// ---- bot -> referee ----------------------------------------------------------------
struct BotMessage {
  enum class Kind {
    kEmpty,      // blank line: ignored
    kName,       // "name <text>"
    kAuthor,     // "author <text>"
    kReady,      // "ready"
    kMove,       // "move <token>"
    kResign,     // "resign": instead of a move, gives the game up
    kInfo,       // "info [text]"
    kMalformed,  // a known keyword with wrong arguments
    kUnknown,    // not a protocol message at all
  };
  Kind kind = Kind::kUnknown;
  std::string text;   // name/author/info text, or the move token
  std::string error;  // for kMalformed / kUnknown: what was wrong
};

BotMessage parse_bot_line(std::string_view line);

// Splits on runs of spaces and tabs.
std::vector<std::string_view> split_tokens(std::string_view line);

}  // namespace arena::protocol
