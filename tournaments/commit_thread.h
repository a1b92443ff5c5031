// Makes finished games durable off the event loop. Writing a record and its journal line
// takes two fsyncs, several milliseconds on an ordinary disk; done on the referee's one
// event-loop thread they would stall every game in play, so concurrency would buy
// nothing with fast bots. Here a thread of its own commits through the ResultsStore:
// games still count only once their journal lines are on disk (`on_commit` runs then,
// on this thread, in schedule order), and games that finish while it is syncing are
// committed together as one group (one fsync for all of them).
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "records/record.h"
#include "tournaments/journal.h"
#include "tournaments/results_store.h"

namespace arena {

class CommitThread {
 public:
  using OnCommit = std::function<void(const JournalEntry&)>;
  // `store` and `on_commit` are used by the thread until finish() returns.
  CommitThread(ResultsStore& store, OnCommit on_commit);
  // Joins the thread (commits what was handed in first).
  ~CommitThread();
  CommitThread(const CommitThread&) = delete;
  CommitThread& operator=(const CommitThread&) = delete;

  // Hands in a finished game. Rethrows, on the caller's thread, an error the thread met
  // while committing earlier games (e.g. a full disk), so the caller can stop the run.
  void hand_in(int index, GameRecord record);
  // Commits everything handed in, stops the thread and rethrows its error, if any.
  void finish();

 private:
  void run();

  ResultsStore& store_;
  OnCommit on_commit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<std::pair<int, GameRecord>> inbox_;
  bool closing_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace arena
