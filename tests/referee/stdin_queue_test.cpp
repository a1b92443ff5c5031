// What is on its way to a bot's standard input (process/stdin_queue.h), without a pipe.
#include "process/stdin_queue.h"

#include <catch2/catch.hpp>
#include <set>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace stdin_queue_test {

using arena::StdinQueue;

TEST_CASE("stdin queue: lines queued during a write leave together in the next", "[process]") {
  StdinQueue q;
  q.append_line("newgame 1");
  CHECK(q.queued() == "newgame 1\n");
  CHECK(q.start_write() == "newgame 1\n");
  CHECK(q.writing());
  CHECK_FALSE(q.has_queued());
  q.append("state x\n");
  q.append_line("go");
  CHECK(q.queued() == "state x\ngo\n");
  q.finish_write();
  CHECK_FALSE(q.writing());
  CHECK(q.start_write() == "state x\ngo\n");
  q.finish_write();
  CHECK_FALSE(q.has_queued());
}

TEST_CASE("stdin queue: a direct write that took part leaves the rest queued", "[process]") {
  StdinQueue q;
  q.append("gameover win\nquit\n");
  q.consume(4);  // "game"
  CHECK(q.queued() == "over win\nquit\n");
  q.consume(100);
  CHECK_FALSE(q.has_queued());
}

TEST_CASE("stdin queue: a failed write drops everything, queued and in flight", "[process]") {
  StdinQueue q;
  q.append_line("a");
  q.start_write();
  q.append_line("b");
  q.drop_all();
  CHECK_FALSE(q.writing());
  CHECK_FALSE(q.has_queued());
  q.append_line("c");
  CHECK(q.start_write() == "c\n");
}

TEST_CASE("stdin queue: once warm, writes reuse the same two buffers", "[process]") {
  StdinQueue q;
  const std::string message(3000, 'x');
  std::set<const char*> buffers;
  for (int i = 0; i < 6; ++i) {
    q.append(message);
    const std::string& out = q.start_write();
    CHECK(out.size() == message.size());
    if (i >= 2) CHECK(buffers.count(out.data()) == 1);  // no new allocation
    buffers.insert(out.data());
    q.finish_write();
  }
  CHECK(buffers.size() == 2);
}

}  // namespace stdin_queue_test
