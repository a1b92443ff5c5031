#include "engine/core/native_work.h"

namespace arena {

namespace {
// Per thread: a report may replay games on several threads, each asking about its own.
thread_local unsigned native_work = 0;
}  // namespace

void count_native_work() { ++native_work; }

unsigned native_work_count() { return native_work; }

}  // namespace arena
