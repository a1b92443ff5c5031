// Writing a GameRecord as PGN text (docs/records.md, "Format").
#include <algorithm>
#include <cstddef>

#include "records/bot_lines.h"
#include "records/pgn.h"
#include "records/pgn_text.h"

namespace arena {

using namespace pgn_detail;

namespace {

constexpr size_t kMaxLine = 79;  // PGN export format keeps lines under 80 characters

// The actions (and the bots' lines), wrapped, then the result token.
void append_movetext(const GameRecord& r, std::string& out) {
  size_t line_len = 0;
  auto word = [&](const std::string& w) {
    if (line_len > 0 && line_len + 1 + w.size() > kMaxLine) {
      out += '\n';
      line_len = 0;
    } else if (line_len > 0) {
      out += ' ';
      ++line_len;
    }
    out += w;
    line_len += w.size();
  };
  // The bots' lines of a decision go before its action, each comment on lines of its own.
  size_t next_line = 0;
  auto bot_lines_before = [&](size_t ply) {
    for (; next_line < r.bot_lines.size() && static_cast<size_t>(r.bot_lines[next_line].ply) <= ply;
         ++next_line) {
      if (line_len > 0) out += '\n';
      line_len = 0;
      const int last = static_cast<int>(r.actions.size()) + 1;  // a hand-made record may say more
      append_bot_line_comment(r.bot_lines[next_line], std::clamp(r.bot_lines[next_line].ply, 1, last), out);
    }
  };
  for (size_t i = 0; i < r.actions.size(); ++i) {
    bot_lines_before(i + 1);
    const RecordedAction& a = r.actions[i];
    std::string w = "{";
    w += std::to_string(i + 1);
    w += ". ";
    if (a.actor == kChance) {
      w += "chance";
    } else {
      w += 's';
      w += std::to_string(a.actor);
    }
    w += ' ';
    w += encode_token(a.text);
    if (a.micros >= 0) w += ' ' + format_seconds(a.micros);
    w += '}';
    word(w);
  }
  bot_lines_before(r.actions.size() + 1);
  // Lines of plies past the decision that ended the game (a record made by hand) go last too.
  bot_lines_before(static_cast<size_t>(-1));
  word(result_token(r));
}

}  // namespace

std::string format_pgn(const GameRecord& r) {
  std::string out;
  auto tag = [&](std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_tag(value);
    out += "\"]\n";
  };
  auto or_unknown = [](const std::string& s, const char* unknown) -> std::string_view {
    return s.empty() ? std::string_view(unknown) : std::string_view(s);
  };
  const std::string result = result_token(r);
  const bool two_seats = r.players.size() == 2;

  // The Seven Tag Roster first (White/Black only where they mean something).
  tag("Event", or_unknown(r.event, "?"));
  tag("Site", or_unknown(r.site, "?"));
  tag("Date", or_unknown(r.date, "????.??.??"));
  tag("Round", or_unknown(r.round, "?"));
  if (two_seats) {
    tag("White", r.players[0]);
    tag("Black", r.players[1]);
  }
  tag("Result", result);
  tag("Game", r.spec);
  for (size_t i = 0; i < r.players.size(); ++i) tag("Seat" + std::to_string(i + 1), r.players[i]);
  tag("Seed", std::to_string(r.seed));
  tag("TimeControl", or_unknown(r.time_control, "?"));
  if (!r.results.empty()) {
    std::string ranks, scores, teams;
    for (size_t i = 0; i < r.results.size(); ++i) {
      // Appended piece by piece: g++ 12 -O3 warns falsely (-Wrestrict) on sep + std::string.
      const char* sep = i ? " " : "";
      ranks += sep;
      ranks += std::to_string(r.results[i].rank);
      scores += sep;
      scores += format_number(r.results[i].score);
      teams += sep;
      teams += std::to_string(r.results[i].team);
    }
    tag("Ranks", ranks);
    tag("Scores", scores);
    if (!default_teams(r)) tag("Teams", teams);
  }
  tag("Termination", termination_name(r.termination));
  if (r.fault_seat != 0) tag("FaultSeat", std::to_string(r.fault_seat));
  if (!r.termination_detail.empty()) tag("TerminationDetail", r.termination_detail);
  if (!r.referee_version.empty()) tag("RefereeVersion", r.referee_version);
  if (r.opening_plies > 0) tag("OpeningPlies", std::to_string(r.opening_plies));
  if (r.bot_lines_cut > 0) tag("BotLinesCut", bot_lines_cut_tag(r));
  for (const auto& [name, value] : r.extra_tags) tag(name, value);
  out += '\n';

  // Movetext: one comment per action, so chess tools skip them and see a game of zero
  // moves with a result (docs/records.md explains the choice).
  append_movetext(r, out);
  out += "\n\n";
  return out;
}

}  // namespace arena
