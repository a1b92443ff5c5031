// The output folder's durable part: the PGN file and the journal, kept in agreement.
// Finished games are committed strictly in schedule order (later games wait in memory
// for earlier ones), each record appended to the PGN file and made durable before its
// journal line, so that after a crash or kill at any point:
//   journal = games 0..k-1, PGN file = their records, perhaps followed by records of a
//   group not yet journalled (a longer file is cut back
//   to the size the last journal line names), and the run resumes at game k.
#pragma once

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "records/record.h"
#include "tournaments/journal.h"

namespace arena {

JournalEntry journal_entry(const GameRecord& record, int index);

class ResultsStore {
 public:
  // Opens (or creates) `pgn_path` and `journal_path`, repairing them after a crash.
  // Throws a UserError when they disagree beyond repair (e.g. records missing) or cannot be
  // opened.
  ResultsStore(const std::string& pgn_path, const std::string& journal_path);
  ~ResultsStore();
  ResultsStore(const ResultsStore&) = delete;
  ResultsStore& operator=(const ResultsStore&) = delete;

  // Games committed so far; the next game to commit has index == committed().
  int committed() const { return static_cast<int>(journal_.size()); }
  const JournalIndex& journal() const { return journal_.index(); }

  // Hands in a finished game; commits it and every waiting successor that is now next.
  // `on_commit` runs once per committed game, in order.
  void finished(int index, GameRecord record, const std::function<void(const JournalEntry&)>& on_commit);
  // The same in two steps: add() hands games in, commit_ready() commits every game that
  // is now next as one group: their records in one write and one fsync, then their
  // journal lines in one write and one fsync (the order that keeps resume exact).
  void add(int index, GameRecord record);
  void commit_ready(const std::function<void(const JournalEntry&)>& on_commit);
  // Games finished but waiting for an earlier one.
  std::size_t waiting() const { return waiting_.size(); }

 private:
  std::string pgn_path_;
  std::FILE* pgn_ = nullptr;
  std::uint64_t pgn_size_ = 0;
  Journal journal_;
  std::map<int, GameRecord> waiting_;
};

}  // namespace arena
