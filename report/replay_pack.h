// How the report page holds a replay (docs/report.md, "Size"): its JSON text deflated (zlib's
// format) and written in base64, so a card game's thousands of plies fit in tens of kilobytes.
// The page inflates one game's replay when it is opened (inflateReplay in report/page/frames.js).
#pragma once

#include <string>

namespace arena::report {

// Base64 of `text` deflated at zlib's best compression.
std::string pack_replay(const std::string& text);

// The text back from pack_replay's output (for tests: the page does the same). Throws
// UserError when `packed` is not such a text.
std::string unpack_replay(const std::string& packed);

}  // namespace arena::report
