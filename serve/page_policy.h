// The Content-Security-Policy header of every answer of `arena serve`, the event stream and
// the refusals included: nothing from anywhere but this server, and no script but the page's
// own, allowed by their SHA-256 hashes (serve/script_hash.h): the live page's and those of a
// report.html written by the same build. No 'unsafe-inline' for scripts: a script element that
// anything else put into a page (a bot's name escaped wrongly, a file in the folder) never runs.
#pragma once

#include <string>

namespace arena::serve {

const std::string& content_policy();

}  // namespace arena::serve
