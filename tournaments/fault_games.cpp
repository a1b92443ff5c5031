#include "tournaments/fault_games.h"

#include "records/repro_command.h"
#include "records/termination.h"
#include "records/timing_tags.h"

namespace arena {

namespace {

std::string command_of(const std::string& bot, const std::vector<std::string>& bots,
                       const std::vector<std::string>& commands) {
  for (std::size_t i = 0; i < bots.size() && i < commands.size(); ++i)
    if (bots[i] == bot) return commands[i];
  return "";
}

bool reproducible(const std::string& termination_text, int fault_seat) {
  const auto why = termination_from_name(termination_text);
  return fault_seat > 0 && why && reproducible_fault(*why);
}

}  // namespace

std::vector<std::string> bot_command_lines(const TournamentConfig& c) {
  std::vector<std::string> commands;
  for (const auto& b : c.bots) {
    std::string line;
    for (const std::string& word : bot_argv(b)) line += (line.empty() ? "" : " ") + shell_quoted(word);
    commands.push_back(line);
  }
  return commands;
}

std::string fault_games_text(const JournalIndex& journal, const std::string& pgn,
                             const std::vector<std::string>& bots, const std::vector<std::string>& commands,
                             std::size_t limit) {
  std::string out;
  std::size_t listed = 0, more = 0;
  for (std::size_t i = 0; i < journal.size(); ++i) {
    const JournalOutcome& o = journal.outcome(i);
    const auto players = journal.players(i);
    if (!reproducible(o.termination, o.fault_seat) || o.fault_seat > static_cast<int>(players.size()))
      continue;
    if (listed == limit) {
      ++more;
      continue;
    }
    ++listed;
    const std::string& bot = journal.name(players[static_cast<std::size_t>(o.fault_seat - 1)]);
    const std::string round(journal.round(i));
    out += round + " " + bot + " " + o.termination +
           (o.pressure >= 0 ? " (" + pressure_flag_text(o.pressure) + ")" : "") + ": " +
           repro_command(pgn, round, o.fault_seat, -1, command_of(bot, bots, commands)) + "\n";
  }
  if (more > 0) out += "... and " + std::to_string(more) + " more game(s) with a fault\n";
  return out.empty() ? "" : "\nRerun a faulting bot on exactly what it was sent (arena repro):\n" + out;
}

std::string fault_repro_line(const JournalEntry& e, const std::string& pgn,
                             const std::vector<std::string>& bots, const std::vector<std::string>& commands) {
  if (!reproducible(e.termination, e.fault_seat) || e.fault_seat > static_cast<int>(e.players.size()))
    return "";
  const std::string& bot = e.players[static_cast<std::size_t>(e.fault_seat - 1)];
  return repro_command(pgn, e.round, e.fault_seat, e.fault_ply, command_of(bot, bots, commands));
}

}  // namespace arena
