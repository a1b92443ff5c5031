// One-word spelling of a termination reason, as the protocol's "gameover" line and the
// match summary print it ("time-forfeit"). Records use termination_name() instead.
#pragma once

#include "referee/record.h"

namespace arena {

const char* termination_token(Termination t);

}  // namespace arena
