// How the report page holds a replay (docs/report.md, "Size"): its JSON text compressed with
// LZMA (liblzma's .lzma format) and written in base 85, so a card game's thousands of plies fit
// in tens of kilobytes. The page decodes one game's replay when it is opened (unpackReplay in
// report/page/frames.js).
#pragma once

#include <string>

namespace arena::report {

// `text` compressed (LZMA, the "alone" format: its header and an end marker) and written in
// base 85: RFC 1924's alphabet with '.' for '<', so no '<' can start a tag inside the page's
// <script> element (Python: lzma.decompress(base64.b85decode(s.replace(".", "<")))).
std::string pack_replay(const std::string& text);

// The text back from pack_replay's output (for tests: the page does the same). Throws
// UserError when `packed` is not such a text.
std::string unpack_replay(const std::string& packed);

}  // namespace arena::report
