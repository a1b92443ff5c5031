// The warnings a run prints before its first game (cli/commands.h).
#include <iostream>

#include "cli/commands.h"
#include "tournaments/runner_setup.h"

namespace arena::cli {

void warn_if_oversubscribed(int concurrency) {
  if (const std::string w = oversubscription_warning(concurrency, usable_cores()); !w.empty())
    std::cerr << "arena: warning: " << w << "\n";
}

}  // namespace arena::cli
