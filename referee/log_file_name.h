// The file name of a bot's log: readable, short, and unique per bot name. Names are UTF-8
// and may be long; file names are limited (255 bytes) and a folder may be on a file system
// that folds case or rejects some bytes, so only [A-Za-z0-9._-] are kept as they are.
#pragma once

#include <string>

namespace arena {

// `name` itself when it is short and plain; otherwise its plain characters (others become
// '_'), at most 40 bytes, then '-' and 8 hex digits of a hash of the whole name, so two
// names never share a file. Never empty, never starts with '.'.
std::string log_file_stem(const std::string& name);

}  // namespace arena
