#include "tournaments/results_store.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "engine/core/user_error.h"
#include "records/pgn.h"
#include "records/repro_command.h"
#include "records/timing_tags.h"

namespace arena {

JournalEntry journal_entry(const GameRecord& r, int index) {
  JournalEntry e;
  e.index = index;
  e.round = r.round;
  e.seed = r.seed;
  e.players = r.players;
  for (const auto& s : r.results) {
    e.ranks.push_back(s.rank);
    e.scores.push_back(s.score);
    e.teams.push_back(s.team);
  }
  e.termination = termination_name(r.termination);
  e.fault_seat = r.fault_seat;
  e.fault_ply = faulting_ply(r);
  e.pressure = forfeit_pressure(r);
  return e;
}

ResultsStore::ResultsStore(const std::string& pgn_path, const std::string& journal_path)
    : pgn_path_(pgn_path), journal_(journal_path) {
  std::uint64_t expected = journal_.size() == 0 ? 0 : journal_.index().pgn_end(journal_.size() - 1);
  struct stat st {};
  std::uint64_t actual = ::stat(pgn_path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
  if (actual < expected)
    throw UserError(pgn_path + " has " + std::to_string(actual) + " bytes but the journal says " +
                    std::to_string(expected) + ": records were lost; the folder cannot be resumed");
  // A record written after the last journal line does not count yet: it is played again.
  if (actual > expected && ::truncate(pgn_path.c_str(), static_cast<off_t>(expected)) != 0)
    throw UserError("cannot repair " + pgn_path + ": " + std::strerror(errno));
  pgn_ = std::fopen(pgn_path.c_str(), "ab");
  if (!pgn_) throw UserError("cannot open " + pgn_path + ": " + std::strerror(errno));
  pgn_size_ = expected;
}

ResultsStore::~ResultsStore() {
  if (pgn_) std::fclose(pgn_);
}

void ResultsStore::finished(int index, GameRecord record,
                            const std::function<void(const JournalEntry&)>& on_commit) {
  add(index, std::move(record));
  commit_ready(on_commit);
}

void ResultsStore::add(int index, GameRecord record) {
  if (index < committed() || waiting_.count(index))
    throw std::logic_error("game " + std::to_string(index) + " finished twice");
  waiting_.emplace(index, std::move(record));
}

void ResultsStore::commit_ready(const std::function<void(const JournalEntry&)>& on_commit) {
  std::string text;
  std::vector<JournalEntry> group;
  int next = committed();
  std::uint64_t size = pgn_size_;
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == next;
       it = waiting_.erase(it), ++next) {
    const std::string record = format_pgn(it->second);
    text += record;
    size += record.size();
    JournalEntry e = journal_entry(it->second, it->first);
    e.pgn_end = size;
    group.push_back(std::move(e));
  }
  if (group.empty()) return;
  // Records first, then the journal lines that make them count: a crash in between
  // leaves records the next run cuts off and plays again.
  write_durably(pgn_, text, pgn_path_);
  pgn_size_ = size;
  journal_.append(group);
  for (const auto& e : group) on_commit(e);
}

}  // namespace arena
