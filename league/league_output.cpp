#include "league/league_output.h"

namespace arena {

namespace {

constexpr const char* kLegend =
    "a line per game kept: game BATCH.TABLE.GAME, then each seat's bot with its rank in the game (#1 "
    "best, equal ranks a tie) and a fault in brackets";

class ConsoleOutput : public LeagueOutput {
 public:
  ConsoleOutput(std::FILE* out, std::FILE* err, std::string league)
      : out_(out), err_(err), league_(std::move(league)) {}

  void started() override {
    line("league " + league_ + ": " + kLegend);  // flushed before any line on err (a suspension's)
  }
  void kept(const GameRecord& record) override { line(kept_game_line(record)); }  // flushed: a log follows
  void not_kept(const std::string& game_id) override {
    line("game " + game_id + ": not kept: another run took it over when this run's lease ended");
  }
  void took_over(const std::vector<std::string>& game_ids) override {
    std::string text = "took over " + std::to_string(game_ids.size()) + " game(s) whose run's lease ended:";
    for (const std::string& r : game_ids) text += " " + r;
    line(text);
  }
  void not_played(const std::string& game_id, const std::string& why) override {
    line("game " + game_id + ": not played: its table seats a " + why + " bot");
  }
  void waiting(long playing, int needed, bool some_suspended) override {
    line("league " + league_ + ": " + std::to_string(playing) + " bot(s) can play, " +
         std::to_string(needed) + " needed: waiting for arena league add" +
         (some_suspended ? " or resume" : ""));
  }
  void leases_not_renewed(const std::string& why) override {  // on err, as a suspension: even when quiet
    std::fprintf(err_, "league %s: cannot renew this run's leases (tried again): %s\n", league_.c_str(),
                 why.c_str());
  }
  void suspended(const std::string& bot, const std::string& reason) override {
    std::fprintf(err_,
                 "league %s: SUSPENDED %s: %s\n  no new table seats it; once it starts again: arena league "
                 "resume %s %s\n",
                 league_.c_str(), bot.c_str(), reason.c_str(), league_.c_str(), bot.c_str());
  }
  void finished(const LeagueRun& r) override {
    char text[200];
    std::snprintf(text, sizeof text,
                  "%ld games kept in %.1f s; they waited %.3f s for the pairing (%.3f ms a game)", r.played,
                  r.seconds, r.waited, r.played ? r.waited * 1000 / static_cast<double>(r.played) : 0.0);
    line("league " + league_ + ": " + text);
  }

 private:
  void line(const std::string& text) {
    if (!out_) return;
    std::fprintf(out_, "%s\n", text.c_str());
    std::fflush(out_);
  }

  std::FILE* out_;  // null: quiet
  std::FILE* err_;
  std::string league_;
};

}  // namespace

std::unique_ptr<LeagueOutput> console_league_output(std::FILE* out, std::FILE* err, const std::string& league,
                                                    bool quiet) {
  return std::make_unique<ConsoleOutput>(quiet ? nullptr : out, err, league);
}

std::string kept_game_line(const GameRecord& r) {
  std::string line = "game " + r.round + ":";
  for (std::size_t s = 0; s < r.players.size(); ++s)
    line += " " + r.players[s] + (s < r.results.size() ? " #" + std::to_string(r.results[s].rank) : "");
  if (r.fault_seat >= 1 && r.fault_seat <= static_cast<int>(r.players.size()))
    line += " (" + r.players[static_cast<std::size_t>(r.fault_seat - 1)] + ": " +
            (r.termination == Termination::kStartFailure ? "cannot start" : termination_name(r.termination)) +
            ")";
  return line;
}

}  // namespace arena
