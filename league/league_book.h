// The decisions of one `arena league run` (league/league_run.cpp), as plain single-threaded
// code that knows no store and no runner: the run reads the store and hands what it read in,
// asks what to do, and does it. Tested without a process (tests/league/league_book_test.cpp).
//
// Words, each with one meaning here:
//   - table "B.T" and a game's id "B.T.G", its record's Round tag (league/table_id.h); a
//     table's games are a set of seat arrangements, played whole once begun;
//   - a wave: the games given to the runner at once (games taken over, new tables, games
//     carried from the last runner). Wave w+1 is paired once every game of the waves before w
//     is resolved (kept, dropped or given back), from exactly those games: a game of wave w
//     that ended early waits for the next pairing, so a run alone at -j 1 plays the same
//     games on every machine, however loaded;
//   - the lineup: the bots a runner was started with (it knows them by index); a bot added
//     since needs the next runner;
//   - open claims: games this run has claimed and not yet resolved; played: games it kept;
//   - held back: finished games `arena serve` does not show until their set is whole.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "league/claims.h"
#include "league/league_summary.h"
#include "league/matchmaking.h"
#include "ratings/sprt.h"
#include "records/record.h"
#include "store/league_store.h"
#include "tournaments/live_games.h"

namespace arena {

class Game;

// A game of this run: claimed, and given to the runner (or about to be).
struct OwnGame {
  LeagueJob job;
  std::int64_t claim = 0;
  int wave = 0;  // the wave that gave it to the runner
};

// A game given to the runner, by the runner's index for it.
struct GivenGame {
  std::size_t index = 0;
  OwnGame game;
};

struct LeagueBookSettings {
  std::uint64_t seed = 0;          // the league's
  int concurrency = 1;             // games at once
  long games = 0;                  // games this run keeps at most (--games); 0: no limit
  int min_games = 100;             // a new bot's floor of games (league/matchmaking.h)
  std::optional<SprtParams> sprt;  // versions against their parents; none: not tested
  std::string where;               // the store, in messages
};

class LeagueBook {
 public:
  LeagueBook(const Game& game, LeagueBookSettings settings);

  // ---- The league so far, as the matchmaking sees it ----
  // Its tallies when the run starts, covering the games up to `last_game`.
  void read_tallies(const std::vector<LeagueTally>& tallies, std::int64_t last_game);
  // The last game read: the store's games after it are new.
  std::int64_t last_game() const { return last_game_; }
  // Games finished by any run since the last look. Those of the latest wave's tables wait
  // for the next pairing (see the top).
  void read_games(const std::vector<LeagueGame>& fresh);

  // ---- Bots ----
  // The league's bots as the store has them now; false when one was added since the
  // lineup: the runner must end, and the next one know it.
  bool read_bots(std::vector<LeagueBot> bots);
  // A new runner's bots, now the lineup (its index of each is its place in them).
  std::shared_ptr<const std::vector<LeagueBot>> start_lineup(std::vector<LeagueBot> bots);
  std::shared_ptr<const std::vector<LeagueBot>> lineup() const { return lineup_; }
  // The lineup index of every seat of `job`.
  std::vector<int> seat_indices(const LeagueJob& job) const;

  // ---- What this run may still play ----
  bool quota_met() const { return settings_.games > 0 && played_ >= settings_.games; }
  // Games this run may still claim (--games, less those played and those claimed), at most
  // `most`.
  int games_left(int most = std::numeric_limits<int>::max()) const;
  long played() const { return played_; }
  long open_claims() const { return open_claims_; }

  // ---- The next wave ----
  // Whether every game of the waves before the latest is resolved: the next may be paired.
  bool may_pair() const;
  // Whether every game of those waves has ended (some only wait for their commit).
  bool older_waves_ended() const;
  // Step 1, the games whose lease ran out: how many to take over, then what the run took
  // (`in_play`: every claim in the store, read after). Dropped: games of a table that seats
  // a retired or suspended bot and of which no game was kept (why: "retired", "suspended");
  // the run ends their claims. Held back: the games of their tables kept before, which
  // `arena serve` holds back until the set is whole (tournaments/live_games.h).
  // The games taken over that are not dropped join the wave.
  struct Takeover {
    std::vector<std::string> game_ids;  // every game taken over
    std::vector<std::pair<OwnGame, std::string>> dropped;
    std::vector<LiveGames::Earlier> held_back;
  };
  int takeover_limit() const;
  Takeover take_over(const std::vector<LeagueClaim>& taken, const std::vector<LeagueClaim>& in_play);
  // Step 2, new tables: whether the wave has room for some; then which (`in_play`: every
  // claim in the store), their games once the store gave their batch number (no game past
  // --games), and the claims the store made for them.
  bool wants_tables() const;
  std::vector<std::vector<int>> choose_tables(const std::vector<LeagueClaim>& in_play);
  std::vector<LeagueJob> table_jobs(const std::vector<std::vector<int>>& tables, std::int64_t batch) const;
  void claimed(std::vector<LeagueJob> jobs, const std::vector<std::int64_t>& claims);
  // Step 3: the wave to give (empty: nothing to play now), or, when a game seats a bot the
  // lineup lacks, none: its games wait for the next runner (`new_lineup`).
  struct Wave {
    std::vector<OwnGame> games;
    bool new_lineup = false;
    // Too few bots can play, said once until a wave is given again: how many can, and
    // whether some are suspended (a resume helps too).
    struct Waiting {
      long playing = 0;
      int needed = 2;
      bool some_suspended = false;
    };
    std::optional<Waiting> waiting;
  };
  Wave close_wave();
  // A game of the wave given to the runner under `index`.
  void given(std::size_t index, OwnGame game);

  // ---- Games ending ----
  // The runner ended game `index`: its claim to keep (once committed, committed() says how it
  // went) or to give back (aborted: played again, by this run or another); none if it is not
  // this run's. A bot that could not start is marked for suspension.
  struct Ending {
    std::int64_t claim = 0;
    bool keep = false;
  };
  std::optional<Ending> ended(std::size_t index, const GameRecord& record);
  // Game `game_id`'s group was committed: `kept` false when another run had taken it over.
  void committed(const std::string& game_id, bool kept);

  // ---- Suspensions ----
  bool suspensions_due() const { return !unstartable_.empty(); }
  // The bots found unable to start since the last call, and why (the table's words).
  std::map<std::string, std::string> take_suspensions() { return std::exchange(unstartable_, {}); }

  // ---- Taking games back from the runner ----
  // Asks the runner to give back tables not started yet, whole: true if it did.
  using Withdraw = std::function<bool(const std::vector<std::size_t>& indices)>;
  // Tables paired before one of their bots retired or was suspended, not started: not
  // played; the run ends their claims (once started, a set is played whole).
  std::vector<GivenGame> drop_unpairable(const Withdraw& withdraw);
  // The runner ends: its games not started go to the next runner, or, when the run is
  // `done`, back to the store for any run to play (returned: the run releases them).
  std::vector<GivenGame> runner_ending(const Withdraw& withdraw, bool done);
  // After the runner returned: what it never started, to release.
  std::vector<GivenGame> leftovers();

 private:
  int wave_tables() const;
  int set_size() const;
  // The bots no new table seats, and why: "retired" or "suspended".
  std::map<std::string, std::string> unpairable_bots() const;
  std::vector<std::vector<int>> version_tables() const;
  std::vector<GivenGame> take_back(const std::function<bool(const LeagueJob&)>& keep,
                                   const Withdraw& withdraw);
  void resolved(const std::string& game_id);
  void forget_wave(const std::string& game_id);

  const Game& game_;
  LeagueBookSettings settings_;
  LeagueSummary summary_;             // every game of the league this run has read, as sums
  LeagueMatchmaker matchmaker_;       // fed each of them once
  std::int64_t last_game_ = 0;        // the last one's id
  std::vector<GameRecord> deferred_;  // games of the latest wave's tables, read before the next pairing
  std::vector<LeagueBot> bots_;       // the league's bots as last read
  std::shared_ptr<const std::vector<LeagueBot>> lineup_ = std::make_shared<std::vector<LeagueBot>>();
  std::map<std::string, int> lineup_index_;
  std::unordered_map<std::size_t, OwnGame> own_;            // given to the runner, not ended, by index
  std::map<std::string, std::vector<std::size_t>> tables_;  // their indices by table
  std::vector<OwnGame> pending_;                            // the wave being paired
  std::vector<OwnGame> carried_;                            // taken back from the last runner, for the next
  int wave_ = 0;                                            // the latest wave given
  std::map<int, int> unresolved_;                           // per wave, its games not yet resolved
  std::unordered_map<std::string, int> wave_of_;            // their waves by game id
  std::set<std::string> latest_tables_;                     // the latest wave's tables
  std::map<std::string, std::string> unstartable_;          // bots that could not start, to suspend
  long played_ = 0;
  long open_claims_ = 0;
  bool waiting_ = false;  // the last wave was empty
};

}  // namespace arena
