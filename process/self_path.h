// Where the running arena binary is: the sample bots are built and installed beside it.
#pragma once

#include <string>

namespace arena {

// The absolute path of the running executable (/proc/self/exe); a UserError if unreadable.
std::string self_executable();

}  // namespace arena
