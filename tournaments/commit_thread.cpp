#include "tournaments/commit_thread.h"

namespace arena {

CommitThread::CommitThread(ResultsStore& store, OnCommit on_commit)
    : store_(store),
      on_commit_(std::move(on_commit)),
      games_([this](std::vector<std::pair<int, GameRecord>>& group) {
        for (auto& [index, record] : group) store_.add(index, std::move(record));
        store_.commit_ready(on_commit_);
      }) {}

void CommitThread::hand_in(int index, GameRecord record) {
  games_.rethrow_error();
  games_.hand_in({index, std::move(record)});
}

}  // namespace arena
