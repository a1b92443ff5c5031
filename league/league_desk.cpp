#include "league/league_desk.h"

#include "league/league_summary.h"
#include "records/game_summary.h"
#include "records/pgn.h"

namespace arena {

std::vector<bool> keep_games(LeagueStore& store, const std::string& worker,
                             const std::vector<ClaimEnd>& group) {
  std::vector<FinishedGame> rows;
  for (const ClaimEnd& c : group)
    if (c.record)
      rows.push_back(
          {c.claim,
           {format_pgn(*c.record), game_tallies(*c.record, *c.bots), summary_text(summarize(*c.record))}});
  const std::vector<bool> kept = rows.empty() ? std::vector<bool>{} : store.finish(worker, rows);
  for (const ClaimEnd& c : group)
    if (!c.record) store.release(c.claim, worker);
  return kept;
}

LeagueDesk::LeagueDesk(LeagueStore& store, LeagueBook& book, LeagueOutput& out, std::string worker,
                       double lease)
    : store_(store), book_(book), out_(out), worker_(std::move(worker)), lease_(lease) {}

void LeagueDesk::read_tallies() {
  std::int64_t last_game = 0;
  const std::vector<LeagueTally> tallies = store_.tallies(last_game);
  book_.read_tallies(tallies, last_game);
}

bool LeagueDesk::read_bots() { return book_.read_bots(store_.bots()); }

LeagueDesk::Paired LeagueDesk::pair_wave() {
  Paired paired;
  book_.read_games(store_.games(book_.last_game()));
  take_over(paired);
  if (book_.wants_tables()) claim_tables();
  paired.wave = book_.close_wave();
  if (const auto& w = paired.wave.waiting) out_.waiting(w->playing, w->needed, w->some_suspended);
  return paired;
}

void LeagueDesk::take_over(Paired& paired) {
  const std::vector<LeagueClaim> taken = store_.take_expired(worker_, lease_, book_.takeover_limit());
  if (taken.empty()) return;
  LeagueBook::Takeover t = book_.take_over(taken, store_.claims());
  out_.took_over(t.game_ids);
  for (const auto& [g, why] : t.dropped) {
    store_.drop(g.claim, worker_);
    out_.not_played(g.job.game_id, why);
  }
  paired.held_back = std::move(t.held_back);
}

// The store numbers the batch in the claim's transaction; the book makes its games from it.
void LeagueDesk::claim_tables() {
  const std::vector<std::vector<int>> tables = book_.choose_tables(store_.claims());
  if (tables.empty()) return;
  std::vector<LeagueJob> jobs;
  const std::vector<std::int64_t> claims = store_.claim(worker_, lease_, [&](std::int64_t batch) {
    jobs = book_.table_jobs(tables, batch);
    std::vector<std::string> texts;
    for (const LeagueJob& j : jobs) texts.push_back(encode_job(j));
    return texts;
  });
  book_.claimed(std::move(jobs), claims);
}

void LeagueDesk::suspend_unstartable() {
  for (const auto& [name, reason] : book_.take_suspensions())
    if (store_.suspend_bot(name, reason)) out_.suspended(name, reason);
}

void LeagueDesk::drop_unpairable(const LeagueBook::Withdraw& withdraw) {
  for (const GivenGame& g : book_.drop_unpairable(withdraw)) store_.drop(g.game.claim, worker_);
}

void LeagueDesk::release(const std::vector<GivenGame>& games) {
  for (const GivenGame& g : games) store_.release(g.game.claim, worker_);
}

}  // namespace arena
